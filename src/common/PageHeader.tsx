import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ListButton, Title } from 'react-admin';
import { ACTIONS } from '../domain';

/** Heading row of a detail or form page: Back to the list, the page's h1 (also the app bar's title), and its own buttons. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', py: 2 }}>
      <Title title={title} />
      <ListButton label={ACTIONS.back} icon={<ArrowBackIcon />} />
      <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0 }}>
        {title}
      </Typography>
      {actions && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
