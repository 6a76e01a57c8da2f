/**
 * The videos resource (declared in src/domain/entities/videos.ts): its list, detail, edit and add
 * screens. Each view is its own lazily loaded chunk, so opening the list downloads no form code.
 */
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { lazyView } from '../../common/lazyView';

export default {
  list: lazyView(() => import('./VideoList'), 'VideoList'),
  show: lazyView(() => import('./VideoShow'), 'VideoShow'),
  edit: lazyView(() => import('./VideoEdit'), 'VideoEdit'),
  create: lazyView(() => import('./VideoCreate'), 'VideoCreate'),
  icon: VideoLibraryIcon,
  recordRepresentation: 'title',
};
