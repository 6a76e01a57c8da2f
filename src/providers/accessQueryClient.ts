/**
 * react-admin asks `authProvider.canAccess` through its query client, which answers a tick later:
 * every menu entry, button and column it guards would show a moment after its page. The role is
 * already in the session, so this client starts each of those questions with the answer from the
 * stored role (`initialData`); the asynchronous `canAccess` then confirms it (after the profile's
 * fresh role, once a page load) and the page follows if it changed.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';

/** A synchronous answer for one resource and action; undefined leaves the question to `canAccess` alone. */
export type AccessNow = (params: { resource: string; action: string }) => boolean | undefined;

/** react-admin's keys: useCanAccess `['auth', 'canAccess', { resource, action, … }]`, useCanAccessResources `['auth', 'canAccess', resources, action, record]`. */
function initialAnswer(key: QueryKey, now: AccessNow): unknown {
  if (key[0] !== 'auth' || key[1] !== 'canAccess') return undefined;
  const [, , first, second] = key;
  if (Array.isArray(first) && typeof second === 'string') {
    const answers = first.map((resource: string) => [resource, now({ resource, action: second })] as const);
    return answers.every(([, answer]) => answer !== undefined) ? Object.fromEntries(answers) : undefined;
  }
  const params = first as { resource?: unknown; action?: unknown } | undefined;
  return typeof params?.resource === 'string' && typeof params.action === 'string' ? now({ resource: params.resource, action: params.action }) : undefined;
}

export function accessQueryClient(now: AccessNow): QueryClient {
  const client = new QueryClient();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    if (defaulted.initialData !== undefined || !defaulted.queryKey) return defaulted;
    const answer = initialAnswer(defaulted.queryKey, now);
    return answer === undefined ? defaulted : { ...defaulted, initialData: answer };
  }) as typeof client.defaultQueryOptions;
  return client;
}
