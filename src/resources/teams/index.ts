import GroupsIcon from '@mui/icons-material/Groups';
import { lazyView } from '../../common/lazyView';

const views = () => import('./views');

export default {
  list: lazyView(views, 'TeamList'),
  show: lazyView(views, 'TeamShow'),
  edit: lazyView(views, 'TeamEdit'),
  create: lazyView(views, 'TeamCreate'),
  icon: GroupsIcon,
  recordRepresentation: 'name',
};
