/**
 * The page frame every detail page shares: Back, Edit and Delete (asking with the resource's text,
 * then a toast and back to the list), the loading text, the not-found state ('X not found' with
 * 'Back to X'), an error toast with the server's message or the screen's fallback, and under the
 * facts the record's History from the activity log.
 */
import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { EditButton, ShowBase, useNotify, useRedirect, useResourceContext, useShowContext } from 'react-admin';
import { ACTIONS } from '../domain';
import { RecordHistory } from './activity';
import { DeleteRecordButton, type DeleteRecordButtonProps } from './DeleteRecordButton';
import { failureMessage, isNotFound, LoadError, loadErrorMessage } from './LoadError';
import { PageHeader } from './PageHeader';

export type DetailTexts = {
  /** 'Video Details' */
  title: string;
  /** 'Loading video details...' */
  loading: string;
  /** 'Video not found' */
  notFound: string;
  /** 'Back to Videos' */
  backToList: string;
  /** 'Failed to fetch video details.': the toast when the server gives no message. */
  failure: string;
};

export type ResourceShowProps = {
  texts: DetailTexts;
  /** The Edit button's label ('Edit', 'Edit Team'); false for read-only records. */
  editLabel?: string | false;
  /** Delete with its dialog texts; left out where the record cannot be deleted. */
  delete?: Omit<DeleteRecordButtonProps, 'redirectToList'>;
  /** More buttons beside Edit and Delete. */
  actions?: ReactNode;
  /** The record's facts; they read it from the record context. */
  children: ReactNode;
  /** After a failed load (not a missing record), the toast and back to the list, as registrations have it. */
  leaveOnLoadError?: boolean;
};

function ShowContent({ texts, editLabel = ACTIONS.edit, delete: remove, actions, children }: ResourceShowProps) {
  const { record, isPending, error } = useShowContext();
  if (isPending) return <Typography sx={{ p: 2 }}>{texts.loading}</Typography>;
  if (error || !record) return <LoadError message={loadErrorMessage(error, texts)} backLabel={texts.backToList} />;
  return (
    <>
      <PageHeader
        title={texts.title}
        actions={
          <>
            {actions}
            {editLabel && <EditButton label={editLabel} variant="outlined" />}
            {remove && <DeleteRecordButton {...remove} redirectToList />}
          </>
        }
      />
      {children}
      <RecordHistory />
    </>
  );
}

export function ResourceShow(props: ResourceShowProps) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    <ShowBase
      redirectOnError={false}
      queryOptions={{
        // A 404 is the not-found state on the page; anything else also gets a toast.
        onError: (error) => {
          if (isNotFound(error)) return;
          notify(failureMessage(error, props.texts.failure), { type: 'error' });
          if (props.leaveOnLoadError) redirect('list', resource);
        },
      }}
    >
      <ShowContent {...props} />
    </ShowBase>
  );
}
