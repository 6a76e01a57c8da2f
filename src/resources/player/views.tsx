/** Placeholders until this resource's screens are built; each is loaded lazily from index.ts. */
import { Placeholder } from '../../common';
import { SCREEN_TITLES } from '../../domain';

const TITLES = SCREEN_TITLES.player;

export const PlayerList = () => <Placeholder title={TITLES.list} />;
export const PlayerShow = () => <Placeholder title={TITLES.show} />;
export const PlayerEdit = () => <Placeholder title={TITLES.edit} />;
export const PlayerCreate = () => <Placeholder title={TITLES.create} />;
