/**
 * /news/{id}, 'News Details': the declared detail page (src/common/declared/DeclaredShow.tsx) laid
 * out as the article (its picture, and its story as formatted HTML, sanitized by the server and
 * again here before it is rendered) beside its publishing state, its facts, and its word and
 * character counts, read from the text rather than the markup.
 */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useRecordContext } from 'react-admin';
import { DeclaredFacts, DeclaredShow, Fact, ImagePreview, PublishingCard } from '../../common';
import { isNewsImageSource, NEWS_TEXTS, wordCount } from '../../domain';
import { news } from '../../domain/entities';
import { descriptionText, NEWS_VALUES, type News } from './NewsParts';

/**
 * What may run or load is decided again here: pictures only from the server's uploads or https,
 * as the server now stores them, so a description saved before that rule shows no other.
 */
function displayHtml(description: string): string {
  const fragment = DOMPurify.sanitize(description, { RETURN_DOM_FRAGMENT: true });
  for (const img of fragment.querySelectorAll('img')) if (!isNewsImageSource(img.getAttribute('src') ?? '')) img.remove();
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

function NewsArticle() {
  const record = useRecordContext<News>()!;
  const html = useMemo(() => displayHtml(record.description ?? ''), [record.description]);
  return (
    <Card variant="outlined" component="article">
      <ImagePreview src={record.image} alt={record.title} height={280} />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h2">
          {record.title}
        </Typography>
        {record.small_description && (
          <Typography variant="subtitle1" color="text.secondary">
            {record.small_description}
          </Typography>
        )}
        <Box
          className="news-description"
          sx={{ typography: 'body1', overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' } }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </CardContent>
    </Card>
  );
}

function NewsStatistics() {
  const text = descriptionText(useRecordContext<News>()!);
  return (
    <Card variant="outlined" component="section" aria-label={NEWS_TEXTS.statistics}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {NEWS_TEXTS.statistics}
        </Typography>
        <Stack direction="row" spacing={4}>
          <Fact label={NEWS_TEXTS.wordCount}>{wordCount(text)}</Fact>
          <Fact label={NEWS_TEXTS.characterCount}>{text.length}</Fact>
        </Stack>
      </CardContent>
    </Card>
  );
}

export const NewsShow = () => (
  <DeclaredShow
    entity={news}
    main={<NewsArticle />}
    side={
      <>
        <PublishingCard />
        <DeclaredFacts entity={news} values={NEWS_VALUES} />
        <NewsStatistics />
      </>
    }
  />
);
