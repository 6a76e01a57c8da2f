import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { Typography } from '@mui/material';
import { SHELL } from '../domain';
import { UserMenu } from './UserMenu';

/**
 * react-admin's bar (menu toggle, loading indicator, light/dark toggle) with the product name and our
 * user menu. The page title gives way first: it may shrink to nothing with an ellipsis (minWidth 0,
 * as a flex item would otherwise keep its full text width), and on phones the product name is hidden,
 * so the buttons always stay on screen.
 */
export const AppBar = () => (
  <RaAppBar userMenu={<UserMenu />} color="primary">
    <Typography
      variant="h6"
      component="span"
      sx={{ fontWeight: 700, mr: 2, flexShrink: 0, display: { xs: 'none', sm: 'inline' } }}
    >
      {SHELL.productName}
    </Typography>
    {/* react-admin wraps the title in an inline-block span, which would clip it without the ellipsis. */}
    <TitlePortal sx={{ minWidth: 0, '& .RaConfigurable-root': { display: 'inline' } }} />
  </RaAppBar>
);
