/** The player resource (src/domain/entities/players.ts); the add form lives at /create/player (its `createPath`). */
import SportsCricketIcon from '@mui/icons-material/SportsCricket';
import { lazyView } from '../../common/lazyView';
import { players } from '../../domain/entities';
import { entityModule } from '../module';

export default entityModule(players, {
  icon: SportsCricketIcon,
  views: {
    list: lazyView(() => import('./PlayerList'), 'PlayerList'),
    show: lazyView(() => import('./PlayerShow'), 'PlayerShow'),
    create: lazyView(() => import('./PlayerForm'), 'PlayerCreate'),
    edit: lazyView(() => import('./PlayerForm'), 'PlayerEdit'),
  },
});
