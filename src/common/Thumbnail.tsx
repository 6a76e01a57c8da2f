import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { mediaUrl } from './media';

export type ThumbnailProps = {
  src?: string | null;
  alt: string;
  /** CSS width; the height follows from `ratio`. */
  width?: number | string;
  ratio?: string;
  /** Drawn in place of a missing image (a quiet picture icon when left out; null for none), so rows keep their height. */
  fallback?: ReactNode;
};

/** A small fixed-ratio picture for table cells, cards and team lines: a stadium, a flag, a logo. */
export function Thumbnail({ src, alt, width = 96, ratio = '16 / 9', fallback }: ThumbnailProps) {
  const url = mediaUrl(src);
  return (
    <Box
      sx={{ width, aspectRatio: ratio, flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}
    >
      {url ? (
        <Box component="img" src={url} alt={alt} loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        (fallback === undefined ? <ImageOutlinedIcon color="disabled" fontSize="small" /> : fallback)
      )}
    </Box>
  );
}
