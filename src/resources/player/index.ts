import SportsCricketIcon from '@mui/icons-material/SportsCricket';
import { lazyView } from '../../common/lazyView';

const views = () => import('./views');

export default {
  list: lazyView(views, 'PlayerList'),
  show: lazyView(views, 'PlayerShow'),
  edit: lazyView(views, 'PlayerEdit'),
  create: lazyView(views, 'PlayerCreate'),
  icon: SportsCricketIcon,
  recordRepresentation: 'name',
};
