import ConstructionIcon from '@mui/icons-material/Construction';
import { Alert, Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { SHELL } from '../domain';

/** Stands in for a screen that is not built yet, so its route is real and its state is obvious. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Box sx={{ p: 3 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info" icon={<ConstructionIcon />}>
        {SHELL.placeholder}
      </Alert>
    </Box>
  );
}
