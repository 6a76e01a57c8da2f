/**
 * react-admin's router adapter with every outgoing link and navigation rewritten to Crease's
 * URL scheme (see specPaths.ts). All built-in buttons, row clicks and redirects after save go
 * through these three pieces, so screens get Crease's URLs without knowing about them.
 */
import { forwardRef, useCallback, useContext } from 'react';
import { reactRouterProvider, type RouterLinkProps, type RouterNavigateProps, type RouterProvider } from 'react-admin';
import { UNSAFE_DataRouterContext } from 'react-router-dom';
import { toSpecTo } from './specPaths';

const { Link, Navigate, useNavigate, useLocation } = reactRouterProvider;

const SpecLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function SpecLink({ to, ...props }, ref) {
  return <Link ref={ref} to={toSpecTo(to)} {...props} />;
});

const SpecNavigate = ({ to, ...props }: RouterNavigateProps) => <Navigate to={toSpecTo(to)} {...props} />;

/** A navigation that only changes the query string of the page it was asked from (a list's filters, sort, page). */
const onlyMovesQuery = (to: unknown) => typeof to === 'object' && to !== null && !('pathname' in to && (to as { pathname?: string }).pathname);

/**
 * Navigations in Crease's URL scheme. One that only changes the query string is dropped once the
 * router has left the page that asked for it: a list applies its filters 500 ms after one types or
 * clears a search, and a navigation is a React transition that keeps the list mounted, on its old
 * location, until the next (lazily loaded) page renders; that late change brought the list back
 * over the page just opened (`/teams?filter={}` right after 'Add New Team'). The router's own state
 * is already at the next page, so comparing the two tells a stale change apart. (The data router's
 * context is react-router's own; there is no public hook for its latest location during a transition.)
 */
const useSpecNavigate: RouterProvider['useNavigate'] = () => {
  const navigate = useNavigate();
  const shownPath = useLocation().pathname;
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback<ReturnType<RouterProvider['useNavigate']>>(
    (to, options) => {
      if (typeof to === 'number') return navigate(to);
      if (onlyMovesQuery(to) && router && router.state.location.pathname !== shownPath) return;
      return navigate(toSpecTo(to), options);
    },
    [navigate, router, shownPath],
  );
};

export const specRouterProvider: RouterProvider = {
  ...reactRouterProvider,
  Link: SpecLink,
  Navigate: SpecNavigate,
  useNavigate: useSpecNavigate,
};
