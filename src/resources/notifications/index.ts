/**
 * The notifications resource (declared in src/domain/entities/notifications.ts): list, read-only
 * detail and create, each its own lazily loaded chunk.
 */
import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazyView } from '../../common/lazyView';
import { notifications } from '../../domain/entities';
import { entityModule } from '../module';

export default entityModule(notifications, {
  icon: NotificationsIcon,
  views: {
    list: lazyView(() => import('./NotificationList'), 'NotificationList'),
    show: lazyView(() => import('./NotificationShow'), 'NotificationShow'),
    create: lazyView(() => import('./NotificationCreate'), 'NotificationCreate'),
  },
  recordRepresentation: 'title',
});
