/**
 * The matches resource's views, which App.tsx mounts through specResource.
 * Each view is its own lazily loaded chunk.
 */
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../../common/lazyView';
import { MATCH_TEXTS } from '../../domain/entities/matches';

export default {
  list: lazyView(() => import('./MatchList'), 'MatchList'),
  show: lazyView(() => import('./MatchShow'), 'MatchShow'),
  edit: lazyView(() => import('./MatchForm'), 'MatchEdit'),
  create: lazyView(() => import('./MatchForm'), 'MatchCreate'),
  icon: EmojiEventsIcon,
  recordRepresentation: (match: RaRecord) => MATCH_TEXTS.matchName(match.teamA?.name, match.teamB?.name),
};
