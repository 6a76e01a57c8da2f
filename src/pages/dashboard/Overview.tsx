/**
 * 'Overview': the per-day chart with a working range selector (7, 30 or 90 days) in place of the
 * old product's dead 'Last 30 days' button, and a one-line summary of the chosen range.
 */
import { Box, Card, CardContent, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DASHBOARD_TEXTS, DASHBOARD_WINDOWS } from '../../domain';
import { SERIES_KINDS, type DashboardDay, type DashboardKind } from '../../providers/dashboard';

const OverviewChart = lazy(() => import('./OverviewChart'));

const RANGES = [DASHBOARD_WINDOWS.last7, DASHBOARD_WINDOWS.last30, DASHBOARD_WINDOWS.last90] as const;
export type Range = (typeof RANGES)[number];
const CHART_HEIGHT = 300;

type SeriesKind = (typeof SERIES_KINDS)[number];
const sum = (days: DashboardDay[], key: SeriesKind) => days.reduce((total, day) => total + day[key], 0);

/** The chart of the series among `kinds` (those the admin's role reads). */
export function Overview({ series, kinds }: { series?: DashboardDay[]; kinds: readonly DashboardKind[] }) {
  const [range, setRange] = useState<Range>(DASHBOARD_WINDOWS.last30);
  const days = series?.slice(-range);
  const shown = SERIES_KINDS.filter((kind) => kinds.includes(kind));
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-overview">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Box>
            <Typography id="dashboard-overview" variant="h6" component="h2">
              {DASHBOARD_TEXTS.overview}
            </Typography>
            <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="chart-summary">
              {days ? DASHBOARD_TEXTS.chartSummary(range, Object.fromEntries(shown.map((kind) => [kind, sum(days, kind)]))) : <Skeleton width={260} />}
            </Typography>
          </Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={range}
            aria-label={DASHBOARD_TEXTS.rangeLabel}
            onChange={(_, value: Range | null) => value && setRange(value)}
          >
            {RANGES.map((days) => (
              <ToggleButton key={days} value={days} aria-label={DASHBOARD_TEXTS.lastDays(days)} sx={{ px: 1.5, whiteSpace: 'nowrap' }}>
                {DASHBOARD_TEXTS.days(days)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <Box data-testid="overview-chart" data-range={range} data-days={days?.length ?? 0} sx={{ minHeight: CHART_HEIGHT }}>
          {days ? (
            <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
              <OverviewChart days={days} kinds={shown} height={CHART_HEIGHT} />
            </Suspense>
          ) : (
            <Skeleton variant="rounded" height={CHART_HEIGHT} />
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
