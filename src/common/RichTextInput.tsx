/**
 * The rich-text editor (tiptap, about 190 KB gzipped) behind React.lazy, so only the screens that
 * show an editor download it: never the sign-in page or the lists.
 */
import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { RichTextInputProps } from 'ra-input-rich-text';

const Editor = lazy(() => import('./RichTextEditor').then((module) => ({ default: module.RichTextEditor })));

export const RichTextInput = (props: RichTextInputProps) => (
  <Suspense fallback={<Skeleton variant="rectangular" height={220} aria-label="Loading editor" />}>
    <Editor {...props} />
  </Suspense>
);
