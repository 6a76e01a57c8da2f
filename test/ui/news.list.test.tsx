/** The news list on the in-memory league: 6 articles, 2 of them from this week, 3 categories. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { NEWS_TEXTS, SHARED_TEXTS } from '../../src/domain';
import { news } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const rows = () => screen.getAllByRole('row').slice(1);
const search = () => screen.getByRole('textbox', { name: NEWS_TEXTS.searchPlaceholder });

async function openList() {
  const app = renderApp('/news');
  await screen.findByText('Total Item: 6', {}, slow);
  return app;
}

describe('news list', () => {
  beforeEach(signIn);

  it('shows the heading, the figures over all news, the columns and the rows', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: NEWS_TEXTS.listTitle })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(NEWS_TEXTS.statTotal)).toHaveTextContent('6'));
    expect(screen.getByLabelText(news.list.stats.figures.thisWeek.label)).toHaveTextContent('2');
    expect(screen.getByLabelText(news.list.stats.figures.categories.label)).toHaveTextContent('3');
    for (const column of [news.fields.title.label, news.fields.description.label, news.fields.tags.label, NEWS_TEXTS.columnCreated, 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(column) })).toBeInTheDocument();
    }
    const first = rows()[0];
    expect(within(first).getByText('Mumbai Mavericks clinch a thriller')).toBeInTheDocument();
    // The description as text, never its markup.
    expect(within(first).getByText('The chase went down to the final ball.')).toBeInTheDocument();
    expect(within(first).getByText('World Cup')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/news/news-1');
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/news/news-1/edit');
    // The menu has an 'Add News' link too; this is the list's own button.
    const content = document.getElementById('main-content')!;
    expect(within(content).getByRole('link', { name: NEWS_TEXTS.addNew })).toHaveAttribute('href', '/news/create');
  });

  it('searches the description text on the server, and says No matching news found when nothing matches', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.type(search(), 'cover drive');
    await screen.findByText('Total Item: 1', {}, slow);
    expect(getList).toHaveBeenLastCalledWith('news', expect.objectContaining({ filter: { q: 'cover drive' } }));
    expect(within(rows()[0]).getByText('Chennai Chargers clinch a thriller')).toBeInTheDocument();

    await userEvent.clear(search());
    await userEvent.type(search(), 'strong');
    expect(await screen.findByText(NEWS_TEXTS.emptySearchTitle, {}, slow)).toBeInTheDocument();
    expect(screen.getByText(SHARED_TEXTS.tryAnotherSearch)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: NEWS_TEXTS.emptyAction })).not.toBeInTheDocument();
  });

  it('filters by tag from the Filter button', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: news.fields.tags.filterLabel }, slow));
    await userEvent.click(await screen.findByRole('option', { name: 'Final' }));
    await screen.findByText('Total Item: 2', {}, slow);
    rows().forEach((row) => expect(within(row).getByText('Final')).toBeInTheDocument());
  });

  it('shows cards with image, title, small description and tags in the grid', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const [card] = await screen.findAllByRole('article', { name: 'Mumbai Mavericks clinch a thriller' });
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(within(card).getByText('World Cup')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/news/news-1');
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('says No news articles found with Add First News when there is no news at all', async () => {
    const app = renderApp('/news');
    app.dataProvider.getList = async () => ({ data: [], total: 0 });
    expect(await screen.findByText(NEWS_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NEWS_TEXTS.emptyAction })).toHaveAttribute('href', '/news/create');
  });

  it('deletes after its question: the row goes and the figures and total drop', async () => {
    await openList();
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(NEWS_TEXTS.deleteConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Total Item: 5', {}, slow);
    expect(await screen.findByText(NEWS_TEXTS.deleteSuccess)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(NEWS_TEXTS.statTotal)).toHaveTextContent('5'), slow);
  });

  it('shows the server message when the list cannot load', async () => {
    const app = renderApp('/news');
    app.dataProvider.getList = () => Promise.reject(new HttpError('The database is unavailable', 503));
    expect((await screen.findAllByText('The database is unavailable', {}, slow)).length).toBeGreaterThan(0);
  });
});
