/** The app's users: a list and a read-only detail page, each its own lazily loaded chunk. */
import PeopleIcon from '@mui/icons-material/People';
import { lazyView } from '../../common/lazyView';

export default {
  list: lazyView(() => import('./UserList'), 'UserList'),
  show: lazyView(() => import('./UserShow'), 'UserShow'),
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
