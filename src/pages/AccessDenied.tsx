import { Box, Button, Typography } from '@mui/material';
import { Link, Title, useGetIdentity } from 'react-admin';
import { ACCESS_DENIED, ROLE_LABELS, SHELL_EXTRA } from '../domain';
import { roleOf } from '../providers/access';

/**
 * Where react-admin sends a page the admin's role may not open (`<Admin accessDenied>`): a list,
 * a record, a form reached by a bookmark or a typed URL. It names the role and leads back.
 */
export function AccessDenied() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
      <Title title={ACCESS_DENIED.title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {ACCESS_DENIED.title}
      </Typography>
      <Typography color="text.secondary" paragraph>
        {identity ? ACCESS_DENIED.body(ROLE_LABELS[roleOf(identity)]) : null}
      </Typography>
      <Button variant="contained" component={Link} to="/dashboard">
        {SHELL_EXTRA.backToDashboard}
      </Button>
    </Box>
  );
}
