/** Placeholders until this resource's screens are built; each is loaded lazily from index.ts. */
import { Placeholder } from '../../common';
import { SCREEN_TITLES } from '../../domain';

const TITLES = SCREEN_TITLES.notifications;

export const NotificationList = () => <Placeholder title={TITLES.list} />;
export const NotificationShow = () => <Placeholder title={TITLES.show} />;
export const NotificationCreate = () => <Placeholder title={TITLES.create} />;
