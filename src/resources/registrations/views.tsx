/** Placeholders until this resource's screens are built; each is loaded lazily from index.ts. */
import { Placeholder } from '../../common';
import { SCREEN_TITLES } from '../../domain';

const TITLES = SCREEN_TITLES.registrations;

export const RegistrationList = () => <Placeholder title={TITLES.list} />;
export const RegistrationShow = () => <Placeholder title={TITLES.show} />;
export const RegistrationEdit = () => <Placeholder title={TITLES.edit} />;
