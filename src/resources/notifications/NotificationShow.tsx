/**
 * /notifications/{id}, 'Notification Details': read-only, where the old view and
 * edit links land. Its delivery first (state, counts, progress, and the send's own actions), then
 * the image, title, body and created date, and the push as the fans' phones show it.
 */
import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { detailTexts, Fact, formatDate, ImagePreview, ResourceShow } from '../../common';
import { NOTIFICATION_TEXTS, TARGET_TEXTS } from '../../domain';
import { useTargetLabel } from '../../common/TargetInputs';
import { NotificationDelivery } from './NotificationDelivery';
import { imageOf, PhonePreview, type Notification } from './NotificationParts';

function NotificationDetails() {
  const record = useRecordContext<Notification>()!;
  const opens = useTargetLabel(record);
  return (
    <Grid container spacing={3}>
      <Grid size={12}>
        <NotificationDelivery />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card variant="outlined" component="article">
          {imageOf(record) ? (
            <ImagePreview src={imageOf(record)} alt={record.title} height={260} />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
              {NOTIFICATION_TEXTS.noImage}
            </Typography>
          )}
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {record.title}
            </Typography>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {record.body}
            </Typography>
            <Fact label={NOTIFICATION_TEXTS.columnCreated}>{formatDate(record.createdAt)}</Fact>
            {opens && <Fact label={TARGET_TEXTS.opensLabel}>{opens}</Fact>}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }} component="section" aria-label={NOTIFICATION_TEXTS.previewHeading}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {NOTIFICATION_TEXTS.previewHeading}
        </Typography>
        <PhonePreview title={record.title} body={record.body} image={imageOf(record)} at={new Date(record.delivery?.sendAt ?? record.createdAt)} opens={opens} />
      </Grid>
    </Grid>
  );
}

export const NotificationShow = () => (
  <ResourceShow texts={detailTexts(NOTIFICATION_TEXTS, NOTIFICATION_TEXTS.notFound)} editLabel={false}>
    <NotificationDetails />
  </ResourceShow>
);
