/** The app's users (src/domain/entities/users.ts): the generic list and read-only detail with a user's own parts. */
import PeopleIcon from '@mui/icons-material/People';
import { lazyView } from '../../common/lazyView';
import { users } from '../../domain/entities';
import { entityModule } from '../module';

export default entityModule(users, {
  icon: PeopleIcon,
  views: { list: lazyView(() => import('./UserViews'), 'UserList'), show: lazyView(() => import('./UserViews'), 'UserShow') },
});
