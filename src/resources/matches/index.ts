/**
 * The matches resource (declared in src/domain/entities/matches.ts): its list, detail, edit and
 * add screens, each its own lazily loaded chunk. A match is named by its teams.
 */
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../../common/lazyView';
import { matches, MATCH_TEXTS } from '../../domain/entities/matches';
import { entityModule } from '../module';

export default entityModule(matches, {
  icon: EmojiEventsIcon,
  views: {
    list: lazyView(() => import('./MatchList'), 'MatchList'),
    show: lazyView(() => import('./MatchShow'), 'MatchShow'),
    edit: lazyView(() => import('./MatchForm'), 'MatchEdit'),
    create: lazyView(() => import('./MatchForm'), 'MatchCreate'),
  },
  recordRepresentation: (match: RaRecord) => MATCH_TEXTS.matchName(match.teamA?.name, match.teamB?.name),
});
