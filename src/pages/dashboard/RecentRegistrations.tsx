/**
 * 'Recent Registrations': the five newest with Name, Email, Phone, Status and Date. Approved is
 * green, pending yellow, anything else red; a missing status counts as pending (SPEC §3, §4).
 * Each row opens the registration's detail page.
 */
import {
  Box,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  type ChipProps,
} from '@mui/material';
import type { MouseEvent } from 'react';
import { LinkBase, useCreatePath, useNavigate } from 'react-admin';
import { DASHBOARD_RECENT_COUNT, DASHBOARD_TEXTS, DEFAULT_REGISTRATION_STATUS } from '../../domain';
import type { DashboardRegistration } from '../../providers/dashboard';
import { formatDate } from './format';

const COLUMNS = DASHBOARD_TEXTS.columns;

export const statusColor = (status: string): ChipProps['color'] =>
  status === 'approved' ? 'success' : status === 'pending' ? 'warning' : 'error';

export function StatusChip({ status }: { status?: string | null }) {
  const value = status?.trim() || DEFAULT_REGISTRATION_STATUS;
  return (
    <Chip
      label={value}
      size="small"
      color={statusColor(value)}
      aria-label={`${COLUMNS.status}: ${value}`}
      // The spec's pending is yellow; MUI's warning is orange, so the chip is painted amber with dark text.
      sx={{ textTransform: 'capitalize', fontWeight: 600, ...(statusColor(value) === 'warning' && { bgcolor: '#facc15', color: 'rgba(0, 0, 0, 0.87)' }) }}
    />
  );
}

const orNA = (value?: string | null) => value || DASHBOARD_TEXTS.notAvailable;

export function RecentRegistrations({ registrations }: { registrations?: DashboardRegistration[] }) {
  const createPath = useCreatePath();
  const navigate = useNavigate();
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-recent-registrations" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="dashboard-recent-registrations" variant="h6" component="h2" sx={{ mb: 1 }}>
          {DASHBOARD_TEXTS.recentRegistrations}
        </Typography>
        {registrations?.length === 0 ? (
          <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {DASHBOARD_TEXTS.noRegistrations}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby="dashboard-recent-registrations">
              <TableHead>
                <TableRow>
                  {[COLUMNS.name, COLUMNS.email, COLUMNS.phone, COLUMNS.status, COLUMNS.date].map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody aria-busy={!registrations}>
                {!registrations
                  ? Array.from({ length: DASHBOARD_RECENT_COUNT }, (_, index) => (
                      <TableRow key={index} data-testid="skeleton-item">
                        {Array.from({ length: 5 }, (_, cell) => (
                          <TableCell key={cell}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : registrations.slice(0, DASHBOARD_RECENT_COUNT).map((registration) => {
                      const path = createPath({ resource: 'registrations', type: 'show', id: registration.id });
                      return (
                        <TableRow key={registration.id} hover onClick={() => navigate(path)} sx={{ cursor: 'pointer' }}>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {/* The name is the row's keyboard-reachable link; a click anywhere on the row does the same. */}
                            <Box component={LinkBase} to={path} onClick={(event: MouseEvent) => event.stopPropagation()} sx={{ color: 'inherit', fontWeight: 600, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
                              {orNA(registration.name)}
                            </Box>
                          </TableCell>
                          <TableCell>{orNA(registration.email)}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{orNA(registration.phone)}</TableCell>
                          <TableCell>
                            <StatusChip status={registration.status} />
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(registration.createdAt)}</TableCell>
                        </TableRow>
                      );
                    })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
