import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { lazyView } from '../../common/lazyView';
import type { RaRecord } from 'react-admin';

const views = () => import('./views');

export default {
  list: lazyView(views, 'MatchList'),
  show: lazyView(views, 'MatchShow'),
  edit: lazyView(views, 'MatchEdit'),
  create: lazyView(views, 'MatchCreate'),
  icon: EmojiEventsIcon,
  recordRepresentation: (match: RaRecord) => `${match.teamA?.name ?? 'Team A'} vs ${match.teamB?.name ?? 'Team B'}`,
};
