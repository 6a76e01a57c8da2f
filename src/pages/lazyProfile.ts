import { lazyView } from '../common/lazyView';

/**
 * The profile page, downloaded when it opens (from the user menu, or for a first password to
 * choose), so a list page does not carry its forms.
 */
export const Profile = lazyView(() => import('./Profile'), 'Profile');
