import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One labelled fact of a detail page ('Created At', 'Coach'…), the label small above its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}
