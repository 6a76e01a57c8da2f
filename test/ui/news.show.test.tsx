/** The news detail page on the in-memory league. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { NEWS_TEXTS, SHELL } from '../../src/domain';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const statistics = () => screen.getByRole('region', { name: NEWS_TEXTS.statistics });

async function openDetail(id: string) {
  const app = renderApp(`/news/${id}`);
  await screen.findByRole('heading', { level: 1, name: NEWS_TEXTS.detailTitle }, slow);
  return app;
}

describe('news detail', () => {
  beforeEach(signIn);

  it('renders the description as formatted HTML with its facts, and counts the text, not the markup', async () => {
    await openDetail('news-2');
    expect(screen.getByRole('heading', { level: 2, name: 'Chennai Chargers clinch a thriller' })).toBeInTheDocument();
    // '<p>A textbook <em>cover</em> drive sealed it.</p><ul><li>Runs: 187</li><li>Wickets: 6</li></ul>'
    expect(screen.getByText('cover').tagName).toBe('EM');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(expect.arrayContaining(['Runs: 187', 'Wickets: 6']));
    expect(screen.getByText('Analysis', { selector: 'div' })).toBeInTheDocument();
    expect(screen.getByText('Final')).toBeInTheDocument();
    expect(screen.getByText(SHELL.noImage)).toBeInTheDocument();
    // 'A textbook cover drive sealed it. Runs: 187 Wickets: 6'
    expect(within(statistics()).getByText('10')).toBeInTheDocument();
    expect(within(statistics()).getByText('54')).toBeInTheDocument();
  });

  it('runs nothing a stored description smuggles in', async () => {
    const app = renderApp('/news/news-1');
    const getOne = app.dataProvider.getOne;
    const alarm = vi.fn();
    vi.stubGlobal('alarm', alarm);
    app.dataProvider.getOne = async (resource, params) => {
      const result = await getOne(resource, params);
      const description =
        '<p>Safe text</p><script>window.alarm()</script><img src="x" onerror="window.alarm()"><a href="javascript:window.alarm()">link</a>' +
        '<img src="/uploads/../admin/users" alt="climbs out"><img src="/uploads/kept.png" alt="kept">';
      return { data: { ...result.data, description } } as never;
    };
    expect(await screen.findByText('Safe text', {}, slow)).toBeInTheDocument();
    const article = screen.getByText('Safe text').closest('.news-description')!;
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('img[onerror]')).toBeNull();
    expect([...article.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['kept']);
    expect(within(article as HTMLElement).getByText('link')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
    expect(alarm).not.toHaveBeenCalled();
  });

  it('links Back to /news and Edit to /news/{id}/edit', async () => {
    await openDetail('news-2');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/news');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/news/news-2/edit');
  });

  it('deletes after its question, toasts News deleted successfully and returns to /news', async () => {
    const app = await openDetail('news-2');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(NEWS_TEXTS.deleteConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(NEWS_TEXTS.deleteSuccess)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/news'));
    expect(await screen.findByText('Total Item: 5', {}, slow)).toBeInTheDocument();
  });

  it('toasts Failed to delete news and stays when the delete fails', async () => {
    const app = await openDetail('news-2');
    app.dataProvider.delete = () => Promise.reject(new HttpError('boom', 500));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(NEWS_TEXTS.deleteFailure)).toBeInTheDocument();
    expect(app.pathname()).toBe('/news/news-2');
  });

  it('shows News not found with Back to News for a missing article', async () => {
    renderApp('/news/news-404');
    expect(await screen.findByText(NEWS_TEXTS.notFound, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NEWS_TEXTS.backToList })).toHaveAttribute('href', '/news');
  });

  it('shows the server message, else Failed to fetch news details., when loading fails', async () => {
    const app = renderApp('/news/news-2');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('', 500));
    expect((await screen.findAllByText(NEWS_TEXTS.fetchFailure, {}, slow)).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: NEWS_TEXTS.backToList })).toBeInTheDocument();
  });
});
