/**
 * /news/{id}, 'News Details' on the shared detail frame: the image, the article as
 * formatted HTML (sanitized by the server, and again here with DOMPurify before it is rendered),
 * its facts and its word and character counts, read from the text rather than the markup, and its
 * publishing state with Publish now, Unpublish and Schedule.
 */
import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useRecordContext } from 'react-admin';
import { detailTexts, Fact, formatDate, ImagePreview, PublishingCard, ResourceShow } from '../../common';
import { isNewsImageSource, NEWS_TEXTS, wordCount } from '../../domain';
import { news } from '../../domain/entities';
import { descriptionText, newsDeleteProps, TagChips, tagsOf, type News } from './NewsParts';

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

function NewsDetails() {
  const record = useRecordContext<News>()!;
  const html = useMemo(() => displayHtml(record.description ?? ''), [record.description]);
  const text = descriptionText(record);
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
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
      </Grid>
      <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        <PublishingCard />
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <Fact label={NEWS_TEXTS.columnCreated}>{formatDate(record.createdAt)}</Fact>
            <Fact label={news.fields.category.label}>{record.category || NEWS_TEXTS.noCategory}</Fact>
            <Fact label={news.fields.tags.label}>
              <TagChips tags={tagsOf(record)} />
            </Fact>
          </CardContent>
        </Card>
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
      </Grid>
    </Grid>
  );
}

export const NewsShow = () => (
  <ResourceShow texts={detailTexts(NEWS_TEXTS, NEWS_TEXTS.notFound)} delete={newsDeleteProps}>
    <NewsDetails />
  </ResourceShow>
);
