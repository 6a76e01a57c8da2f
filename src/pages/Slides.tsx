import { Placeholder } from '../common/Placeholder';
import { SCREEN_TITLES } from '../domain';

/** /slides is a custom page rather than a resource route (SPEC §2.13); its screen is still to come. */
export const Slides = () => <Placeholder title={SCREEN_TITLES.slides} />;
