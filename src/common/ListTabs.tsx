/**
 * Tabs over a list, each one value of a filter (none for 'All'), with its count and its own sort:
 * a tab is a filter the admin sees at a glance. For `ResourceList`'s `tabs` slot:
 *
 *   <ListTabs source="when" label="Matches by date" tabs={[{ label: 'Upcoming', value: 'upcoming', count: 2, sort: … }]} />
 */
import { Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { SyntheticEvent } from 'react';
import { useDataProvider, useListContext, useResourceContext, type SortPayload } from 'react-admin';
import type { CreaseDataProvider } from '../providers';
import { formatCount } from './format';

export type ListTab = {
  label: string;
  /** The filter's value; left out for the tab that shows every record. */
  value?: string;
  /** Shown after the label, '(12)'; left out while unknown. */
  count?: number;
  /** The order the tab opens in (e.g. soonest first); the list's current sort stays when left out. */
  sort?: SortPayload;
};

export function ListTabs({ source, tabs, label }: { source: string; tabs: ListTab[]; label: string }) {
  const { filterValues, displayedFilters, setFilters, sort, setSort } = useListContext();
  const current = String(filterValues?.[source] ?? '');

  const choose = (_event: SyntheticEvent, value: string) => {
    const rest = { ...filterValues };
    delete rest[source];
    // Both changes land in one navigation (react-admin batches list parameter changes of one tick).
    setFilters(value ? { ...rest, [source]: value } : rest, displayedFilters);
    const wanted = tabs.find((tab) => (tab.value ?? '') === value)?.sort;
    if (wanted && (wanted.field !== sort.field || wanted.order !== sort.order)) setSort(wanted);
  };

  return (
    <Tabs
      value={tabs.some((tab) => (tab.value ?? '') === current) ? current : false}
      onChange={choose}
      aria-label={label}
      variant="scrollable"
      allowScrollButtonsMobile
      // The tabs scroll within the width they are given; without containment their full row (all
      // labels and counts) becomes the page's minimum width, and a phone scrolls the whole page sideways.
      sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 }, contain: 'inline-size' }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.value ?? ''}
          value={tab.value ?? ''}
          label={tab.count === undefined ? tab.label : `${tab.label} (${formatCount(tab.count)})`}
          sx={{ textTransform: 'none' }}
        />
      ))}
    </Tabs>
  );
}

/**
 * The tabs' counts: the server's figures (`getStats` with a filter) over what the list's search and
 * filters select, whatever tab (`source`) is open. The query key starts with the resource, so
 * react-admin's saves and deletes refresh the counts with the list; a new search keeps the old
 * counts on screen until the new ones arrive.
 */
export function useTabCounts(source: string): Record<string, number> | undefined {
  const resource = useResourceContext()!;
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const filter = { ...filterValues };
  delete filter[source];
  return useQuery({
    queryKey: [resource, 'getStats', filter],
    queryFn: ({ signal }) => dataProvider.getStats(resource, { signal, filter }).then((result) => result.data),
    placeholderData: (previous) => previous,
  }).data;
}
