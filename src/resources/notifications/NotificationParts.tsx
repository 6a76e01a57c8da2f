/**
 * What the notification screens share: the record type, and the phone preview, the push as a
 * phone's lock screen shows it (app icon, 'Crease', title on one line, body cut after four lines,
 * the picture), drawn by the create form as the admin types and by the detail page.
 */
import { Box, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { mediaUrl } from '../../common';
import { NOTIFICATION_TEXTS } from '../../domain';

/** The API's notification as the screens read it; the picture arrives as both `image` and `logo`. */
export type Notification = RaRecord & {
  title: string;
  body: string;
  image?: string | null;
  logo?: string | null;
  isActive?: boolean;
  createdAt: string;
};

export const imageOf = (record: Pick<Notification, 'image' | 'logo'>) => record.image || record.logo || undefined;

/** Text cut after `lines` lines with an ellipsis, as phones cut a push. */
export const clampLines = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical' as const,
  overflow: 'hidden',
  overflowWrap: 'anywhere' as const,
});

const clock = (at: Date) => at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const day = (at: Date) => at.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

export type PhonePreviewProps = { title?: string; body?: string; image?: string | null; at?: Date };

export function PhonePreview({ title, body, image, at = new Date() }: PhonePreviewProps) {
  const picture = mediaUrl(image);
  const shownTitle = title?.trim() || NOTIFICATION_TEXTS.previewTitlePlaceholder;
  const shownBody = body?.trim() || NOTIFICATION_TEXTS.previewBodyPlaceholder;
  return (
    <Box component="figure" aria-label={NOTIFICATION_TEXTS.previewLabel} sx={{ m: 0, display: 'grid', justifyItems: 'center', gap: 1 }}>
      <Box
        data-testid="phone-preview"
        sx={{
          width: '100%',
          maxWidth: 300,
          aspectRatio: '9 / 18',
          borderRadius: '36px',
          border: '10px solid #111',
          background: 'linear-gradient(160deg, #14532d 0%, #0f172a 60%, #1e1b4b 100%)',
          color: '#fff',
          p: 1.5,
          pt: 4,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          overflow: 'hidden',
        }}
      >
        <Typography component="p" sx={{ textAlign: 'center', fontSize: 44, fontWeight: 300, lineHeight: 1, color: '#fff' }}>
          {clock(at)}
        </Typography>
        <Typography component="p" sx={{ textAlign: 'center', fontSize: 13, mt: 0.5, mb: 3, color: '#fff' }}>
          {day(at)}
        </Typography>
        <Box
          data-testid="phone-notification"
          sx={{ bgcolor: 'rgba(255,255,255,0.92)', color: '#111', borderRadius: '16px', p: 1.25, display: 'grid', gap: 0.5 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="img" src="/favicon.svg" alt="" sx={{ width: 18, height: 18, borderRadius: '5px', bgcolor: '#fff' }} />
            <Typography component="span" sx={{ fontSize: 12, fontWeight: 600, flex: 1, color: '#333', textTransform: 'uppercase', letterSpacing: 0.3 }}>
              {NOTIFICATION_TEXTS.previewApp}
            </Typography>
            <Typography component="span" sx={{ fontSize: 12, color: '#444' }}>
              {NOTIFICATION_TEXTS.previewWhen}
            </Typography>
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              data-testid="phone-title"
              component="p"
              sx={{ fontSize: 14, fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', color: title?.trim() ? '#111' : '#555' }}
            >
              {shownTitle}
            </Typography>
            <Typography data-testid="phone-body" component="p" sx={{ fontSize: 13, lineHeight: 1.35, ...clampLines(4), color: body?.trim() ? '#222' : '#555' }}>
              {shownBody}
            </Typography>
          </Box>
          {picture && (
            <Box
              data-testid="phone-image"
              component="img"
              src={picture}
              alt=""
              sx={{ width: '100%', height: 110, borderRadius: '10px', objectFit: 'cover', mt: 0.5 }}
            />
          )}
        </Box>
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {NOTIFICATION_TEXTS.previewHint}
      </Typography>
    </Box>
  );
}
