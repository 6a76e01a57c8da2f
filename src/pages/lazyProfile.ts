import { lazy } from 'react';

/**
 * The profile page, downloaded when it opens (from the user menu, or for a first password to
 * choose), so a list page does not carry its forms.
 */
export const Profile = lazy(() => import('./Profile').then((module) => ({ default: module.Profile })));
