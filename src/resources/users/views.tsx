/** Placeholders until this resource's screens are built; each is loaded lazily from index.ts. */
import { Placeholder } from '../../common';
import { SCREEN_TITLES } from '../../domain';

const TITLES = SCREEN_TITLES.users;

export const UserList = () => <Placeholder title={TITLES.list} />;
export const UserShow = () => <Placeholder title={TITLES.show} />;
