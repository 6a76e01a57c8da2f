/**
 * The dashboard's one call, `GET /admin/dashboard`, through the dataProvider's custom method and
 * react-admin's query client: cached under one key, re-run by the app bar's refresh button, and,
 * like react-admin's own data hooks, signing out when the server says the session is no longer valid.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { CreaseDataProvider } from '../../providers';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

export function useDashboard() {
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const query = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: async ({ signal }) => (await dataProvider.getDashboard({ signal })).data,
    // A failure shows the error panel at once; its Retry button asks again.
    retry: false,
  });
  const { error } = query;
  useEffect(() => {
    if (error) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);
  return query;
}
