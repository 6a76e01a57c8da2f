/** The league office's admin accounts: list, detail (deactivate, reactivate), add, edit (names, password reset). */
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazyView } from '../../common/lazyView';
import { MENU } from '../../domain';
import type { ResourceModule } from '../module';

export default {
  name: 'admins',
  views: {
    list: lazyView(() => import('./AdminList'), 'AdminList'),
    show: lazyView(() => import('./AdminShow'), 'AdminShow'),
    create: lazyView(() => import('./AdminCreate'), 'AdminCreate'),
    edit: lazyView(() => import('./AdminEdit'), 'AdminEdit'),
  },
  icon: AdminPanelSettingsIcon,
  recordRepresentation: (record: { firstName?: string; lastName?: string }) => [record.firstName, record.lastName].filter(Boolean).join(' '),
  menu: { label: MENU.admins },
} satisfies ResourceModule<'admins'>;
