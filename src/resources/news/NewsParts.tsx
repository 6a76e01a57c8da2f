/** What the news screens share: the record type, its tags as chips, and its description as plain text. */
import { Chip, Stack } from '@mui/material';
import type { RaRecord } from 'react-admin';
import type { DeleteRecordButtonProps, PublishingRecord } from '../../common';
import { htmlText, NEWS_TEXTS } from '../../domain';

/** The API's article as the screens read it; `tags` may arrive as a single string. */
export type News = RaRecord &
  PublishingRecord & {
  title: string;
  description: string;
  small_description?: string;
  tags?: string[] | string | null;
  category?: string | null;
  image?: string | null;
  createdAt: string;
};

export const tagsOf = (record: Pick<News, 'tags'>): string[] =>
  Array.isArray(record.tags) ? record.tags : record.tags ? [record.tags] : [];

export const descriptionText = (record: Pick<News, 'description'>) => htmlText(record.description ?? '');

export function TagChips({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {tags.map((tag) => (
        <Chip key={tag} label={tag} size="small" variant="outlined" color="primary" />
      ))}
    </Stack>
  );
}

/** Delete from a row, a card or the detail page: the spec's question, then the spec's toasts. */
export const newsDeleteProps: DeleteRecordButtonProps = {
  confirmTitle: NEWS_TEXTS.deleteTitle,
  confirmContent: NEWS_TEXTS.deleteConfirm,
  busyLabel: NEWS_TEXTS.deleting,
  successMessage: NEWS_TEXTS.deleteSuccess,
  failureMessage: NEWS_TEXTS.deleteFailure,
};
