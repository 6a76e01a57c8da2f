/** Player registrations with their moderation; each view is its own lazily loaded chunk. */
import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../../common/lazyView';

export default {
  list: lazyView(() => import('./RegistrationList'), 'RegistrationList'),
  show: lazyView(() => import('./RegistrationShow'), 'RegistrationShow'),
  edit: lazyView(() => import('./RegistrationEdit'), 'RegistrationEdit'),
  icon: HowToRegIcon,
  recordRepresentation: (registration: RaRecord) => `${registration.firstName ?? ''} ${registration.lastName ?? ''}`.trim(),
};
