/**
 * A registration's status as a badge: approved green, pending yellow, anything else red; a
 * missing status counts as pending. The dashboard's recent registrations and the
 * registration screens show it the same way.
 */
import { Chip, type ChipProps } from '@mui/material';
import { DEFAULT_REGISTRATION_STATUS } from '../domain';
import { registrations } from '../domain/entities';

export const statusColor = (status: string): ChipProps['color'] =>
  status === 'approved' ? 'success' : status === 'pending' ? 'warning' : 'error';

/** The status as stored, a missing one as pending. */
export const statusOf = (status?: string | null) => status?.trim() || DEFAULT_REGISTRATION_STATUS;

export function StatusChip({ status }: { status?: string | null }) {
  const value = statusOf(status);
  return (
    <Chip
      label={value}
      size="small"
      color={statusColor(value)}
      aria-label={`${registrations.fields.status.label}: ${value}`}
      // The original panel's pending is yellow; MUI's warning is orange, so the chip is painted amber with dark text.
      sx={{ textTransform: 'capitalize', fontWeight: 600, ...(statusColor(value) === 'warning' && { bgcolor: '#facc15', color: 'rgba(0, 0, 0, 0.87)' }) }}
    />
  );
}
