/**
 * /videos, 'Video Management' (SPEC §2.5): server-side search (`q` → `search`) over every video,
 * a category filter behind the Filter button, sorting by title or created date, table or grid.
 */
import { Box, Typography } from '@mui/material';
import { CreateButton, List, SelectInput, SortButton, TopToolbar, useListContext } from 'react-admin';
import { EmptyState, FilterToggleButton, ListPagination, ListViewToggle, LoadingSkeleton, searchFilter, useListView } from '../../common';
import { ACTIONS, SKELETON_CARDS, VIDEO_CATEGORIES, VIDEO_TEXTS, toChoices } from '../../domain';
import { VideoGrid } from './VideoGrid';
import { VideoTable } from './VideoTable';

/** Search is always shown; the category select appears when the Filter button asks for it. */
const filters = [
  ...searchFilter(VIDEO_TEXTS.searchPlaceholder),
  <SelectInput
    key="category"
    source="category"
    label={VIDEO_TEXTS.categoryFilter}
    choices={toChoices(VIDEO_CATEGORIES)}
    emptyText={ACTIONS.clearFilter}
  />,
];

/** The server sorts by these two fields only (title, createdAt). */
const SORTABLE = ['createdAt', 'title'];

function VideoListActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <FilterToggleButton source="category" />
      <SortButton fields={SORTABLE} />
      <ListViewToggle />
      <CreateButton label={VIDEO_TEXTS.addNew} variant="contained" />
    </TopToolbar>
  );
}

/** Loading, empty or the rows in the chosen view; an empty search shows the spec's empty texts. */
function VideoListBody() {
  const { isPending, total } = useListContext();
  const [view] = useListView();
  if (isPending) {
    return (
      <Box>
        <Typography sx={{ px: 2, pt: 2 }} color="text.secondary">
          {VIDEO_TEXTS.loading}
        </Typography>
        <LoadingSkeleton variant={view} count={SKELETON_CARDS.grid} label={VIDEO_TEXTS.loading} />
      </Box>
    );
  }
  if (!total) return <EmptyState title={VIDEO_TEXTS.emptyTitle} hint={VIDEO_TEXTS.emptyHint} />;
  return view === 'grid' ? <VideoGrid /> : <VideoTable />;
}

export function VideoList() {
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ pt: 2 }}>
        {VIDEO_TEXTS.listTitle}
      </Typography>
      <List
        title={VIDEO_TEXTS.listTitle}
        filters={filters}
        actions={<VideoListActions />}
        pagination={<ListPagination />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        // The body draws its own empty state, so search box and buttons stay visible with no rows.
        empty={false}
      >
        <VideoListBody />
      </List>
    </Box>
  );
}
