import { Box, Card, CardContent, Skeleton } from '@mui/material';
import { SKELETON_CARDS } from '../domain';

export type LoadingSkeletonProps = {
  variant?: 'grid' | 'table';
  /** Cards or rows to draw; each screen's count is in SKELETON_CARDS. */
  count?: number;
  /** Read by screen readers, e.g. 'Loading videos...'. */
  label?: string;
};

/** Placeholder shapes while a list or a dashboard block loads. */
export function LoadingSkeleton({ variant = 'grid', count = SKELETON_CARDS.grid, label = 'Loading...' }: LoadingSkeletonProps) {
  const items = Array.from({ length: count }, (_, index) => index);
  return (
    <Box role="progressbar" aria-label={label} aria-busy="true">
      {variant === 'grid' ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', p: 2 }}>
          {items.map((index) => (
            <Card key={index} data-testid="skeleton-item" variant="outlined">
              <Skeleton variant="rectangular" height={120} />
              <CardContent>
                <Skeleton width="80%" />
                <Skeleton width="50%" />
              </CardContent>
            </Card>
          ))}
        </Box>
      ) : (
        <Box sx={{ p: 2 }}>
          {items.map((index) => (
            <Skeleton key={index} data-testid="skeleton-item" height={48} />
          ))}
        </Box>
      )}
    </Box>
  );
}
