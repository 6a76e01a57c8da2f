/** The video list on the in-memory league: 14 videos, 10 a page, newest first. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { naturalSortKey, SHARED_TEXTS, VIDEO_TEXTS } from '../../src/domain';
import { videos } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const rows = () => screen.getAllByRole('row').slice(1);

async function openList(path = '/videos') {
  const app = renderApp(path);
  await screen.findByText('Total Item: 14', {}, slow);
  return app;
}

describe('video list', () => {
  beforeEach(signIn);

  it('shows the heading, the columns, a page of rows and the total', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: VIDEO_TEXTS.listTitle })).toBeInTheDocument();
    for (const column of [VIDEO_TEXTS.detailTitle, VIDEO_TEXTS.columnUploader, VIDEO_TEXTS.columnCreated, SHARED_TEXTS.actions]) {
      expect(screen.getByRole('columnheader', { name: new RegExp(column) })).toBeInTheDocument();
    }
    expect(rows()).toHaveLength(10);
    // Newest first: video-1 is the most recent in the fake league.
    expect(within(rows()[0]).getByText('Mumbai Mavericks highlights #1')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('Match Highlights')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('owner')).toBeInTheDocument();
  });

  it('links Add New Video, View and Edit to /videos/create, /videos/:id and /videos/:id/edit, and a row click to the detail page', async () => {
    const app = await openList();
    expect(screen.getByRole('link', { name: VIDEO_TEXTS.addNew })).toHaveAttribute('href', '/videos/create');
    const first = rows()[0];
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/videos/video-1');
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/videos/video-1/edit');
    await userEvent.click(within(first).getByText('Mumbai Mavericks highlights #1'));
    await waitFor(() => expect(app.pathname()).toBe('/videos/video-1'));
  });

  it('shows the loading text while the first page is on its way', async () => {
    const app = renderApp('/videos');
    app.dataProvider.getList = () => new Promise(() => {});
    expect(await screen.findByText(VIDEO_TEXTS.loading)).toBeInTheDocument();
  });

  it('searches title or category on the server, over every page', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.type(screen.getByRole('textbox', { name: VIDEO_TEXTS.searchPlaceholder }), 'interview');
    await screen.findByText('Total Item: 3', {}, slow);
    expect(getList).toHaveBeenLastCalledWith('videos', expect.objectContaining({ filter: { q: 'interview' } }));
    expect(rows()).toHaveLength(3);
    rows().forEach((row) => expect(within(row).getByText('Interview')).toBeInTheDocument());
  });

  it('says No videos found when the search matches nothing', async () => {
    await openList();
    await userEvent.type(screen.getByRole('textbox', { name: VIDEO_TEXTS.searchPlaceholder }), 'zzz-nothing');
    expect(await screen.findByText(VIDEO_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
    expect(screen.getByText(VIDEO_TEXTS.emptyHint)).toBeInTheDocument();
  });

  it('opens a working category filter from the Filter button', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: videos.fields.category.label }, slow));
    await userEvent.click(await screen.findByRole('option', { name: 'Practice' }));
    await screen.findByText('Total Item: 3', {}, slow);
    rows().forEach((row) => expect(within(row).getByText('Practice')).toBeInTheDocument());
  });

  it('sorts by title from the column header', async () => {
    await openList();
    await userEvent.click(within(screen.getByRole('columnheader', { name: new RegExp(VIDEO_TEXTS.detailTitle) })).getByText(VIDEO_TEXTS.detailTitle));
    await waitFor(() => expect(within(rows()[0]).getByText(/^Chennai Chargers/)).toBeInTheDocument(), slow);
    const titles = rows().map((row) => within(row).getAllByText(/#\d+$/)[0].textContent ?? '');
    // In the server's order, the way a person reads it ('#2' before '#10').
    expect(titles).toEqual([...titles].sort((a, b) => (naturalSortKey(a) < naturalSortKey(b) ? -1 : 1)));
  });

  it('sorts by created date from the column header, oldest first on the first click', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    // The header's sort control is named with the heading as written.
    await userEvent.click(screen.getByRole('button', { name: `Sort by ${VIDEO_TEXTS.columnCreated} ascending` }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('videos', expect.objectContaining({ sort: { field: 'createdAt', order: 'ASC' } })));
    // video-14 is the oldest in the fake league.
    await waitFor(() => expect(within(rows()[0]).getByText(/#14$/)).toBeInTheDocument(), slow);
  });

  it('sorts the grid by title or created date from the sort button, with its own labels', async () => {
    const app = await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    await screen.findAllByRole('article');
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Created Date descending' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: `${videos.fields.title.label} ascending` }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('videos', expect.objectContaining({ sort: { field: 'title', order: 'ASC' } })));
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveAccessibleName(/^Chennai Chargers/), slow);
  });

  it('deletes from the table after the Delete Video dialog: the row goes and the total drops', async () => {
    await openList();
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(VIDEO_TEXTS.deleteTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(VIDEO_TEXTS.deleteConfirmNamed('Mumbai Mavericks highlights #1'))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Total Item: 14')).toBeInTheDocument();

    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Total Item: 13', {}, slow);
    expect(screen.queryByText('Mumbai Mavericks highlights #1')).not.toBeInTheDocument();
  });

  it('shows Deleting... on the dialog button while the delete runs', async () => {
    const app = await openList();
    app.dataProvider.delete = () => new Promise(() => {});
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByRole('dialog')).findByRole('button', { name: VIDEO_TEXTS.deleting })).toBeDisabled();
  });

  it('has a grid view with the same links and delete', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const card = await screen.findByRole('article', { name: 'Mumbai Mavericks highlights #1' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/videos/video-1');
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/videos/video-1/edit');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(VIDEO_TEXTS.deleteTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(VIDEO_TEXTS.deleteConfirmNamed('Mumbai Mavericks highlights #1'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Total Item: 13', {}, slow);
    expect(screen.queryByRole('article', { name: 'Mumbai Mavericks highlights #1' })).not.toBeInTheDocument();
  });
});
