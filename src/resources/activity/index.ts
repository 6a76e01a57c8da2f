/** The activity log: a list only (entries are never edited or deleted). */
import HistoryIcon from '@mui/icons-material/History';
import { lazyView } from '../../common/lazyView';
import { MENU } from '../../domain';
import type { ResourceModule } from '../module';

export default {
  name: 'activity',
  views: { list: lazyView(() => import('./ActivityList'), 'ActivityList') },
  icon: HistoryIcon,
  recordRepresentation: (entry: { recordLabel?: string | null; action?: string }) => entry.recordLabel ?? entry.action ?? '',
  menu: { label: MENU.activity },
} satisfies ResourceModule<'activity'>;
