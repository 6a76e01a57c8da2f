import NewspaperIcon from '@mui/icons-material/Newspaper';
import { lazyView } from '../../common/lazyView';

const views = () => import('./views');

export default {
  list: lazyView(views, 'NewsList'),
  show: lazyView(views, 'NewsShow'),
  edit: lazyView(views, 'NewsEdit'),
  create: lazyView(views, 'NewsCreate'),
  icon: NewspaperIcon,
  recordRepresentation: 'title',
};
