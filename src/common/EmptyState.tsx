import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  /** The screen's empty text, e.g. 'No videos found'. */
  title: string;
  /** The second line, e.g. 'Try adjusting your search criteria'. */
  hint?: string;
  /** A call to action such as 'Add First News'. */
  action?: ReactNode;
};

/** What a list shows when it has nothing; pass it as a List's `empty` or render it when `total === 0`. */
export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 8, px: 2, color: 'text.secondary' }}>
      <InboxOutlinedIcon sx={{ fontSize: 56, opacity: 0.5 }} />
      <Typography variant="h6" color="text.primary" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {hint && <Typography variant="body2">{hint}</Typography>}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
