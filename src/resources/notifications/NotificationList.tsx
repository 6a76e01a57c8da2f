/**
 * /notifications, 'Notifications Management' on the shared list frame:
 * search over title and body on the server, table or grid; cards show the notification's own
 * image, title, body and date, and View opens its read-only detail page. Rows and cards show each
 * push's delivery state, and a scheduled one's time.
 */
import { Box, CardContent, Typography } from '@mui/material';
import { FunctionField, TextField, useRecordContext } from 'react-admin';
import { formatDate, ImagePreview, listTexts, RecordActions, ResourceList, Thumbnail } from '../../common';
import { NOTIFICATION_TEXTS, PUSH_TEXTS, SKELETON_CARDS } from '../../domain';
import { notifications } from '../../domain/entities';
import { clampLines, DeliveryChip, formatSendAt, imageOf, type Notification } from './NotificationParts';

/** The delivery state, and for a scheduled send when it goes out. */
function DeliveryState({ record }: { record: Notification }) {
  const { delivery } = record;
  if (!delivery) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', minWidth: 0 }}>
      <DeliveryChip state={delivery.state} />
      {delivery.state === 'scheduled' && delivery.sendAt && (
        <Typography variant="caption" color="text.secondary">
          {PUSH_TEXTS.scheduledFor} {formatSendAt(delivery.sendAt)}
        </Typography>
      )}
    </Box>
  );
}

const columns = [
  <FunctionField<Notification>
    key="image"
    label={notifications.fields.image.label}
    sortable={false}
    render={(record) => <Thumbnail src={imageOf(record)} alt={record.title} width={72} />}
  />,
  <TextField key="title" source="title" label={notifications.fields.title.label} sx={{ fontWeight: 600 }} />,
  <TextField key="body" source="body" label={notifications.fields.body.label} sortable={false} sx={{ ...clampLines(2), maxWidth: 480, color: 'text.secondary' }} />,
  <FunctionField<Notification> key="delivery" label={PUSH_TEXTS.delivery} sortable={false} render={(record) => <DeliveryState record={record} />} />,
  <FunctionField<Notification>
    key="created"
    label={NOTIFICATION_TEXTS.columnCreated}
    sortBy="createdAt"
    render={(record) => formatDate(record.createdAt)}
  />,
];

function NotificationCard() {
  const record = useRecordContext<Notification>()!;
  return (
    <>
      <ImagePreview src={imageOf(record)} alt={record.title} height={140} />
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {record.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={clampLines(3)}>
          {record.body}
        </Typography>
        <DeliveryState record={record} />
        <Typography variant="caption" color="text.secondary">
          {formatDate(record.createdAt)}
        </Typography>
      </CardContent>
    </>
  );
}

export function NotificationList() {
  return (
    <ResourceList
      texts={listTexts(NOTIFICATION_TEXTS)}
      emptyTexts={{ empty: { title: NOTIFICATION_TEXTS.emptyTitle, hint: NOTIFICATION_TEXTS.emptyHint } }}
      sortFields={['createdAt', 'title']}
      columns={columns}
      card={<NotificationCard />}
      actions={<RecordActions edit={false} />}
      skeletonCount={SKELETON_CARDS.notifications}
    />
  );
}
