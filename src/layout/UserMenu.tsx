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

/**
 * The button's accessible name. On wider screens the button shows the admin's name, so its name
 * must hold that visible text (WCAG 2.5.3, axe's label-content-name-mismatch): 'Asha Rao (Profile)'.
 * On phones react-admin shows only an icon, named 'Profile' like its tooltip (it translates the
 * label there with 'Profile' as the fallback).
 */
const userMenuLabel = (fullName?: string) => (fullName ? `${fullName} (${SHELL_EXTRA.profile})` : SHELL_EXTRA.profile);

export const UserMenu = () => {
  const { identity } = useGetIdentity();
  return (
    <RaUserMenu label={userMenuLabel(identity?.fullName)}>
      <Who />
      <Divider />
      <ProfileItem label={SHELL_EXTRA.profile} icon={<PersonIcon fontSize="small" />} />
      <ProfileItem label={SHELL_EXTRA.settings} icon={<ManageAccountsIcon fontSize="small" />} />
      <Logout />
    </RaUserMenu>
  );
};
