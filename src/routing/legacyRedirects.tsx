/**
 * Paths the original screens linked to that are not in the route table, each sent to
 * its canonical route. Users and notifications have no edit form, so their edit links land on the
 * read-only detail page.
 */
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';

export const LEGACY_REDIRECTS: readonly (readonly [from: string, to: string])[] = [
  ['/videos/:id/view', '/videos/:id'],
  ['/videos/edit/:id', '/videos/:id/edit'],
  ['/news/:id/view', '/news/:id'],
  ['/team/:id/view', '/teams/:id'],
  ['/team/:id/edit', '/teams/:id/edit'],
  ['/team', '/teams'],
  ['/user/:id/view', '/users/:id'],
  ['/user/:id/edit', '/users/:id'],
  ['/notifications/:id/view', '/notifications/:id'],
  ['/notifications/:id/edit', '/notifications/:id'],
  ['/matchs/create', '/matches/create'],
  ['/matchs/:id/edit', '/matches/:id/edit'],
];

/** Uses react-router's own Navigate: the targets are already in Crease's scheme and must not be rewritten again. */
function RedirectTo({ to }: { to: string }) {
  const { id = '' } = useParams();
  const { search } = useLocation();
  return <Navigate replace to={to.replace(':id', encodeURIComponent(id)) + search} />;
}

export const legacyRedirectRoutes = LEGACY_REDIRECTS.map(([from, to]) => (
  <Route key={from} path={from} element={<RedirectTo to={to} />} />
));
