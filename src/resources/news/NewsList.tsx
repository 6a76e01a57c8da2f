/**
 * /news, 'News Management' on the shared list frame: figures over all news, search over
 * title, the description's text and tags on the server, a tag filter, table or grid; each
 * article's publishing state, and the state and overdue filters.
 */
import { Box, CardContent, Typography } from '@mui/material';
import { FunctionField, SelectInput, useRecordContext } from 'react-admin';
import { formatDate, ImagePreview, listTexts, PublishingState, publishingFilters, RecordActions, ResourceList, ResourceStats } from '../../common';
import { ACTIONS, NEWS_TAGS, NEWS_TEXTS, PUBLISHING_TEXTS, SHARED_TEXTS, toChoices } from '../../domain';
import { news } from '../../domain/entities';
import { descriptionText, newsDeleteProps, TagChips, tagsOf, type News } from './NewsParts';

const filters = [
  <SelectInput key="tags" source="tags" label={NEWS_TEXTS.tagFilter} choices={toChoices(NEWS_TAGS)} emptyText={ACTIONS.clearFilter} />,
  ...publishingFilters(),
];

/** Two lines of text at most, whatever its length. */
const clamp = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical' as const,
  overflow: 'hidden',
});

const columns = [
  <FunctionField<News>
    key="title"
    label={news.fields.title.label}
    sortBy="title"
    render={(record) => (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {record.title}
      </Typography>
    )}
  />,
  <FunctionField<News>
    key="description"
    label={news.fields.description.label}
    sortable={false}
    render={(record) => (
      <Typography variant="body2" color="text.secondary" sx={{ ...clamp(2), maxWidth: 420 }}>
        {descriptionText(record)}
      </Typography>
    )}
  />,
  <FunctionField<News> key="tags" label={news.fields.tags.label} sortable={false} render={(record) => <TagChips tags={tagsOf(record)} />} />,
  <FunctionField<News> key="status" label={PUBLISHING_TEXTS.status} sortable={false} render={(record) => <PublishingState record={record} />} />,
  <FunctionField<News> key="created" label={NEWS_TEXTS.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
];

function NewsCard() {
  const record = useRecordContext<News>()!;
  return (
    <>
      <ImagePreview src={record.image} alt={record.title} height={140} />
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {record.title}
        </Typography>
        <PublishingState record={record} />
        <Typography variant="body2" color="text.secondary" sx={clamp(3)}>
          {record.small_description}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <TagChips tags={tagsOf(record)} />
          <Typography variant="caption" color="text.secondary">
            {formatDate(record.createdAt)}
          </Typography>
        </Box>
      </CardContent>
    </>
  );
}

export function NewsList() {
  return (
    <ResourceList
      texts={listTexts(NEWS_TEXTS)}
      emptyTexts={{
        empty: { title: NEWS_TEXTS.emptyTitle, action: NEWS_TEXTS.emptyAction },
        searching: { title: NEWS_TEXTS.emptySearchTitle, hint: SHARED_TEXTS.tryAnotherSearch },
      }}
      stats={
        <ResourceStats
          figures={[
            { key: 'total', label: NEWS_TEXTS.statTotal },
            { key: 'thisWeek', label: NEWS_TEXTS.statThisWeek },
            { key: 'categories', label: NEWS_TEXTS.statCategories },
          ]}
        />
      }
      filters={filters}
      sortFields={['createdAt', 'title']}
      columns={columns}
      card={<NewsCard />}
      actions={<RecordActions delete={newsDeleteProps} />}
    />
  );
}
