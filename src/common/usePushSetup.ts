/**
 * `GET /admin/notifications/push` through react-admin's query client: whether push delivery is set
 * up and how many phones are registered. The key starts with the resource, so creating a
 * notification (or the app bar's refresh) reads it again.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CreaseDataProvider } from '../providers';

export function usePushSetup() {
  const dataProvider = useDataProvider<CreaseDataProvider>();
  return useQuery({
    queryKey: ['notifications', 'pushSetup'],
    queryFn: async ({ signal }) => (await dataProvider.getPushSetup({ signal })).data,
  });
}
