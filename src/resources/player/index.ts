/**
 * The player resource (declared in src/domain/entities/players.ts): its list, detail, edit and add
 * screens; the add form lives at /create/player (its declared `createPath`). Each view is its own lazily loaded chunk.
 */
import SportsCricketIcon from '@mui/icons-material/SportsCricket';
import { lazyView } from '../../common/lazyView';

export default {
  list: lazyView(() => import('./PlayerList'), 'PlayerList'),
  show: lazyView(() => import('./PlayerShow'), 'PlayerShow'),
  edit: lazyView(() => import('./PlayerEdit'), 'PlayerEdit'),
  create: lazyView(() => import('./PlayerCreate'), 'PlayerCreate'),
  icon: SportsCricketIcon,
  recordRepresentation: 'name',
};
