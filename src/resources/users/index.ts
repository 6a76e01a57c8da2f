import PeopleIcon from '@mui/icons-material/People';
import { lazyView } from '../../common/lazyView';

const views = () => import('./views');

export default {
  list: lazyView(views, 'UserList'),
  show: lazyView(views, 'UserShow'),
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
