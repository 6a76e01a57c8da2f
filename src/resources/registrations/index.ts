import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazyView } from '../../common/lazyView';
import type { RaRecord } from 'react-admin';

const views = () => import('./views');

export default {
  list: lazyView(views, 'RegistrationList'),
  show: lazyView(views, 'RegistrationShow'),
  edit: lazyView(views, 'RegistrationEdit'),
  icon: HowToRegIcon,
  recordRepresentation: (registration: RaRecord) => `${registration.firstName ?? ''} ${registration.lastName ?? ''}`.trim(),
};
