/**
 * The registrations resource (declared in src/domain/entities/registrations.ts): its list with the
 * moderation, detail and edit screens. Each view is its own lazily loaded chunk.
 */
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazyView } from '../../common/lazyView';
import { registrations } from '../../domain/entities';
import { entityModule } from '../module';

export default entityModule(registrations, {
  icon: HowToRegIcon,
  views: {
    list: lazyView(() => import('./RegistrationList'), 'RegistrationList'),
    show: lazyView(() => import('./RegistrationShow'), 'RegistrationShow'),
    edit: lazyView(() => import('./RegistrationEdit'), 'RegistrationEdit'),
  },
});
