/**
 * The videos resource (declared in src/domain/entities/videos.ts): the declared screens with the
 * video's own parts. Each view is its own lazily loaded chunk, so opening the list downloads no form code.
 */
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { lazyView } from '../../common/lazyView';
import { videos } from '../../domain/entities';
import { entityModule } from '../module';

export default entityModule(videos, {
  icon: VideoLibraryIcon,
  views: {
    list: lazyView(() => import('./VideoList'), 'VideoList'),
    show: lazyView(() => import('./VideoShow'), 'VideoShow'),
    create: lazyView(() => import('./VideoForm'), 'VideoCreate'),
    edit: lazyView(() => import('./VideoForm'), 'VideoEdit'),
  },
});
