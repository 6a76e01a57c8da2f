/** The player list (with the player list's own texts) on the in-memory league: 12 players in 4 teams. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAYER_TEXTS, TEAM_TEXTS } from '../../src/domain';
import { players } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };
const rows = () => screen.getAllByRole('row').slice(1);
const search = () => screen.getByRole('textbox', { name: PLAYER_TEXTS.searchPlaceholder });

async function openList() {
  const app = renderApp('/player');
  await screen.findByText('Total Item: 12', {}, slow);
  return app;
}

describe('player list', () => {
  beforeEach(signIn);

  it("shows the player texts (not the teams'), the total over all players, the columns and the rows", async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: PLAYER_TEXTS.listTitle })).toBeInTheDocument();
    expect(screen.queryByText(TEAM_TEXTS.listTitle, { selector: 'h1' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(PLAYER_TEXTS.statTotal)).toHaveTextContent('12'));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      players.fields.image.label,
      players.fields.name.label,
      players.fields.age.label,
      players.fields.team_id.columnLabel,
      PLAYER_TEXTS.columnCreated,
      'Actions',
    ]);
    expect(rows()).toHaveLength(10);
    const first = rows()[0];
    expect(within(first).getByText('Arjun Mehta')).toBeInTheDocument();
    expect(within(first).getByText('19')).toBeInTheDocument();
    expect(within(first).getByText('Mumbai Mavericks')).toBeInTheDocument();
    expect(within(first).getByText(/\d{1,2} \w{3} 2026/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/player/player-1');
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/player/player-1/edit');
    expect(within(first).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const content = within(document.getElementById('main-content')!);
    expect(content.getByRole('link', { name: PLAYER_TEXTS.addNew })).toHaveAttribute('href', '/create/player');
    expect(screen.getByText('Total Item: 12')).toBeInTheDocument();
  });

  it('searches by name on the server, and says No players found when nothing matches', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.type(search(), 'rohit');
    await screen.findByText('Total Item: 1', {}, slow);
    expect(getList).toHaveBeenLastCalledWith('player', expect.objectContaining({ filter: { q: 'rohit' } }));
    expect(within(rows()[0]).getByText('Rohit Iyer')).toBeInTheDocument();

    await userEvent.clear(search());
    await userEvent.type(search(), 'nobody at all');
    expect(await screen.findByText(PLAYER_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
    expect(screen.getByText(PLAYER_TEXTS.emptyHint)).toBeInTheDocument();
  });

  it('filters by playing role and by team from the Filter button', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: players.fields.playingRole.label }, slow));
    await userEvent.click(await screen.findByRole('option', { name: 'Bowler' }));
    await screen.findByText('Total Item: 4', {}, slow);

    await userEvent.click(screen.getByRole('combobox', { name: players.fields.team_id.label }));
    await userEvent.click(await screen.findByRole('option', { name: 'Chennai Chargers' }, slow));
    await screen.findByText('Total Item: 1', {}, slow);
    expect(getList).toHaveBeenLastCalledWith('player', expect.objectContaining({ filter: { playingRole: 'Bowler', team_id: 'team-2' } }));
    expect(within(rows()[0]).getByText('Rohit Iyer')).toBeInTheDocument();
  });

  it('shows cards with picture, name, age, team and date in the grid', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const card = await screen.findByRole('article', { name: 'Rohit Iyer' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(within(card).getByText('20')).toBeInTheDocument();
    expect(within(card).getByText('Chennai Chargers')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/player/player-2');
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/player/player-2/edit');
  });

  it("says 'No team' for a player whose team was deleted", async () => {
    const app = await openList();
    await app.dataProvider.delete('teams', { id: 'team-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(rows()[0]).getByText(PLAYER_TEXTS.noTeam)).toBeInTheDocument(), slow);
  });
});
