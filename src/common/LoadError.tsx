import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box } from '@mui/material';
import { ListButton } from 'react-admin';

type HttpFailure = { status?: number; message?: string };

export const isNotFound = (error: unknown) => (error as HttpFailure | null)?.status === 404;

/** The server's message for a failed call, or the screen's own fallback text. */
export const failureMessage = (error: unknown, fallback: string) => (error as HttpFailure | null)?.message || fallback;

/** 404 shows the screen's 'X not found'; any other failure the server's message or the screen's fallback. */
export const loadErrorMessage = (error: unknown, texts: { notFound: string; failure: string }) =>
  isNotFound(error) ? texts.notFound : failureMessage(error, texts.failure);

/** What a detail or edit page shows instead of a blank page when its record cannot be read: the reason and 'Back to X'. */
export function LoadError({ message, backLabel }: { message: string; backLabel: string }) {
  return (
    <Box sx={{ py: 6, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <Alert severity="warning">{message}</Alert>
      <ListButton label={backLabel} icon={<ArrowBackIcon />} variant="contained" />
    </Box>
  );
}
