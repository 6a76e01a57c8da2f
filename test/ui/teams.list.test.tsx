/** The team list on the in-memory league: 4 teams, 3 active, 3 with a coach, all cricket. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { TEAM_TEXTS } from '../../src/domain';
import { teams } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };
const rows = () => screen.getAllByRole('row').slice(1);
const search = () => screen.getByRole('textbox', { name: TEAM_TEXTS.searchPlaceholder });
const rowOf = (name: string) => rows().find((row) => within(row).queryByText(name))!;

async function openList() {
  const app = renderApp('/teams');
  await screen.findByText('Total Item: 4', {}, slow);
  return app;
}

describe('team list', () => {
  beforeEach(signIn);

  it('shows the heading, the figures over all teams, the columns and the rows', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: TEAM_TEXTS.listTitle })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(TEAM_TEXTS.statTotal)).toHaveTextContent('4'));
    expect(screen.getByLabelText('Active Teams')).toHaveTextContent('3');
    expect(screen.getByLabelText('Teams with Coach')).toHaveTextContent('3');
    for (const column of ['Team', teams.fields.coach.label, 'Status', TEAM_TEXTS.columnCreated, 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(column) })).toBeInTheDocument();
    }
    const first = rows()[0];
    expect(within(first).getByText('Mumbai Mavericks')).toBeInTheDocument();
    expect(within(first).getByText('Cricket')).toBeInTheDocument();
    expect(within(first).getByText('R. Shastri')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText(/\d{1,2} \w{3} 2026/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/teams/team-1');
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/teams/team-1/edit');
    expect(within(first).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const delhi = rowOf('Delhi Dynamos');
    expect(within(delhi).getByText(TEAM_TEXTS.noCoach)).toBeInTheDocument();
    expect(within(delhi).getByText('Inactive')).toBeInTheDocument();
    const content = document.getElementById('main-content')!;
    expect(within(content).getByRole('link', { name: TEAM_TEXTS.addNew })).toHaveAttribute('href', '/teams/create');
  });

  it("says 'No sport assigned' for a team without a sport", async () => {
    const app = renderApp('/teams');
    app.dataProvider.getList = async () =>
      ({
        data: [{ id: 't-1', _id: 't-1', name: 'Free Agents', sport: null, coach: null, logo: null, isActive: true, createdAt: '2026-11-01T10:00:00Z' }],
        total: 1,
      }) as never;
    const row = (await screen.findByText('Free Agents', {}, slow)).closest('tr')!;
    expect(within(row).getByText(TEAM_TEXTS.noSport)).toBeInTheDocument();
    expect(within(row).getByText(TEAM_TEXTS.noCoach)).toBeInTheDocument();
  });

  it('searches name or coach on the server, and says No teams found when nothing matches', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.type(search(), 'fleming');
    await screen.findByText('Total Item: 1', {}, slow);
    expect(getList).toHaveBeenLastCalledWith('teams', expect.objectContaining({ filter: { q: 'fleming' } }));
    expect(within(rows()[0]).getByText('Chennai Chargers')).toBeInTheDocument();

    await userEvent.clear(search());
    await userEvent.type(search(), 'no such team');
    expect(await screen.findByText(TEAM_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
    expect(screen.getByText(TEAM_TEXTS.emptyHint)).toBeInTheDocument();
  });

  it("a search cleared just before 'Add New Team' does not bring the list back once its wait is over", async () => {
    const app = await openList();
    await userEvent.type(search(), 'fleming');
    await screen.findByText('Total Item: 1', {}, slow);
    // Both found first: a role query over the whole list can take longer than the debounce on a busy machine.
    const [box, addNew] = [search(), within(document.getElementById('main-content')!).getByRole('link', { name: TEAM_TEXTS.addNew })];
    await userEvent.clear(box);
    await userEvent.click(addNew);
    // The form's view loads lazily, and the list stays mounted until it renders: the form, or the list back unfiltered.
    const form = () => screen.queryByRole('heading', { level: 1, name: TEAM_TEXTS.createTitle });
    await waitFor(() => expect(form() ?? screen.queryByText('Total Item: 4')).toBeTruthy(), slow);
    // Past the search's 500 ms debounce, when the cleared search would apply.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(app.pathname()).toBe('/teams/create');
    expect(form()).toBeInTheDocument();
  });

  it('filters by status and by sport from the Filter button', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Status' }, slow));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await screen.findByText('Total Item: 1', {}, slow);
    expect(within(rows()[0]).getByText('Delhi Dynamos')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: teams.fields.sport.label }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cricket' }, slow));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('teams', expect.objectContaining({ filter: { isActive: 'false', sport: 'sport-1' } })));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Active' }));
    await screen.findByText('Total Item: 3', {}, slow);
  });

  it('shows cards with logo, name, sport, coach, status and date in the grid', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const card = await screen.findByRole('article', { name: 'Delhi Dynamos' });
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(within(card).getByText('Cricket')).toBeInTheDocument();
    expect(within(card).getByText(TEAM_TEXTS.noCoach)).toBeInTheDocument();
    expect(within(card).getByText(/\d{1,2} \w{3} 2026/)).toBeInTheDocument();
    expect(within(card).getByText('Inactive')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/teams/team-3');
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/teams/team-3/edit');
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('draws 6 skeleton cards while the grid loads', async () => {
    // A phone always gets the grid (the 390 px media query matches).
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /max-width/.test(query),
      media: query,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const app = renderApp('/teams');
    app.dataProvider.getList = () => new Promise(() => {});
    const skeleton = await screen.findByRole('progressbar', { name: TEAM_TEXTS.loading }, slow);
    expect(within(skeleton).getAllByTestId('skeleton-item')).toHaveLength(6);
  });

  it('deletes after its question: the row goes and the figures and total drop', async () => {
    await openList();
    await userEvent.click(within(rowOf('Kolkata Knights')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(TEAM_TEXTS.deleteConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Total Item: 3', {}, slow);
    expect(await screen.findByText(TEAM_TEXTS.deleteSuccess)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(TEAM_TEXTS.statTotal)).toHaveTextContent('3'), slow);
    expect(screen.getByLabelText('Teams with Coach')).toHaveTextContent('2');
  });

  it("toasts the server's message when a delete fails, else 'Failed to delete team'", async () => {
    const app = await openList();
    app.dataProvider.delete = () => Promise.reject(new HttpError('The team is locked', 409));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The team is locked', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    app.dataProvider.delete = () => Promise.reject(new HttpError('', 500));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TEAM_TEXTS.deleteFailure, {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Total Item: 4')).toBeInTheDocument();
  });
});
