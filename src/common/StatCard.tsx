import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export type StatCardProps = {
  label: string;
  value?: ReactNode;
  /** A sub-line such as 'of 6 pages'. */
  caption?: ReactNode;
  icon?: ReactNode;
  /** Percentage change; positive is drawn as up, negative as down. */
  trend?: number;
  loading?: boolean;
};

/** One headline figure for the dashboard and the list headers (Total News, Active Teams…). */
export function StatCard({ label, value, caption, icon, trend, loading }: StatCardProps) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 200px' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} aria-label={label}>
            {loading ? <Skeleton width={60} /> : value}
          </Typography>
          {caption && (
            <Typography variant="caption" color="text.secondary">
              {caption}
            </Typography>
          )}
          {trend !== undefined && (
            <Typography
              variant="caption"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: trend >= 0 ? 'success.main' : 'error.main' }}
            >
              {trend >= 0 ? <TrendingUpIcon fontSize="inherit" /> : <TrendingDownIcon fontSize="inherit" />}
              {Math.abs(trend)}%
            </Typography>
          )}
        </Box>
        {icon && <Box sx={{ color: 'primary.main' }}>{icon}</Box>}
      </CardContent>
    </Card>
  );
}
