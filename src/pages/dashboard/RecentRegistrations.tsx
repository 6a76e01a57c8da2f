/**
 * 'Recent Registrations': the five newest with Name, Email, Phone, Status and Date. Approved is
 * green, pending yellow, anything else red; a missing status counts as pending.
 * Each row opens the registration's detail page.
 */
import {
  Box,
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useCreatePath, useDataProvider, useNavigate } from 'react-admin';
import { DASHBOARD_RECENT_COUNT, DASHBOARD_TEXTS, REGISTRATION_TEXTS } from '../../domain';
import type { CreaseDataProvider } from '../../providers';
import type { DashboardRegistration } from '../../providers/dashboard';
import { formatDate } from '../../common/format';
import { StatusChip } from '../../common/StatusChip';

const COLUMNS = DASHBOARD_TEXTS.columns;

/** The list's Pending tab, named with its count (counted by the server); nothing until it is known. */
function PendingLink() {
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const { data } = useQuery({
    queryKey: ['registrations', 'getStats', {}],
    queryFn: ({ signal }) => dataProvider.getStats('registrations', { signal, filter: {} }).then((result) => result.data),
  });
  if (data?.pending === undefined) return null;
  return (
    <Box
      component={LinkBase}
      to={`/registrations?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`}
      sx={{ typography: 'body2', fontWeight: 600, color: 'primary.main' }}
    >
      {REGISTRATION_TEXTS.pendingCount(data.pending)}
    </Box>
  );
}

const orNA = (value?: string | null) => value || DASHBOARD_TEXTS.notAvailable;

export function RecentRegistrations({ registrations }: { registrations?: DashboardRegistration[] }) {
  const createPath = useCreatePath();
  const navigate = useNavigate();
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-recent-registrations" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="dashboard-recent-registrations" variant="h6" component="h2">
            {DASHBOARD_TEXTS.recentRegistrations}
          </Typography>
          <PendingLink />
        </Box>
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
