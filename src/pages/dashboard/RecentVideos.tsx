/** 'Recent Videos': the five newest, each linking to its detail page, and 'View all' to /videos. */
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemButton, Skeleton, Stack, Typography } from '@mui/material';
import { LinkBase, useCreatePath } from 'react-admin';
import { mediaUrl } from '../../common/media';
import { DASHBOARD_RECENT_COUNT, DASHBOARD_TEXTS } from '../../domain';
import type { DashboardVideo } from '../../providers/dashboard';
import { formatDate } from './format';

function Thumbnail({ src, alt }: { src?: string | null; alt: string }) {
  const url = mediaUrl(src);
  return (
    <Box sx={{ width: 88, aspectRatio: '16 / 9', flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
      {url ? (
        <Box component="img" src={url} alt={alt} loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <OndemandVideoIcon color="disabled" aria-hidden />
      )}
    </Box>
  );
}

export function RecentVideos({ videos }: { videos?: DashboardVideo[] }) {
  const createPath = useCreatePath();
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-recent-videos" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography id="dashboard-recent-videos" variant="h6" component="h2">
            {DASHBOARD_TEXTS.recentVideos}
          </Typography>
          <Button size="small" component={LinkBase} to={createPath({ resource: 'videos', type: 'list' })}>
            {DASHBOARD_TEXTS.viewAll}
          </Button>
        </Stack>
        {!videos ? (
          <Box role="progressbar" aria-label={DASHBOARD_TEXTS.loading}>
            {Array.from({ length: DASHBOARD_RECENT_COUNT }, (_, index) => (
              <Stack key={index} direction="row" spacing={2} sx={{ py: 1 }} data-testid="skeleton-item">
                <Skeleton variant="rounded" width={88} height={50} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="70%" />
                  <Skeleton width="40%" />
                </Box>
              </Stack>
            ))}
          </Box>
        ) : videos.length === 0 ? (
          <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {DASHBOARD_TEXTS.noVideos}
          </Typography>
        ) : (
          <List disablePadding>
            {videos.slice(0, DASHBOARD_RECENT_COUNT).map((video) => (
              <ListItem key={video.id} disablePadding>
                <ListItemButton
                  component={LinkBase}
                  to={createPath({ resource: 'videos', type: 'show', id: video.id })}
                  sx={{ gap: 2, px: 1, borderRadius: 1 }}
                >
                  <Thumbnail src={video.image} alt={video.title} />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                      {video.title}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                      <Chip label={video.category} size="small" variant="outlined" color="primary" />
                      <Typography variant="caption" color="text.secondary">
                        {formatDate(video.createdAt)}
                      </Typography>
                    </Stack>
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
