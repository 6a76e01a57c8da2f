/**
 * react-admin's router adapter with every outgoing link and navigation rewritten to the spec's
 * URL scheme (see specPaths.ts). All built-in buttons, row clicks and redirects after save go
 * through these three pieces, so screens get spec URLs without knowing about them.
 */
import { forwardRef, useCallback } from 'react';
import { reactRouterProvider, type RouterLinkProps, type RouterNavigateProps, type RouterProvider } from 'react-admin';
import { toSpecTo } from './specPaths';

const { Link, Navigate, useNavigate } = reactRouterProvider;

const SpecLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function SpecLink({ to, ...props }, ref) {
  return <Link ref={ref} to={toSpecTo(to)} {...props} />;
});

const SpecNavigate = ({ to, ...props }: RouterNavigateProps) => <Navigate to={toSpecTo(to)} {...props} />;

const useSpecNavigate: RouterProvider['useNavigate'] = () => {
  const navigate = useNavigate();
  return useCallback<ReturnType<RouterProvider['useNavigate']>>(
    (to, options) => (typeof to === 'number' ? navigate(to) : navigate(toSpecTo(to), options)),
    [navigate],
  );
};

export const specRouterProvider: RouterProvider = {
  ...reactRouterProvider,
  Link: SpecLink,
  Navigate: SpecNavigate,
  useNavigate: useSpecNavigate,
};
