/**
 * The news resource (declared in src/domain/entities/news.ts): its list, detail, edit and add
 * screens. Each view is its own lazily loaded chunk; only the form pages download the rich-text editor.
 */
import NewspaperIcon from '@mui/icons-material/Newspaper';
import { lazyView } from '../../common/lazyView';

export default {
  list: lazyView(() => import('./NewsList'), 'NewsList'),
  show: lazyView(() => import('./NewsShow'), 'NewsShow'),
  edit: lazyView(() => import('./NewsEdit'), 'NewsEdit'),
  create: lazyView(() => import('./NewsCreate'), 'NewsCreate'),
  icon: NewspaperIcon,
  recordRepresentation: 'title',
};
