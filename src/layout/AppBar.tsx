import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { Typography } from '@mui/material';
import { SHELL } from '../domain';
import { UserMenu } from './UserMenu';

/** react-admin's bar (menu toggle, loading indicator, light/dark toggle) with the product name and our user menu. */
export const AppBar = () => (
  <RaAppBar userMenu={<UserMenu />} color="primary">
    <Typography variant="h6" component="span" sx={{ fontWeight: 700, mr: 2 }}>
      {SHELL.productName}
    </Typography>
    <TitlePortal />
  </RaAppBar>
);
