/**
 * /dashboard: the greeting, real totals with 30-day trends, the Overview chart with a
 * working 7/30/90-day range, and the newest videos and registrations, all from `GET /admin/dashboard`.
 * Loading draws skeletons in every block; a failed load says so and offers a retry.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Title, useGetIdentity } from 'react-admin';
import { LoadingSkeleton } from '../common/LoadingSkeleton';
import { DASHBOARD_TEXTS, GENERIC, SCREEN_TITLES, SHELL } from '../domain';
import { useDashboard } from './dashboard/useDashboard';

/**
 * The blocks and their chart load only when the dashboard opens (the sign-in page downloads
 * neither); the chart's download starts with the blocks' rather than after them.
 */
const DashboardPanels = lazy(() => {
  void import('./dashboard/OverviewChart');
  return import('./dashboard/DashboardPanels');
});

function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const message = (error as { message?: string } | null)?.message || GENERIC.somethingWentWrong;
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry} disabled={retrying}>
          {DASHBOARD_TEXTS.retry}
        </Button>
      }
    >
      <strong>{DASHBOARD_TEXTS.loadFailed}</strong> {message}
    </Alert>
  );
}

export function Dashboard() {
  const { data, error, isError, isFetching, refetch } = useDashboard();
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ py: 2, px: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }} aria-busy={isFetching}>
      <Title title={SCREEN_TITLES.dashboard} />
      <Box>
        <Typography variant="h4" component="h1">
          {SCREEN_TITLES.dashboard}
        </Typography>
        <Typography color="text.secondary">
          {identity?.firstName && <span>{SHELL.hello(identity.firstName)} </span>}
          <span>{SHELL.dashboardGreeting}</span>
        </Typography>
      </Box>
      {isError ? (
        <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <Suspense fallback={<LoadingSkeleton count={4} label={DASHBOARD_TEXTS.loading} />}>
          <DashboardPanels data={data} />
        </Suspense>
      )}
    </Box>
  );
}
