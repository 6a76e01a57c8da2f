/** What the video screens share: the record type, its 16:9 thumbnail, and its category and uploader badges. */
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useRecordContext, type RaRecord } from 'react-admin';
import { mediaUrl, type PublishingRecord } from '../../common';

type Uploader = { firstName?: string; lastName?: string; role?: string } | null | undefined;

/** The API's video record as the screens read it (ids are react-admin's `id`). */
export type Video = RaRecord &
  PublishingRecord & {
    title: string;
    category: string;
    videoUrl: string;
    image?: string | null;
    createdAt: string;
    user_id?: Uploader;
    isFeatured?: boolean;
    isMagicMoment?: boolean;
  };

/** A fixed 16:9 thumbnail with an icon in place of a missing image, so rows keep their height. */
export function VideoThumbnail({ width = 96 }: { width?: number | string }) {
  const record = useRecordContext<Video>()!;
  const url = mediaUrl(record.image);
  return (
    <Box sx={{ width, aspectRatio: '16 / 9', flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
      {url ? (
        <Box component="img" src={url} alt={record.title} loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <OndemandVideoIcon color="disabled" aria-label={record.title} />
      )}
    </Box>
  );
}

export const CategoryChip = () => <Chip label={useRecordContext<Video>()?.category} size="small" color="primary" variant="outlined" />;

/** 'Uploaded By': first and last name with the uploader's role as a badge. */
export function UploaderBadge() {
  const uploader = useRecordContext<Video>()?.user_id;
  if (!uploader) return <Typography variant="body2">—</Typography>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">{[uploader.firstName, uploader.lastName].filter(Boolean).join(' ')}</Typography>
      {uploader.role && <Chip label={uploader.role} size="small" color="secondary" sx={{ textTransform: 'capitalize' }} />}
    </Stack>
  );
}
