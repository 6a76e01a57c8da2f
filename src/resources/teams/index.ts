/**
 * The teams resource (declared in src/domain/entities/teams.ts): its list, detail, edit and add
 * screens. Each view is its own lazily loaded chunk.
 */
import GroupsIcon from '@mui/icons-material/Groups';
import { lazyView } from '../../common/lazyView';
import { teams } from '../../domain/entities';
import { entityModule } from '../module';

export default entityModule(teams, {
  icon: GroupsIcon,
  views: {
    list: lazyView(() => import('./TeamList'), 'TeamList'),
    show: lazyView(() => import('./TeamShow'), 'TeamShow'),
    edit: lazyView(() => import('./TeamForm'), 'TeamEdit'),
    create: lazyView(() => import('./TeamForm'), 'TeamCreate'),
  },
});
