import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout as RaLayout, Notification, useGetIdentity } from 'react-admin';
import { Profile } from '../pages/lazyProfile';
import { SHELL, TOAST_AUTO_CLOSE_MS } from '../domain';
import { AppBar } from './AppBar';
import { Menu, MenuSidebar } from './Menu';

/**
 * Toasts top-right, closing after 5 s. MUI's Snackbar already pauses its timer while
 * hovered and while the window is not focused.
 */
export const Toasts = () => (
  <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_AUTO_CLOSE_MS} />
);

export const Footer = () => (
  <Typography component="footer" variant="caption" color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
    {SHELL.footer(new Date().getFullYear())}
  </Typography>
);

/** An admin given a first password by another sees only the choice of their own until they have made it; one the league's policy holds, only the two-factor set-up. */
export function Layout({ children }: { children: ReactNode }) {
  const { identity } = useGetIdentity();
  return (
    <RaLayout appBar={AppBar} menu={Menu} sidebar={MenuSidebar}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)' }}>
        <Box sx={{ flex: 1 }}>{identity?.mustChangePassword ? <Profile choosing /> : identity?.mustSetUpSecondFactor ? <Profile settingUp /> : children}</Box>
        <Footer />
      </Box>
    </RaLayout>
  );
}
