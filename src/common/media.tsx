/** Showing the API's images and videos: upload paths resolve against the API origin, YouTube watch links play embedded. */
import { Box, LinearProgress, Typography } from '@mui/material';
import { API_URL } from '../config';
import { SHELL } from '../domain';
import { useUploadProgress } from '../providers/uploadProgress';

/** Stored paths (`/uploads/…`) live on the API's origin; absolute, blob and data URLs are used as they are. */
export const mediaUrl = (path?: string | null) => {
  if (!path) return undefined;
  return /^(https?:|blob:|data:)/.test(path) ? path : `${API_URL}${path.startsWith('/') ? '' : '/'}${path}`;
};

/** The 11-character video id of a YouTube watch, youtu.be, shorts, live or embed address. */
const YOUTUBE_ID = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|shorts\/|live\/|embed\/)|youtu\.be\/)([\w-]{11})/;

/**
 * A YouTube address plays only in embed form ('watch?v=' becomes 'embed/'). Short links
 * and shorts are recognised too; any other address gets the plain replacement alone.
 */
export const toEmbedUrl = (url: string) => {
  const id = YOUTUBE_ID.exec(url)?.[1];
  return id ? `https://www.youtube.com/embed/${id}` : url.replace('watch?v=', 'embed/');
};

export function VideoEmbed({ url, title }: { url?: string; title: string }) {
  if (!url) return null;
  return (
    <Box sx={{ position: 'relative', pt: '56.25%', borderRadius: 1, overflow: 'hidden', bgcolor: 'black' }}>
      <Box
        component="iframe"
        src={toEmbedUrl(url)}
        title={title}
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}

export function ImagePreview({ src, alt, height = 160 }: { src?: string | null; alt: string; height?: number }) {
  const url = mediaUrl(src);
  if (!url) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {SHELL.noImage}
        </Typography>
      </Box>
    );
  }
  return <Box component="img" src={url} alt={alt} sx={{ height, width: '100%', objectFit: 'cover', borderRadius: 1 }} />;
}

/** Put inside a form's toolbar: a bar that fills while the multipart save for `resource` uploads. */
export function UploadProgressBar({ resource }: { resource: string }) {
  const percent = useUploadProgress(resource);
  if (percent === null) return null;
  return <LinearProgress variant="determinate" value={percent} aria-label={SHELL.uploadProgress} sx={{ flex: 1, mx: 2 }} />;
}
