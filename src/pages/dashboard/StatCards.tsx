/** The headline figures: real totals, each with its 30-day trend against the 30 days before, and the phones registered for push. */
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupsIcon from '@mui/icons-material/Groups';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import SportsCricketIcon from '@mui/icons-material/SportsCricket';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { StatCard } from '../../common/StatCard';
import { usePushSetup } from '../../common/usePushSetup';
import { DASHBOARD_TEXTS, DASHBOARD_TREND_DAYS, PUSH_TEXTS } from '../../domain';
import type { DashboardCounts, DashboardData, DashboardKind } from '../../providers/dashboard';
import { formatCount } from '../../common/format';
import { trendPercent } from './format';

type CardSpec = { kind: DashboardKind; label: string; icon: ReactNode };

/** The original panel's four cards first, then the league's other totals. */
const MAIN: CardSpec[] = [
  { kind: 'users', label: DASHBOARD_TEXTS.totalUsers, icon: <PeopleIcon /> },
  { kind: 'videos', label: DASHBOARD_TEXTS.totalVideos, icon: <VideoLibraryIcon /> },
  { kind: 'matches', label: DASHBOARD_TEXTS.totalMatches, icon: <EmojiEventsIcon /> },
  { kind: 'notifications', label: DASHBOARD_TEXTS.notifications, icon: <NotificationsIcon /> },
];
const MORE: CardSpec[] = [
  { kind: 'teams', label: DASHBOARD_TEXTS.teams, icon: <GroupsIcon /> },
  { kind: 'players', label: DASHBOARD_TEXTS.players, icon: <SportsCricketIcon /> },
  { kind: 'registrations', label: DASHBOARD_TEXTS.registrations, icon: <HowToRegIcon /> },
];

/** '↑ 12% vs previous 30 days', '↓ 3% …', or '— …' when the earlier window had nothing. */
export function Trend({ counts }: { counts: DashboardCounts }) {
  const percent = trendPercent(counts);
  const days = DASHBOARD_TREND_DAYS;
  const [icon, text, color, title] =
    percent === null
      ? [null, '—', 'text.secondary', DASHBOARD_TEXTS.trendNone(days)]
      : percent > 0
        ? [<TrendingUpIcon key="up" fontSize="inherit" />, `${percent}%`, 'success.main', DASHBOARD_TEXTS.trendUp(percent, days)]
        : percent < 0
          ? [<TrendingDownIcon key="down" fontSize="inherit" />, `${-percent}%`, 'error.main', DASHBOARD_TEXTS.trendDown(-percent, days)]
          : [<TrendingFlatIcon key="flat" fontSize="inherit" />, '0%', 'text.secondary', DASHBOARD_TEXTS.trendFlat(days)];
  return (
    <Box component="span" title={title} data-testid="trend" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, mt: 0.5 }}>
      <Box component="span" sx={{ color, display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600 }}>
        {icon}
        {text}
      </Box>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {DASHBOARD_TEXTS.trendVs(days)}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {`(${title})`}
      </Box>
    </Box>
  );
}

/** Read by screen readers only (lengths as strings: MUI reads a bare 1 as 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Cards({ specs, totals, columns, children }: { specs: CardSpec[]; totals?: DashboardData['totals']; columns: object; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}>
      {specs.map(({ kind, label, icon }) => {
        // A server may leave out a figure the role may not read; the card is not shown then anyway.
        const counts = totals?.[kind] as DashboardCounts | undefined;
        return (
        <Box key={kind} role="group" aria-label={label} sx={{ display: 'flex', '& > .MuiCard-root': { flex: 1 } }}>
          <StatCard
            label={label}
            icon={icon}
            loading={!totals}
            value={totals ? (counts ? formatCount(counts.total) : '—') : undefined}
            caption={counts ? <Trend counts={counts} /> : undefined}
          />
        </Box>
        );
      })}
      {children}
    </Box>
  );
}

/** The phones registered for push, from the push setup (its own call: the dashboard's answer has no devices). */
function DevicesCard() {
  const { data, isPending, isError } = usePushSetup();
  return (
    <Box role="group" aria-label={PUSH_TEXTS.devices} sx={{ display: 'flex', '& > .MuiCard-root': { flex: 1 } }}>
      <StatCard
        label={PUSH_TEXTS.devices}
        icon={<SmartphoneIcon />}
        loading={isPending}
        value={isError || !data ? '—' : formatCount(data.devices)}
        caption={
          <>
            {PUSH_TEXTS.devicesHint}
            {data && !data.configured && (
              <Box component="span" sx={{ display: 'block' }}>
                {PUSH_TEXTS.devicesNotConfigured}
              </Box>
            )}
          </>
        }
      />
    </Box>
  );
}

const FOUR_COLUMNS = { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' };

/** Without `totals` the cards draw skeletons in place of their figures; only the `kinds` given (those the role reads) are shown. */
export function StatCards({ totals, kinds }: { totals?: DashboardData['totals']; kinds: readonly DashboardKind[] }) {
  const shown = (specs: CardSpec[]) => specs.filter((spec) => kinds.includes(spec.kind));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Cards specs={shown(MAIN)} totals={totals} columns={FOUR_COLUMNS} />
      <Cards specs={shown(MORE)} totals={totals} columns={FOUR_COLUMNS}>
        <DevicesCard />
      </Cards>
    </Box>
  );
}
