/**
 * The Overview chart: videos, registrations and users created per day, drawn with MUI X Charts.
 * Loaded lazily (see Overview.tsx), so only the dashboard downloads the charting code.
 */
import { useMediaQuery, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { DASHBOARD_TEXTS } from '../../domain';
import type { DashboardDay, SERIES_KINDS } from '../../providers/dashboard';
import { formatDay } from './format';

/** 'YYYY-MM-DD' is a UTC day; the axis shows it as '15 Nov'. */
const toUtcDate = (day: string) => new Date(`${day}T00:00:00Z`);

export default function OverviewChart({ days, kinds, height }: { days: DashboardDay[]; kinds: readonly (typeof SERIES_KINDS)[number][]; height: number }) {
  const { palette, breakpoints } = useTheme();
  // Point marks help on a month or less, and only where there is room for them.
  const marks = useMediaQuery(breakpoints.up('sm')) && days.length <= 31;
  const series = (
    [
    { key: 'videos', label: DASHBOARD_TEXTS.seriesVideos, color: palette.primary.main },
    { key: 'registrations', label: DASHBOARD_TEXTS.seriesRegistrations, color: palette.secondary.main },
    { key: 'users', label: DASHBOARD_TEXTS.seriesUsers, color: palette.info.main },
    ] as const
  ).filter(({ key }) => kinds.includes(key));
  // A quiet stretch is all zeros, which leaves the axis no range and labels it '0.0…': give it one.
  const quiet = days.every((day) => series.every(({ key }) => day[key] === 0));
  return (
    <LineChart
      height={height}
      margin={{ left: 0, right: 28, top: 16, bottom: 0 }}
      xAxis={[
        {
          data: days.map((day) => toUtcDate(day.date)),
          scaleType: 'time',
          valueFormatter: (value: Date) => formatDay(value),
          tickNumber: Math.min(days.length, 8),
        },
      ]}
      yAxis={[{ min: 0, max: quiet ? 1 : undefined, tickMinStep: 1, width: 40 }]}
      series={series.map(({ key, label, color }) => ({
        id: key,
        label,
        color,
        data: days.map((day) => day[key]),
        showMark: marks,
        curve: 'monotoneX',
      }))}
      grid={{ horizontal: true }}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
    />
  );
}
