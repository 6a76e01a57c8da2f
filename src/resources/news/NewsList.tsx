/**
 * /news, 'News Management': the declared list (src/common/declared/DeclaredList.tsx) with the
 * article's own tag chips and its card: the picture, the state, the small description, tags and date.
 */
import { Box, CardContent, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { DeclaredList, formatDate, ImagePreview, lineClamp, PublishingState } from '../../common';
import { news } from '../../domain/entities';
import { NEWS_VALUES, TagChips, type News } from './NewsParts';

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
        <Typography variant="body2" color="text.secondary" sx={lineClamp(3)}>
          {record.small_description}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <TagChips />
          <Typography variant="caption" color="text.secondary">
            {formatDate(record.createdAt)}
          </Typography>
        </Box>
      </CardContent>
    </>
  );
}

export const NewsList = () => <DeclaredList entity={news} values={NEWS_VALUES} card={<NewsCard />} />;
