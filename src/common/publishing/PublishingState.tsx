/**
 * A record's publishing state as the lists, cards and detail pages show it: a chip (Draft, Scheduled,
 * Published) with its time in the admin's time zone where it has one (when a scheduled record goes
 * live, when a published one comes down), and an 'Overdue' chip beside a scheduled record whose time
 * passed without it going live.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ReportIcon from '@mui/icons-material/Report';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Chip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { isOverdue, publishingOf, PUBLISHING_TEXTS, type PublishState, type Publishing } from '../../domain';
import { formatZonedTime } from '../zonedTime';

/** A record as the publishing screens read it: a record from before publishing (no status) reads as published. */
export type PublishingRecord = { status?: PublishState | null; publishAt?: string | null; unpublishAt?: string | null };

/** Its publishing as the domain reads it (a missing record too). */
export const publishingOfRecord = (record: PublishingRecord | undefined): Publishing => publishingOf((record ?? {}) as Record<string, unknown>);

/**
 * Each state's look: text on a tint of its own colour (each pair at least 7:1, so AA holds in either
 * theme), and an icon, so the state is not told by colour alone. A draft is outlined.
 */
const LOOK: Record<PublishState | 'overdue', { color: string; background: string; icon: ReactElement }> = {
  draft: { color: '#374151', background: '#f3f4f6', icon: <EditNoteIcon /> },
  scheduled: { color: '#1e3a8a', background: '#dbeafe', icon: <ScheduleIcon /> },
  published: { color: '#14532d', background: '#dcfce7', icon: <CheckCircleIcon /> },
  overdue: { color: '#7f1d1d', background: '#fee2e2', icon: <ReportIcon /> },
};

function StateChip({ look, label, name, testId }: { look: keyof typeof LOOK; label: string; name: string; testId: string }) {
  const { color, background, icon } = LOOK[look];
  return (
    <Chip
      size="small"
      icon={icon}
      label={label}
      aria-label={name}
      data-testid={testId}
      sx={{
        color,
        bgcolor: background,
        fontWeight: 600,
        border: look === 'draft' ? `1px solid ${color}` : 'none',
        '& .MuiChip-icon': { color },
        maxWidth: '100%',
      }}
    />
  );
}

/** The time beside the chip: when it goes live, or when it comes down; none for a draft or one that stays up. */
export function stateTime(publishing: Publishing): { label: string; at: string } | undefined {
  if (publishing.status === 'scheduled' && publishing.publishAt) return { label: PUBLISHING_TEXTS.publishAt, at: publishing.publishAt };
  if (publishing.status === 'published' && publishing.unpublishAt) return { label: PUBLISHING_TEXTS.unpublishAt, at: publishing.unpublishAt };
  return undefined;
}

export type PublishingStateProps = {
  record: PublishingRecord | undefined;
  /** The present moment the overdue flag is judged at (tests pass one). */
  now?: Date;
  /** Hide the time (where the page says it in full beside). */
  hideTime?: boolean;
};

export function PublishingState({ record, now, hideTime = false }: PublishingStateProps) {
  const publishing = publishingOfRecord(record);
  const overdue = isOverdue(publishing, now);
  const time = hideTime ? undefined : stateTime(publishing);
  const stateName = PUBLISHING_TEXTS.states[publishing.status];
  return (
    <Box data-testid="publishing-state" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <StateChip look={publishing.status} label={stateName} name={`${PUBLISHING_TEXTS.status}: ${stateName}`} testId="publishing-chip" />
      {overdue && <StateChip look="overdue" label={PUBLISHING_TEXTS.overdue} name={`${PUBLISHING_TEXTS.overdue}: ${PUBLISHING_TEXTS.overdueHint}`} testId="overdue-chip" />}
      {time && (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ whiteSpace: 'nowrap' }}>
          {publishing.status === 'published' ? `${time.label} ` : ''}
          {formatZonedTime(time.at)}
        </Typography>
      )}
    </Box>
  );
}
