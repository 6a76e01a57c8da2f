/** 'Recent Videos': the five newest as cards, each linking to its detail page, and 'View all' to /videos. */
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { Box, Button, Card, CardActionArea, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { LinkBase, useCreatePath } from 'react-admin';
import { mediaUrl } from '../../common/media';
import { DASHBOARD_RECENT_COUNT, DASHBOARD_TEXTS } from '../../domain';
import type { DashboardVideo } from '../../providers/dashboard';
import { formatDate } from '../../common/format';

/** Five columns where they fit (each at least 140px), fewer on narrow screens; a short list keeps card widths. */
const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: `repeat(auto-fill, minmax(max(140px, calc((100% - ${DASHBOARD_RECENT_COUNT - 1} * 16px) / ${DASHBOARD_RECENT_COUNT})), 1fr))`,
} as const;

function Thumbnail({ src, alt }: { src?: string | null; alt: string }) {
  const url = mediaUrl(src);
  return (
    <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', overflow: 'hidden' }}>
      {url ? (
        // Not lazy: the five cards sit in the first screen, and one of them is usually its largest paint.
        <Box component="img" src={url} alt={alt} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <OndemandVideoIcon color="disabled" fontSize="large" aria-hidden />
      )}
    </Box>
  );
}

function VideoCard({ video, to }: { video: DashboardVideo; to: string }) {
  return (
    <Card variant="outlined" component="article">
      <CardActionArea component={LinkBase} to={to} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        <Thumbnail src={video.image} alt={video.title} />
        <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'space-between', p: 1.5 }}>
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            title={video.title}
          >
            {video.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip label={video.category} size="small" variant="outlined" color="primary" />
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(video.createdAt)}
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function RecentVideos({ videos }: { videos?: DashboardVideo[] }) {
  const createPath = useCreatePath();
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-recent-videos">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
          <Typography id="dashboard-recent-videos" variant="h6" component="h2">
            {DASHBOARD_TEXTS.recentVideos}
          </Typography>
          <Button size="small" component={LinkBase} to={createPath({ resource: 'videos', type: 'list' })}>
            {DASHBOARD_TEXTS.viewAll}
          </Button>
        </Stack>
        {!videos ? (
          <Box role="progressbar" aria-label={DASHBOARD_TEXTS.loading} sx={grid}>
            {Array.from({ length: DASHBOARD_RECENT_COUNT }, (_, index) => (
              <Box key={index} data-testid="skeleton-item">
                <Skeleton variant="rounded" sx={{ height: 'auto', aspectRatio: '16 / 9' }} />
                <Skeleton width="80%" />
                <Skeleton width="50%" />
              </Box>
            ))}
          </Box>
        ) : videos.length === 0 ? (
          <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {DASHBOARD_TEXTS.noVideos}
          </Typography>
        ) : (
          <Box sx={grid}>
            {videos.slice(0, DASHBOARD_RECENT_COUNT).map((video) => (
              <VideoCard key={video.id} video={video} to={createPath({ resource: 'videos', type: 'show', id: video.id })} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
