import { Box, Button, Typography } from '@mui/material';
import { Link, Title } from 'react-admin';
import { NOT_FOUND, SHELL_EXTRA } from '../domain';

/** Any path outside the route table (react-admin's catch-all, inside the shell). */
export function NotFound() {
  return (
    <Box sx={{ p: 6, textAlign: 'center' }}>
      <Title title={NOT_FOUND.route} />
      <Typography variant="h2" component="p" color="text.secondary">
        404
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {NOT_FOUND.route}
      </Typography>
      <Typography color="text.secondary" paragraph>
        {SHELL_EXTRA.notFoundHint}
      </Typography>
      <Button variant="contained" component={Link} to="/dashboard">
        {SHELL_EXTRA.backToDashboard}
      </Button>
    </Box>
  );
}
