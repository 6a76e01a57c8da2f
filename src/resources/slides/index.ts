/**
 * The slides resource (declared in src/domain/entities/slides.ts): one page at /slides, the list
 * with its modal create, delete and carousel order; loaded lazily like the other resources' views.
 */
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { lazyView } from '../../common/lazyView';
import { slides } from '../../domain/entities';
import { entityModule } from '../module';

export default entityModule(slides, {
  icon: ViewCarouselIcon,
  // A slide is added in a dialog over the list: no add page.
  views: { list: lazyView(() => import('./SlideList'), 'SlideList'), create: false },
  recordRepresentation: 'image',
});
