/** Placeholders until this resource's screens are built; each is loaded lazily from index.ts. */
import { Placeholder } from '../../common';
import { SCREEN_TITLES } from '../../domain';

const TITLES = SCREEN_TITLES.news;

export const NewsList = () => <Placeholder title={TITLES.list} />;
export const NewsShow = () => <Placeholder title={TITLES.show} />;
export const NewsEdit = () => <Placeholder title={TITLES.edit} />;
export const NewsCreate = () => <Placeholder title={TITLES.create} />;
