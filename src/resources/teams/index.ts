/**
 * The teams resource, as App.tsx declares it: `<Resource name="teams" {...specResource(teams)} />`.
 * Each view is its own lazily loaded chunk.
 */
import GroupsIcon from '@mui/icons-material/Groups';
import { lazyView } from '../../common/lazyView';

export default {
  list: lazyView(() => import('./TeamList'), 'TeamList'),
  show: lazyView(() => import('./TeamShow'), 'TeamShow'),
  edit: lazyView(() => import('./TeamEdit'), 'TeamEdit'),
  create: lazyView(() => import('./TeamCreate'), 'TeamCreate'),
  icon: GroupsIcon,
  recordRepresentation: 'name',
};
