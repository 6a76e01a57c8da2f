/** The league office's admin accounts: list, detail (deactivate, reactivate), add, edit (names, password reset). */
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazyView } from '../../common/lazyView';

export default {
  list: lazyView(() => import('./AdminList'), 'AdminList'),
  show: lazyView(() => import('./AdminShow'), 'AdminShow'),
  create: lazyView(() => import('./AdminCreate'), 'AdminCreate'),
  edit: lazyView(() => import('./AdminEdit'), 'AdminEdit'),
  icon: AdminPanelSettingsIcon,
  recordRepresentation: (record: { firstName?: string; lastName?: string }) => [record.firstName, record.lastName].filter(Boolean).join(' '),
};
