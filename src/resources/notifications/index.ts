import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazyView } from '../../common/lazyView';

const views = () => import('./views');

export default {
  list: lazyView(views, 'NotificationList'),
  show: lazyView(views, 'NotificationShow'),
  create: lazyView(views, 'NotificationCreate'),
  icon: NotificationsIcon,
  recordRepresentation: 'title',
};
