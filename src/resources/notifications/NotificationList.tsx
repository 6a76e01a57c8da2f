/**
 * /notifications, 'Notifications Management': the declared list (search over title and body on the
 * server, table or grid, View to the read-only detail page) with the notification's own picture
 * (sent as `logo` by the app), its card, and each push's delivery state, with a scheduled one's time.
 */
import { Box, CardContent, Typography } from '@mui/material';
import { FunctionField, useRecordContext } from 'react-admin';
import { DeclaredList, formatDate, ImagePreview, Thumbnail, type OwnValues } from '../../common';
import { PUSH_TEXTS } from '../../domain';
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

function Picture() {
  const record = useRecordContext<Notification>()!;
  return <Thumbnail src={imageOf(record)} alt={record.title} width={72} />;
}

const columns = [<FunctionField<Notification> key="delivery" label={PUSH_TEXTS.delivery} sortable={false} render={(record) => <DeliveryState record={record} />} />];

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

const VALUES: OwnValues = { image: <Picture /> };

export const NotificationList = () => <DeclaredList entity={notifications} values={VALUES} columns={columns} card={<NotificationCard />} />;
