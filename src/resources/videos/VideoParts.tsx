/** Small pieces the video screens share: thumbnail, category and uploader badges, page header, error state. */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ListButton, type RaRecord } from 'react-admin';
import { mediaUrl, type DeleteRecordButtonProps } from '../../common';
import { ACTIONS, NOT_FOUND, VIDEO_TEXTS } from '../../domain';

export type Uploader = { firstName?: string; lastName?: string; role?: string } | null | undefined;

/** The API's video record as the screens read it (ids are react-admin's `id`). */
export type Video = RaRecord & {
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

/** One date format for every video screen. */
export const formatDate = (value?: string) => (value ? new Date(value).toLocaleDateString('en-GB', { dateStyle: 'medium' }) : '');

/** Heading row of a video page: a Back button to the list, the title, and the page's own buttons. */
export function VideoPageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', py: 2 }}>
      <ListButton label={ACTIONS.back} icon={<ArrowBackIcon />} />
      <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {actions}
    </Stack>
  );
}

/** What a detail or edit page shows instead of a blank page when its video cannot be read. */
export function VideoLoadError({ message }: { message: string }) {
  return (
    <Box sx={{ py: 6, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <Alert severity="warning">{message}</Alert>
      <ListButton label={VIDEO_TEXTS.backToList} icon={<ArrowBackIcon />} variant="contained" />
    </Box>
  );
}

/** 404 shows the spec's 'Video not found'; any other failure the server's message or the screen's fallback. */
export const loadErrorMessage = (error: unknown, fallback: string) => {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  if (status === 404) return NOT_FOUND.video;
  return message || fallback;
};

/** The list's delete: the 'Delete Video' dialog naming the video; the row then leaves the page. */
export const listDeleteProps: DeleteRecordButtonProps = {
  confirmTitle: VIDEO_TEXTS.deleteTitle,
  confirmContent: (record) => VIDEO_TEXTS.deleteConfirm(String(record.title ?? '')),
  busyLabel: VIDEO_TEXTS.deleting,
  successMessage: VIDEO_TEXTS.deleteSuccess,
  failureMessage: VIDEO_TEXTS.deleteFailure,
};
