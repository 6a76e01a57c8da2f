/**
 * 'Status & Actions': the Featured and Magic Moment flags, each set to the opposite
 * of what the admin sees by its own server call (the provider's `setFeatured` / `setMagicMoment`
 * with `value`), then the video is re-fetched.
 * The server's message is toasted and kept under the buttons; the chips show the new state.
 */
import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useShowContext } from 'react-admin';
import type { CreaseDataProvider } from '../../providers';
import { VIDEO_TEXTS } from '../../domain';
import { videos } from '../../domain/entities';
import type { Video } from './VideoParts';

type Flag = 'isFeatured' | 'isMagicMoment';

const FLAGS: Record<Flag, { on: string; off: string; set: string; remove: string; call: 'setFeatured' | 'setMagicMoment' }> = {
  isFeatured: {
    on: videos.fields.isFeatured.label,
    off: VIDEO_TEXTS.notFeatured,
    set: VIDEO_TEXTS.setFeatured,
    remove: VIDEO_TEXTS.removeFeatured,
    call: 'setFeatured',
  },
  isMagicMoment: {
    on: videos.fields.isMagicMoment.label,
    off: VIDEO_TEXTS.notMagicMoment,
    set: VIDEO_TEXTS.setMagicMoment,
    remove: VIDEO_TEXTS.removeMagicMoment,
    call: 'setMagicMoment',
  },
};

export function VideoStatusCard() {
  const { record, refetch, resource } = useShowContext<Video>();
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState<Flag | null>(null);
  const [message, setMessage] = useState<string>();
  if (!record) return null;

  const flip = async (flag: Flag) => {
    setBusy(flag);
    try {
      const result = await dataProvider[FLAGS[flag].call](resource, { id: record.id, value: !record[flag] });
      await refetch();
      const text = result.message ?? '';
      setMessage(text);
      if (text) notify(text, { type: 'success' });
    } catch {
      setMessage(undefined);
      notify(VIDEO_TEXTS.toggleFailure, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-label={VIDEO_TEXTS.statusActions}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {VIDEO_TEXTS.statusActions}
        </Typography>
        {(Object.keys(FLAGS) as Flag[]).map((flag) => {
          const texts = FLAGS[flag];
          const on = Boolean(record[flag]);
          return (
            <Stack key={flag} direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Chip
                label={on ? texts.on : texts.off}
                color={on ? 'success' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                data-testid={`${flag}-state`}
              />
              <Button
                variant={on ? 'outlined' : 'contained'}
                color={on ? 'warning' : 'primary'}
                size="small"
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                disabled={busy !== null}
                onClick={() => flip(flag)}
              >
                {on ? texts.remove : texts.set}
              </Button>
            </Stack>
          );
        })}
        {message && (
          <Typography role="status" variant="body2" color="text.secondary">
            {message}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
