/** The app's users (src/domain/entities/users.ts): the generic list and read-only detail with a user's own parts. */
import PeopleIcon from '@mui/icons-material/People';
import { declaredViews } from '../../common/declared/views';
import { lazyView } from '../../common/lazyView';
import { users } from '../../domain/entities';

export default {
  ...declaredViews(users, { list: lazyView(() => import('./UserViews'), 'UserList'), show: lazyView(() => import('./UserViews'), 'UserShow') }),
  icon: PeopleIcon,
};
