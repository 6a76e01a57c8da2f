/** The top bar's user menu: who is signed in, Profile and Settings (both the profile page), and 'Sign out'. */
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonIcon from '@mui/icons-material/Person';
import { Divider, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { Link, Logout, UserMenu as RaUserMenu, useGetIdentity, useUserMenu } from 'react-admin';
import { SHELL, SHELL_EXTRA } from '../domain';

const ProfileItem = forwardRef<HTMLAnchorElement, { label: string; icon: React.ReactNode }>(function ProfileItem({ label, icon }, ref) {
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem component={Link} to="/profile" onClick={onClose} ref={ref}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
});

function Who() {
  const { identity } = useGetIdentity();
  return (
    <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
      <ListItemText primary={identity?.fullName ?? SHELL.defaultName} secondary={identity?.email} />
    </MenuItem>
  );
}

export const UserMenu = () => (
  <RaUserMenu>
    <Who />
    <Divider />
    <ProfileItem label={SHELL_EXTRA.profile} icon={<PersonIcon fontSize="small" />} />
    <ProfileItem label={SHELL_EXTRA.settings} icon={<ManageAccountsIcon fontSize="small" />} />
    <Logout />
  </RaUserMenu>
);
