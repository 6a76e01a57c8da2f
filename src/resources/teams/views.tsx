/** Placeholders until this resource's screens are built; each is loaded lazily from index.ts. */
import { Placeholder } from '../../common';
import { SCREEN_TITLES } from '../../domain';

const TITLES = SCREEN_TITLES.teams;

export const TeamList = () => <Placeholder title={TITLES.list} />;
export const TeamShow = () => <Placeholder title={TITLES.show} />;
export const TeamEdit = () => <Placeholder title={TITLES.edit} />;
export const TeamCreate = () => <Placeholder title={TITLES.create} />;
