/** What the news screens share: the record type, its tags as chips, and its own values (tags, no category). */
import { Chip, Stack } from '@mui/material';
import { useRecordContext, type RaRecord } from 'react-admin';
import type { OwnValues, PublishingRecord } from '../../common';
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

const tagsOf = (record: Pick<News, 'tags'>): string[] => (Array.isArray(record.tags) ? record.tags : record.tags ? [record.tags] : []);

export const descriptionText = (record: Pick<News, 'description'>) => htmlText(record.description ?? '');

export function TagChips() {
  const tags = tagsOf(useRecordContext<News>() ?? {});
  if (tags.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {tags.map((tag) => (
        <Chip key={tag} label={tag} size="small" variant="outlined" color="primary" />
      ))}
    </Stack>
  );
}

const Category = () => <>{useRecordContext<News>()?.category || NEWS_TEXTS.noCategory}</>;

/** An article's own values, wherever the list and the detail page show them. */
export const NEWS_VALUES: OwnValues = { tags: <TagChips />, category: <Category /> };
