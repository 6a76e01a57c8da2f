/** Small pieces the video screens share: the record type, thumbnail, category and uploader badges, delete texts. */
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { Box, Chip, Stack, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { mediaUrl, type DeleteRecordButtonProps, type PublishingRecord } from '../../common';
import { VIDEO_TEXTS } from '../../domain';

export type Uploader = { firstName?: string; lastName?: string; role?: string } | null | undefined;

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
export function VideoThumbnail({ src, alt, width = 96 }: { src?: string | null; alt: string; width?: number | string }) {
  const url = mediaUrl(src);
  return (
    <Box
      sx={{
        width,
        aspectRatio: '16 / 9',
        flexShrink: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {url ? (
        <Box component="img" src={url} alt={alt} loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <OndemandVideoIcon color="disabled" aria-label={alt} />
      )}
    </Box>
  );
}

export const CategoryChip = ({ category }: { category: string }) => (
  <Chip label={category} size="small" color="primary" variant="outlined" />
);

/** 'Uploaded By': first and last name with the uploader's role as a badge. */
export function UploaderBadge({ uploader }: { uploader: Uploader }) {
  if (!uploader) return <Typography variant="body2">—</Typography>;
  const name = [uploader.firstName, uploader.lastName].filter(Boolean).join(' ');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">{name}</Typography>
      {uploader.role && <Chip label={uploader.role} size="small" color="secondary" sx={{ textTransform: 'capitalize' }} />}
    </Stack>
  );
}

const deleteTexts = {
  confirmTitle: VIDEO_TEXTS.deleteTitle,
  busyLabel: VIDEO_TEXTS.deleting,
  successMessage: VIDEO_TEXTS.deleteSuccess,
  failureMessage: VIDEO_TEXTS.deleteFailure,
};

/** The list's delete: the 'Delete Video' dialog naming the video; the row then leaves the page. */
export const listDeleteProps: DeleteRecordButtonProps = {
  ...deleteTexts,
  confirmContent: (record) => VIDEO_TEXTS.deleteConfirm(String(record.title ?? '')),
};

/** The detail page's delete: the spec's question without the title, then back to the list. */
export const detailDeleteProps: DeleteRecordButtonProps = { ...deleteTexts, confirmContent: VIDEO_TEXTS.deleteConfirmDetail };
