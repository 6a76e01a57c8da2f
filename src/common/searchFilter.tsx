import { SearchInput } from 'react-admin';

/**
 * The list search box, for a List's `filters`: `filters={searchFilter('Search videos...')}`.
 * It writes the `q` filter, which the data providers send as the server's `search`, so a search
 * covers every page, not just the loaded one. Returned as an element (not a component) because
 * react-admin reads `alwaysOn` from the element's own props.
 */
export const searchFilter = (placeholder: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} inputProps={{ 'aria-label': placeholder }} />,
];
