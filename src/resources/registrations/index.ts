/**
 * The registrations resource (declared in src/domain/entities/registrations.ts): its list with the
 * moderation, detail and edit screens. Each view is its own lazily loaded chunk.
 */
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { declaredViews } from '../../common/declared/views';
import { lazyView } from '../../common/lazyView';
import { registrations } from '../../domain/entities';

export default {
  ...declaredViews(registrations, {
    list: lazyView(() => import('./RegistrationList'), 'RegistrationList'),
    show: lazyView(() => import('./RegistrationShow'), 'RegistrationShow'),
    edit: lazyView(() => import('./RegistrationEdit'), 'RegistrationEdit'),
  }),
  icon: HowToRegIcon,
};
