/**
 * The slides resource: one page at /slides, the list with its modal create, delete
 * and carousel order; loaded lazily like the other resources' views.
 */
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { lazyView } from '../../common/lazyView';

export default {
  list: lazyView(() => import('./SlideList'), 'SlideList'),
  icon: ViewCarouselIcon,
  recordRepresentation: 'image',
};
