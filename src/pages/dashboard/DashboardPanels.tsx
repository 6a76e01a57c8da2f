/** The dashboard's blocks under the greeting; loaded lazily so the sign-in page never downloads them. */
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
      <RecentVideos videos={data?.recentVideos} />
      <RecentRegistrations registrations={data?.recentRegistrations} />
    </>
  );
}
