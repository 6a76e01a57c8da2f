/** The notifications resource: list, read-only detail and create, each its own lazily loaded chunk. */
import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazyView } from '../../common/lazyView';

export default {
  list: lazyView(() => import('./NotificationList'), 'NotificationList'),
  show: lazyView(() => import('./NotificationShow'), 'NotificationShow'),
  create: lazyView(() => import('./NotificationCreate'), 'NotificationCreate'),
  icon: NotificationsIcon,
  recordRepresentation: 'title',
};
