/** Placeholders until this resource's screens are built; each is loaded lazily from index.ts. */
import { Placeholder } from '../../common';
import { SCREEN_TITLES } from '../../domain';

const TITLES = SCREEN_TITLES.matches;

export const MatchList = () => <Placeholder title={TITLES.list} />;
export const MatchShow = () => <Placeholder title={TITLES.show} />;
export const MatchEdit = () => <Placeholder title={TITLES.edit} />;
export const MatchCreate = () => <Placeholder title={TITLES.create} />;
