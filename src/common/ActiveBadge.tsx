import { Chip } from '@mui/material';
import { STATUS } from '../domain';

/** isActive as teams, players, users and notifications show it: an Active or Inactive badge. */
export const ActiveBadge = ({ active }: { active?: boolean | null }) => (
  <Chip
    label={active ? STATUS.active : STATUS.inactive}
    size="small"
    color={active ? 'success' : 'default'}
    variant={active ? 'filled' : 'outlined'}
  />
);
