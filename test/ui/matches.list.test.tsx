/**
 * The match list on the in-memory league: 6 matches dated from now, match-1 (in 2 days)
 * and match-2 (in 9 days) upcoming, match-3 to match-6 (1, 5, 12 and 20 days ago) played.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { MATCH_TEXTS } from '../../src/domain';
import { matches } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

// Generous: the machine's two cores are shared with other suites.
const slow = { timeout: 15_000 };
const rows = () => screen.getAllByRole('row').slice(1);
const stadiums = () => rows().map((row) => within(row).getAllByRole('cell')[2].textContent);
const tab = (name: RegExp) => screen.getByRole('tab', { name });
/** 'YYYY-MM-DD' of the day `days` from today, in this machine's time zone (as a date input gives it). */
const localDay = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
};

async function openList() {
  const app = renderApp('/matches');
  await screen.findByText('Total Item: 6', {}, slow);
  return app;
}

describe('match list', () => {
  beforeEach(signIn);

  it('shows the heading, the page figures, the columns and the rows, with View, Edit and Add New Match', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: MATCH_TEXTS.listTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(MATCH_TEXTS.statTotal)).toHaveTextContent('6');
    expect(screen.getByLabelText(MATCH_TEXTS.statPage)).toHaveTextContent('1');
    expect(screen.getByText('of 1 page')).toBeInTheDocument();
    expect(screen.getByLabelText(MATCH_TEXTS.statShowing)).toHaveTextContent('6');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Image', 'Match Date', 'Stadium', 'Result', 'Team A', 'Team B', 'Sport', 'Created At', 'Actions']);
    const first = rows()[0];
    for (const text of ['Wankhede Stadium', 'No Result', 'Mumbai Mavericks', 'Chennai Chargers', 'Cricket']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    expect(within(first).getByRole('img', { name: 'Wankhede Stadium image' })).toHaveAttribute('src', '/uploads/fake/match-1-stadium.png');
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/matches/match-1');
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/matches/match-1/edit');
    // Matches have no delete.
    expect(within(first).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const content = document.getElementById('main-content')!;
    expect(within(content).getByRole('link', { name: MATCH_TEXTS.addNew })).toHaveAttribute('href', '/matches/create');
  });

  it('splits Upcoming (soonest first) from Played (latest first), each with its count', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await waitFor(() => expect(tab(/^All \(6\)$/)).toHaveAttribute('aria-selected', 'true'));
    expect(tab(/^Upcoming \(2\)$/)).toBeInTheDocument();
    expect(tab(/^Played \(4\)$/)).toBeInTheDocument();

    await userEvent.click(tab(/^Upcoming/));
    await screen.findByText('Total Item: 2', {}, slow);
    expect(getList).toHaveBeenLastCalledWith(
      'matches',
      expect.objectContaining({ filter: { when: 'upcoming' }, sort: { field: 'matchDate', order: 'ASC' } }),
    );
    expect(stadiums()).toEqual(['Wankhede Stadium', 'Eden Gardens']);
    expect(screen.getByLabelText(MATCH_TEXTS.statTotal)).toHaveTextContent('2');

    await userEvent.click(tab(/^Played/));
    await screen.findByText('Total Item: 4', {}, slow);
    expect(getList).toHaveBeenLastCalledWith('matches', expect.objectContaining({ filter: { when: 'played' }, sort: { field: 'matchDate', order: 'DESC' } }));
    // match-3 (1 day ago), match-4 (5), match-5 (12), match-6 (20).
    expect(stadiums()).toEqual(['M. Chinnaswamy Stadium', 'Wankhede Stadium', 'Eden Gardens', 'M. Chinnaswamy Stadium']);
    expect(app.location().search).toContain('when');

    await userEvent.click(tab(/^All/));
    await screen.findByText('Total Item: 6', {}, slow);
  });

  it('searches by stadium on the server, and the tab counts follow the search', async () => {
    const app = await openList();
    const getStats = vi.spyOn(app.dataProvider, 'getStats');
    await userEvent.type(screen.getByRole('textbox', { name: MATCH_TEXTS.searchPlaceholder }), 'eden');
    await screen.findByText('Total Item: 2', {}, slow);
    await waitFor(() => expect(tab(/^Upcoming \(1\)$/)).toBeInTheDocument());
    expect(tab(/^Played \(1\)$/)).toBeInTheDocument();
    expect(getStats).toHaveBeenLastCalledWith('matches', expect.objectContaining({ filter: { q: 'eden' } }));
    expect(stadiums()).toEqual(['Eden Gardens', 'Eden Gardens']);
  });

  it('filters by result from the Filter button', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: matches.fields.result.label }, slow));
    await userEvent.click(await screen.findByRole('option', { name: 'Team A Won' }));
    await screen.findByText('Total Item: 2', {}, slow);
    rows().forEach((row) => expect(within(row).getByText('Team A Won')).toBeInTheDocument());
    await waitFor(() => expect(tab(/^Played \(2\)$/)).toBeInTheDocument());
  });

  it('filters by a match-date range from the Filter button', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByLabelText('Match date from', {}, slow);

    // From six days back to three days ahead: match-4 (5 days ago), match-3 (yesterday), match-1 (in 2 days).
    fireEvent.change(screen.getByLabelText('Match date from'), { target: { value: localDay(-6) } });
    fireEvent.change(screen.getByLabelText('Match date to'), { target: { value: localDay(3) } });
    await screen.findByText('Total Item: 3', {}, slow);
    // Sent as the start and the end of the admin's own days.
    const { filter } = getList.mock.lastCall![1];
    expect(new Date(filter.from).getHours()).toBe(0);
    expect(new Date(filter.to).getHours()).toBe(23);
    expect(new Date(filter.to).getMinutes()).toBe(59);
    await waitFor(() => expect(tab(/^Upcoming \(1\)$/)).toBeInTheDocument());
    expect(tab(/^Played \(2\)$/)).toBeInTheDocument();
  });

  it('shows cards with the stadium image, both teams, date, result and sport in the grid', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const [card] = await screen.findAllByRole('article', { name: 'Mumbai Mavericks vs Chennai Chargers' });
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(within(card).getByRole('heading', { name: 'Mumbai Mavericks vs Chennai Chargers' })).toBeInTheDocument();
    expect(within(card).getByText('Wankhede Stadium')).toBeInTheDocument();
    expect(within(card).getByText('No Result')).toBeInTheDocument();
    expect(within(card).getByText(/Cricket/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/matches/match-1');
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/matches/match-1/edit');
  });

  it('says No matches found when there are none', async () => {
    const app = renderApp('/matches');
    app.dataProvider.getList = async () => ({ data: [], total: 0 });
    expect(await screen.findByText(MATCH_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
  });

  it('shows the server message when the list cannot load', async () => {
    const app = renderApp('/matches');
    app.dataProvider.getList = () => Promise.reject(new HttpError('The database is unavailable', 503));
    expect((await screen.findAllByText('The database is unavailable', {}, slow)).length).toBeGreaterThan(0);
  });
});
