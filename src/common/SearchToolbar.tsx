import type { ReactElement } from 'react';
import { ListToolbar, SearchInput } from 'react-admin';

/**
 * react-admin's list toolbar with the search box first: `filters` are the inputs the Filter button
 * shows and hides, `actions` the buttons beside them. The search writes the `q` filter, which the data
 * providers send as the server's `search`, so a search covers every page, not just the loaded one.
 * Every list's search and filters go through here; a late filter change after the admin has moved on is
 * dropped where every navigation goes (routing/specRouterProvider.tsx).
 */
export function SearchToolbar({ search, filters = [], actions }: { search: string; filters?: ReactElement[]; actions: ReactElement }) {
  return (
    <ListToolbar
      // An element, not a component: react-admin reads `alwaysOn` from the element's own props.
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={search} inputProps={{ 'aria-label': search }} />, ...filters]}
      actions={actions}
    />
  );
}
