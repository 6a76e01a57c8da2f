import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * One labelled fact of a detail page or card ('Created At', 'Coach'…), the label small above its value.
 * A long value (an e-mail, a city name) wraps rather than widening its grid past a phone's screen.
 */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, overflowWrap: 'break-word' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}
