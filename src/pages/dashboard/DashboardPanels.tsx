/** The dashboard's blocks under the greeting; loaded lazily so the sign-in page never downloads them. */
import { Box } from '@mui/material';
import type { DashboardData } from '../../providers/dashboard';
import { Overview } from './Overview';
import { RecentRegistrations } from './RecentRegistrations';
import { RecentVideos } from './RecentVideos';
import { StatCards } from './StatCards';

/** Without `data` every block draws its skeleton. */
export default function DashboardPanels({ data }: { data?: DashboardData }) {
  return (
    <>
      <StatCards totals={data?.totals} />
      <Overview series={data?.series} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' } }}>
        <RecentVideos videos={data?.recentVideos} />
        <RecentRegistrations registrations={data?.recentRegistrations} />
      </Box>
    </>
  );
}
