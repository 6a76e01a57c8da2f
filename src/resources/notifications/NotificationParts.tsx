/**
 * What the notification screens share: the record type, its delivery state as a chip and the send
 * time's format and rules, and the phone preview, the push as a phone's lock screen shows it (app
 * icon, 'Crease', title on one line, body cut after four lines, the picture), drawn by the create
 * form as the admin types and by the detail page.
 */
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import ErrorIcon from '@mui/icons-material/Error';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SendIcon from '@mui/icons-material/Send';
import WarningIcon from '@mui/icons-material/Warning';
import { Box, Chip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import type { RaRecord } from 'react-admin';
import { formatZonedTime, isPastMinute, lineClamp, localInputTime, localInputValue, localToInstant, mediaUrl } from '../../common';
import { NOTIFICATION_TEXTS, PUSH_TEXTS, TARGET_TEXTS, type Delivery, type DeliveryState } from '../../domain';

/** The API's notification as the screens read it; the picture arrives as both `image` and `logo`. */
export type Notification = RaRecord & {
  title: string;
  body: string;
  image?: string | null;
  logo?: string | null;
  isActive?: boolean;
  createdAt: string;
  delivery?: Delivery;
};

/**
 * Each state's look: text on a tint of its own colour (every pair at least 7:1, so AA holds in
 * either theme), and an icon, so the state is not told by colour alone. Never sent is outlined.
 */
const STATE_LOOK: Record<DeliveryState, { color: string; background: string; icon: ReactElement }> = {
  scheduled: { color: '#1e3a8a', background: '#dbeafe', icon: <ScheduleIcon /> },
  sending: { color: '#164e63', background: '#cffafe', icon: <SendIcon /> },
  sent: { color: '#14532d', background: '#dcfce7', icon: <CheckCircleIcon /> },
  'partly-sent': { color: '#78350f', background: '#fef3c7', icon: <WarningIcon /> },
  failed: { color: '#7f1d1d', background: '#fee2e2', icon: <ErrorIcon /> },
  cancelled: { color: '#374151', background: '#e5e7eb', icon: <BlockIcon /> },
  'not-configured': { color: '#334155', background: '#f8fafc', icon: <CloudOffIcon /> },
};

export function DeliveryChip({ state }: { state: DeliveryState }) {
  const { color, background, icon } = STATE_LOOK[state];
  return (
    <Chip
      size="small"
      icon={icon}
      label={PUSH_TEXTS.states[state]}
      aria-label={`${PUSH_TEXTS.stateLabel}: ${PUSH_TEXTS.states[state]}`}
      data-testid="delivery-chip"
      sx={{
        color,
        bgcolor: background,
        fontWeight: 600,
        border: state === 'not-configured' ? `1px solid ${color}` : 'none',
        '& .MuiChip-icon': { color },
        maxWidth: '100%',
      }}
    />
  );
}

/** '27 Nov 2026, 18:30 GMT+5:30': in the admin's own time zone (src/common/zonedTime.ts). */
export const formatSendAt = formatZonedTime;
export { localInputValue };

/** The message for a chosen send time ('2026-11-27T18:30', local), as the server would refuse it; undefined when it will do. */
export function sendAtError(value: unknown, now = new Date()): string | undefined {
  const at = localInputTime(value);
  if (!at) return PUSH_TEXTS.sendAtRequired;
  // The server takes a time in the current minute (and sends it at once); only an earlier one is past.
  if (isPastMinute(at, now)) return PUSH_TEXTS.sendAtPast;
  return undefined;
}

/** A chosen local time as the API takes it: an ISO instant in UTC, to the minute. */
export const sendAtInstant = localToInstant;

export const imageOf = (record: Pick<Notification, 'image' | 'logo'>) => record.image || record.logo || undefined;

/** Text cut after `lines` lines with an ellipsis, as phones cut a push. */
export const clampLines = (lines: number) => ({ ...lineClamp(lines), overflowWrap: 'anywhere' as const });

const clock = (at: Date) => at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const day = (at: Date) => at.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

/** `opens`: what a tap opens, in words (a story's title, an address), shown under the push. */
export type PhonePreviewProps = { title?: string; body?: string; image?: string | null; at?: Date; opens?: string };

export function PhonePreview({ title, body, image, at = new Date(), opens }: PhonePreviewProps) {
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
          {opens && (
            <Typography data-testid="phone-opens" component="p" sx={{ fontSize: 12, color: '#333', ...clampLines(1) }}>
              {TARGET_TEXTS.opens(opens)}
            </Typography>
          )}
        </Box>
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {NOTIFICATION_TEXTS.previewHint}
      </Typography>
    </Box>
  );
}
