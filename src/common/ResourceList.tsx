/**
 * The page frame every list shares: the heading, optional stat cards, the toolbar
 * (server-side search, Filter, sort, table/grid, the primary 'Add …'), loading text and skeleton,
 * the empty states, the table or the grid of cards, and the pagination bar.
 * A resource hands it only its texts, columns, card, filters and figures.
 */
import { Alert, Box, Card, CardActions, Checkbox, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  BulkActionsToolbar,
  CreateButton,
  Datagrid,
  DatagridClasses,
  ListBase,
  RecordContextProvider,
  SortButton,
  Title,
  TopToolbar,
  useCanAccess,
  useGetRecordRepresentation,
  useListContext,
  useResourceContext,
  useResourceDefinition,
  WrapperField,
  type SortPayload,
} from 'react-admin';
import { SHELL, SKELETON_CARDS } from '../domain';
import { EmptyState } from './EmptyState';
import { FilterToggleButton } from './FilterToggleButton';
import { ListPagination } from './ListPagination';
import { ListViewToggle } from './ListViewToggle';
import { LoadingSkeleton } from './LoadingSkeleton';
import { SearchToolbar } from './SearchToolbar';
import { useIsPhone, useShownListView } from './useListView';

export type ListTexts = {
  /** 'Video Management': the h1 and the app bar's title. */
  title: string;
  /** The search box's placeholder and accessible name. */
  search: string;
  /** 'Loading videos...' */
  loading: string;
  /** The primary button, e.g. 'Add New Video'; leave out for lists without one (users). */
  addNew?: string;
  /** The Actions column's heading ('Actions' unless given). */
  actions?: string;
};

export type EmptyTexts = {
  /** With no records at all: 'No news articles found', and e.g. an 'Add First News' button. */
  empty: { title: string; hint?: string; action?: string };
  /** While searching or filtering; the `empty` texts are used when left out. */
  searching?: { title: string; hint?: string };
};

export type ResourceListProps = {
  texts: ListTexts;
  emptyTexts: EmptyTexts;
  /** The table's columns (react-admin fields, each with a key); the frame adds the Actions column. */
  columns: ReactElement[];
  /** One grid card's content (media and text) for the record in context; the frame adds the actions. */
  card: ReactNode;
  /** View, Edit, Delete… for the record in context, shown in the table's last column and under each card; null for none. */
  actions: ReactNode;
  /** Inputs the Filter button shows and hides. */
  filters?: ReactElement<{ source: string }>[];
  /** Fields the sort button offers (the server's sortable fields). */
  sortFields?: string[];
  sort?: SortPayload;
  /** Headline figures above the toolbar, e.g. `<ResourceStats figures={…} />`. */
  stats?: ReactNode;
  /** Tabs between the toolbar and the rows, e.g. `<ListTabs source="when" tabs={…} />`. */
  tabs?: ReactNode;
  skeletonCount?: number;
  /**
   * Buttons for the records the admin selects (e.g. `<><ApproveButton /><RejectButton /></>`); with
   * them, each row and each card gets a checkbox. Left out: no selection.
   */
  bulkActionButtons?: ReactElement;
  /** A row opens its record's detail page, unless the records have none (false). */
  rowClick?: 'show' | false;
};

function ListActions({ texts, filterSources, sortFields }: { texts: ListTexts; filterSources: string[]; sortFields?: string[] }) {
  const isPhone = useIsPhone();
  // Only where the resource has a form to open (app users, for one, are never added here).
  const { hasCreate } = useResourceDefinition();
  return (
    // Takes the width its buttons need beside the search box, and wraps them (right-aligned) only when they do not fit.
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', flex: { xs: '1 1 auto', md: '0 1 auto' }, gap: 1, minHeight: { xs: 0 } }}>
      {filterSources.length > 0 && <FilterToggleButton sources={filterSources} />}
      {sortFields && <SortButton fields={sortFields} />}
      {!isPhone && <ListViewToggle />}
      {texts.addNew && hasCreate && <CreateButton label={texts.addNew} variant="contained" />}
    </TopToolbar>
  );
}

/**
 * The grid of cards (and every list on a phone). With bulk actions, each card has a checkbox and the
 * selection gets the same toolbar as the table's, so a phone can act on many records too.
 */
function RecordCard({ card, actions, bulkActionButtons }: { card: ReactNode; actions: ReactNode; bulkActionButtons?: ReactElement }) {
  const resource = useResourceContext();
  const represent = useGetRecordRepresentation(resource);
  const { data = [], selectedIds, onToggleItem } = useListContext();
  return (
    <>
      {bulkActionButtons && <BulkActionsToolbar>{bulkActionButtons}</BulkActionsToolbar>}
      <Box sx={{ display: 'grid', gap: 2, p: { xs: 1, sm: 2 }, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))' }}>
        {data.map((record) => {
          const name = String(represent(record));
          return (
            <RecordContextProvider key={record.id} value={record}>
              <Card variant="outlined" component="article" aria-label={name} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>{card}</Box>
                <CardActions sx={{ justifyContent: 'flex-end' }}>
                  {bulkActionButtons && (
                    <Checkbox
                      checked={selectedIds.includes(record.id)}
                      onChange={() => onToggleItem(record.id)}
                      aria-label={SHELL.selectRecord(name)}
                      sx={{ mr: 'auto' }}
                    />
                  )}
                  {actions}
                </CardActions>
              </Card>
            </RecordContextProvider>
          );
        })}
      </Box>
    </>
  );
}

/** Loading, empty or the rows in the shown view. */
function ListBody({ texts, emptyTexts, columns, card, actions, skeletonCount, bulkActionButtons: bulkButtons, rowClick = 'show' }: ResourceListProps) {
  const { isPending, total, filterValues, error, resource } = useListContext();
  const view = useShownListView();
  // Bulk actions write the records they change: a role that may not edit gets no selection at all.
  const { canAccess: mayEdit } = useCanAccess({ action: 'edit', resource });
  const bulkActionButtons = mayEdit ? bulkButtons : undefined;
  // react-admin has already toasted the server's message; the page says it too instead of 'No … found'.
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{error.message}</Alert>;
  if (isPending) {
    return (
      <Box>
        <Stack direction="row" spacing={1} sx={{ px: 2, pt: 2, alignItems: 'center' }}>
          {/* The spinner is decoration: the text says it, and the skeleton carries the busy state for screen readers. */}
          <CircularProgress size={16} aria-hidden />
          <Typography color="text.secondary">{texts.loading}</Typography>
        </Stack>
        <LoadingSkeleton variant={view} count={skeletonCount ?? SKELETON_CARDS.grid} label={texts.loading} />
      </Box>
    );
  }
  if (!total) {
    const searching = Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== '');
    const shown = searching ? (emptyTexts.searching ?? emptyTexts.empty) : emptyTexts.empty;
    const action = !searching && emptyTexts.empty.action ? <CreateButton label={emptyTexts.empty.action} variant="contained" /> : undefined;
    return <EmptyState title={shown.title} hint={shown.hint} action={action} />;
  }
  if (view === 'grid') return <RecordCard card={card} actions={actions} bulkActionButtons={bulkActionButtons} />;
  return (
    // rowClick "show" goes through the router adapter, which turns it into /{resource}/{id}.
    <Datagrid
      rowClick={rowClick}
      bulkActionButtons={bulkActionButtons ?? false}
      // A table wider than its card scrolls inside it, rather than widening the whole page.
      sx={{ [`& .${DatagridClasses.tableWrapper}`]: { overflowX: 'auto', contain: 'inline-size' } }}
    >
      {columns}
      {actions && (
        <WrapperField label={texts.actions ?? SHELL.actions} sortable={false} textAlign="right">
          {actions}
        </WrapperField>
      )}
    </Datagrid>
  );
}

export function ResourceList(props: ResourceListProps) {
  const { texts, filters = [], sortFields, sort = { field: 'createdAt', order: 'DESC' }, stats, tabs } = props;
  return (
    <ListBase sort={sort}>
      <Box sx={{ minWidth: 0, pb: 2 }}>
        <Title title={texts.title} />
        <Typography variant="h5" component="h1" sx={{ pt: 2 }}>
          {texts.title}
        </Typography>
        {stats}
        <SearchToolbar
          search={texts.search}
          filters={filters}
          actions={<ListActions texts={texts} filterSources={filters.map((filter) => filter.props.source)} sortFields={sortFields} />}
        />
        <Card sx={{ minWidth: 0 }}>
          {tabs}
          <ListBody {...props} />
        </Card>
        <ListPagination />
      </Box>
    </ListBase>
  );
}
