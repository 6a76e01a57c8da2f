/** A person's grid card (an app user, an admin): name and e-mail, active or not, then two facts. */
import { Box, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ActiveBadge } from './ActiveBadge';
import { Fact } from './Fact';

export function PersonCard({ name, email, active, facts }: { name: string; email: string; active: boolean; facts: [string, ReactNode][] }) {
  return (
    <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
      </Box>
      <Box>
        <ActiveBadge active={active} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1 }}>
        {facts.map(([label, value]) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
      </Box>
    </CardContent>
  );
}
