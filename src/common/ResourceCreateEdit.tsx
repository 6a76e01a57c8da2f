/**
 * The page frames around a resource's form: the heading row with Back, and on edit the loading
 * text, the load failure (a toast, and 'X not found' or the failure with 'Back to X' on the page).
 * Edits wait for the server (pessimistic), so the busy label lasts until it answers and its
 * field errors reach the form.
 */
import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateBase, EditBase, useEditContext, useNotify, type TransformData } from 'react-admin';
import { LoadError, loadErrorMessage } from './LoadError';
import { PageHeader } from './PageHeader';

export function ResourceCreate({ title, transform, children }: { title: string; transform?: TransformData; children: ReactNode }) {
  return (
    <CreateBase transform={transform} redirect={false}>
      <PageHeader title={title} />
      {children}
    </CreateBase>
  );
}

export type EditTexts = {
  /** 'Edit Video' */
  title: string;
  /** 'Loading video data...' */
  loading: string;
  /** 'Failed to load video data.' */
  loadFailure: string;
  /** 'Video not found' */
  notFound: string;
  /** 'Back to Videos' */
  backToList: string;
};

function EditContent({ texts, children }: { texts: EditTexts; children: ReactNode }) {
  const { record, isPending, error } = useEditContext();
  if (isPending) return <Typography sx={{ p: 2 }}>{texts.loading}</Typography>;
  if (error || !record) {
    return <LoadError message={loadErrorMessage(error, { notFound: texts.notFound, failure: texts.loadFailure })} backLabel={texts.backToList} />;
  }
  return <>{children}</>;
}

export function ResourceEdit({ texts, transform, children }: { texts: EditTexts; transform?: TransformData; children: ReactNode }) {
  const notify = useNotify();
  return (
    <EditBase
      mutationMode="pessimistic"
      transform={transform}
      redirect={false}
      // The form starts over whenever the record changes: a refetch on focus would drop the admin's typing.
      queryOptions={{ onError: () => notify(texts.loadFailure, { type: 'error' }), refetchOnWindowFocus: false, refetchOnReconnect: false }}
      redirectOnError={false}
    >
      <PageHeader title={texts.title} />
      <EditContent texts={texts}>{children}</EditContent>
    </EditBase>
  );
}
