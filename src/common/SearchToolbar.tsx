import { useCallback, useContext, useMemo, type ReactElement } from 'react';
import { ListContextProvider, ListToolbar, SearchInput, useListContext } from 'react-admin';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext } from 'react-router-dom';

type SetFilters = ReturnType<typeof useListContext>['setFilters'];

/**
 * The list's `setFilters`, doing nothing once the router has left the page the list is on.
 * The filter form applies what one types (or clears) 500 ms later, and react-admin skips that late
 * change only if the list has unmounted. But a navigation is a React transition: until the next page
 * (a lazily loaded view) has rendered, the list stays mounted, still on its old location, and its late
 * change navigated back to it (`/teams?filter={}` right after 'Add New Team'). The router's own state
 * is already at the next page then, so comparing the two tells a stale change apart. Only the path is
 * compared: the list's own filter and page changes move the query string, and must still apply.
 */
function useSetFiltersWhileShown(setFilters: SetFilters): SetFilters {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const shownPath = useContext(UNSAFE_DataRouterStateContext)?.location.pathname;
  return useCallback(
    (...args: Parameters<SetFilters>) => {
      if (router && router.state.location.pathname !== shownPath) return;
      setFilters(...args);
    },
    [router, shownPath, setFilters],
  );
}

/**
 * react-admin's list toolbar with the search box first: `filters` are the inputs the Filter button
 * shows and hides, `actions` the buttons beside them. The search writes the `q` filter, which the data
 * providers send as the server's `search`, so a search covers every page, not just the loaded one.
 * Every list's search and filters go through here, so none applies after the admin has moved on.
 */
export function SearchToolbar({ search, filters = [], actions }: { search: string; filters?: ReactElement[]; actions: ReactElement }) {
  const list = useListContext();
  const setFilters = useSetFiltersWhileShown(list.setFilters);
  const value = useMemo(() => ({ ...list, setFilters }), [list, setFilters]);
  return (
    <ListContextProvider value={value}>
      <ListToolbar
        // An element, not a component: react-admin reads `alwaysOn` from the element's own props.
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={search} inputProps={{ 'aria-label': search }} />, ...filters]}
        actions={actions}
      />
    </ListContextProvider>
  );
}
