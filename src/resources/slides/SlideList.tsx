/**
 * /slides, 'App Slides': the home-screen slides of the app, in the carousel's order.
 * Built from the common list parts rather than ResourceList, as it differs in kind: grid by
 * default, 'Add New Slide' opens a modal, View opens the image, and the grid reorders the slides.
 * Search by id or image address on the server; 8 skeleton cards while loading; errors toasted.
 * Each slide shows its publishing state with Publish now, Unpublish and Schedule (slides have no
 * edit page); the Filter button shows the state and overdue filters.
 */
import { Alert, Box, Card, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, ListBase, Title, TopToolbar, useCanAccess, useListContext, useStoreContext, WrapperField } from 'react-admin';
import {
  EmptyState,
  formatDate,
  ListPagination,
  ListViewToggle,
  LoadingSkeleton,
  PublishingActions,
  publishingFilters,
  PublishingState,
  SearchToolbar,
  Thumbnail,
  useIsPhone,
  useShownListView,
} from '../../common';
import { FilterToggleButton } from '../../common/FilterToggleButton';
import { MAX_PAGE_SIZE, PUBLISHING_TEXTS, SHARED_TEXTS, SHELL, SKELETON_CARDS, SLIDE_TEXTS } from '../../domain';
import { slides as slideEntity } from '../../domain/entities';
import { AddSlideButton } from './AddSlideButton';
import { SlideOrderGrid } from './SlideOrderGrid';
import { DeleteSlideButton, ViewImageButton, type Slide } from './SlideParts';

/** The state and overdue filters, behind the Filter button. */
const FILTERS = publishingFilters();

const isSearching = (filter: Record<string, unknown> | undefined) => Object.values(filter ?? {}).some((value) => value !== undefined && value !== '');

function SlideTable({ slides }: { slides: Slide[] }) {
  const place = (slide: Slide) => slides.findIndex((item) => item.id === slide.id) + 1;
  return (
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <FunctionField<Slide> label={slideEntity.fields.position.label} sortable={false} render={(slide) => `#${place(slide)}`} />
      <FunctionField<Slide>
        label={slideEntity.fields.image.label}
        sortable={false}
        render={(slide) => <Thumbnail src={slide.image} alt={SLIDE_TEXTS.slideImage(place(slide))} width={120} />}
      />
      <FunctionField<Slide> label={SLIDE_TEXTS.columnId} sortable={false} render={(slide) => <code>{String(slide.id)}</code>} />
      <FunctionField<Slide> label={SLIDE_TEXTS.columnCreated} sortable={false} render={(slide) => formatDate(slide.createdAt)} />
      <FunctionField<Slide> label={PUBLISHING_TEXTS.status} sortable={false} render={(slide) => <PublishingState record={slide} />} />
      <WrapperField label={SHELL.actions} sortable={false} textAlign="right">
        <FunctionField<Slide>
          render={(slide) => (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <PublishingActions name={SLIDE_TEXTS.slideLabel(place(slide))} />
              <ViewImageButton slide={slide} place={place(slide)} />
              <DeleteSlideButton />
            </Box>
          )}
        />
      </WrapperField>
    </Datagrid>
  );
}

function SlidesBody() {
  const { data = [], isPending, error, total = 0, filterValues } = useListContext<Slide>();
  const view = useShownListView();
  const searching = isSearching(filterValues);
  // Moving slides writes their order: a role that reads the content only sees it.
  const { canAccess: canReorder } = useCanAccess({ action: 'reorder', resource: 'slides' });
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{error.message || SLIDE_TEXTS.loadFailure}</Alert>;
  if (isPending) {
    return (
      <Box>
        <Typography sx={{ px: 2, pt: 2 }} color="text.secondary">
          {SLIDE_TEXTS.loading}
        </Typography>
        <LoadingSkeleton variant={view} count={SKELETON_CARDS.slides} label={SLIDE_TEXTS.loading} />
      </Box>
    );
  }
  if (!total) return <EmptyState title={SLIDE_TEXTS.emptyTitle} hint={searching ? SHARED_TEXTS.tryAnotherSearch : SLIDE_TEXTS.emptyHint} />;
  if (view === 'table') return <SlideTable slides={data} />;
  const complete = !searching && data.length === total;
  // A role that may not reorder gets no note on why it cannot now.
  const note = canReorder ? (searching ? SLIDE_TEXTS.orderSearching : SLIDE_TEXTS.orderPaged) : undefined;
  return <SlideOrderGrid slides={data} canReorder={complete && canReorder === true} note={note} />;
}

function SlideActions() {
  const isPhone = useIsPhone();
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', flex: '1 1 auto', gap: 1, minHeight: { xs: 0 } }}>
      <FilterToggleButton sources={FILTERS.map((filter) => filter.props.source)} />
      {!isPhone && <ListViewToggle />}
      <AddSlideButton />
    </TopToolbar>
  );
}

/** Slides open as a grid until the admin picks the table (the choice is remembered like other lists'). */
function useGridFirst() {
  const store = useStoreContext();
  useState(() => {
    if (store.getItem('slides.listView') === undefined) store.setItem('slides.listView', 'grid');
    return true;
  });
}

export function SlideList() {
  useGridFirst();
  return (
    <ListBase sort={{ field: 'position', order: 'ASC' }} perPage={MAX_PAGE_SIZE}>
      <Box sx={{ minWidth: 0, pb: 2 }}>
        <Title title={SLIDE_TEXTS.listTitle} />
        <Typography variant="h5" component="h1" sx={{ pt: 2 }}>
          {SLIDE_TEXTS.listTitle}
        </Typography>
        <SearchToolbar search={SLIDE_TEXTS.searchPlaceholder} filters={FILTERS} actions={<SlideActions />} />
        <Card sx={{ minWidth: 0 }}>
          <SlidesBody />
        </Card>
        <ListPagination />
      </Box>
    </ListBase>
  );
}
