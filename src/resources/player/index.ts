/**
 * The player resource, as App.tsx declares it: `<Resource name="player" {...specResource(player)} />`;
 * its create form lives at /create/player (a custom route in App.tsx). Each view is its own lazily loaded chunk.
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
