/** The dashboard's blocks under the greeting; loaded lazily so the sign-in page never downloads them. */
import { useCanAccessResources } from 'react-admin';
import { DASHBOARD_KINDS, DASHBOARD_RESOURCES, type DashboardData, type DashboardKind } from '../../providers/dashboard';
import { Overview } from './Overview';
import { RecentRegistrations } from './RecentRegistrations';
import { RecentVideos } from './RecentVideos';
import { StatCards } from './StatCards';

const RESOURCES = [...new Set(Object.values(DASHBOARD_RESOURCES))];

/** The figures the signed-in admin's role reads (`canAccess` list on what each counts); none until it has answered. */
function useReadableKinds(): DashboardKind[] | undefined {
  const { canAccess } = useCanAccessResources({ action: 'list', resources: RESOURCES });
  return canAccess && DASHBOARD_KINDS.filter((kind) => canAccess[DASHBOARD_RESOURCES[kind]]);
}

/** Without `data` every block draws its skeleton; only the cards the role can read are shown. */
export default function DashboardPanels({ data }: { data?: DashboardData }) {
  const kinds = useReadableKinds();
  if (!kinds) return null;
  return (
    <>
      <StatCards totals={data?.totals} kinds={kinds} />
      <Overview series={data?.series} kinds={kinds} />
      {kinds.includes('videos') && <RecentVideos videos={data?.recentVideos} />}
      {kinds.includes('registrations') && <RecentRegistrations registrations={data?.recentRegistrations} />}
    </>
  );
}
