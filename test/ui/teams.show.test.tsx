/** The team detail page on the in-memory league: Chennai Chargers has three players. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { SHARED_TEXTS, TEAM_TEXTS } from '../../src/domain';
import { teams } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };

async function openDetail(id: string) {
  const app = renderApp(`/teams/${id}`);
  await screen.findByRole('heading', { level: 1, name: TEAM_TEXTS.detailTitle }, slow);
  return app;
}

const squad = () => screen.getByRole('region', { name: TEAM_TEXTS.players });

describe('team detail', () => {
  beforeEach(signIn);

  it('shows the logo, name, status, created date, member count, coach, sport and id', async () => {
    await openDetail('team-2');
    expect(screen.getByRole('heading', { level: 2, name: 'Chennai Chargers' })).toBeInTheDocument();
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    expect(screen.getByText('3 members')).toBeInTheDocument();
    expect(screen.getByText('S. Fleming')).toBeInTheDocument();
    expect(screen.getByText('Cricket')).toBeInTheDocument();
    expect(screen.getByText('team-2')).toBeInTheDocument();
    expect(screen.getByText(/\d{1,2} \w{3} 2026/)).toBeInTheDocument();
    for (const label of [SHARED_TEXTS.createdAt, TEAM_TEXTS.factPlayers, teams.fields.coach.label, teams.fields.sport.label, TEAM_TEXTS.factTeamId]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
  });

  it("lists the players as cards with 'Age: N', status, batting type and '#N', each opening the player", async () => {
    const app = await openDetail('team-2');
    const cards = within(squad()).getAllByRole('article');
    // By name, as the server lists a squad.
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Dev Malhotra', 'Farhan Ali', 'Rohit Iyer']);
    const rohit = cards[2];
    expect(within(rohit).getByText('Age: 20')).toBeInTheDocument();
    expect(within(rohit).getByText('Active')).toBeInTheDocument();
    expect(within(rohit).getByText('Left-handed')).toBeInTheDocument();
    expect(within(rohit).getByText('#4')).toBeInTheDocument();
    expect(within(cards[1]).getByText('#1')).toBeInTheDocument();
    const link = within(rohit).getByRole('link');
    expect(link).toHaveAttribute('href', '/player/player-2');
    await userEvent.click(link);
    await waitFor(() => expect(app.pathname()).toBe('/player/player-2'));
  });

  it("says '1 member' for a squad of one, and that a team without players has none yet", async () => {
    const app = renderApp('/teams/team-1');
    const getOne = app.dataProvider.getOne;
    app.dataProvider.getOne = async (resource, params) => {
      const { data } = await getOne(resource, params);
      return { data: { ...data, playerCount: 1, players: data.players.slice(0, 1) } } as never;
    };
    expect(await screen.findByText('1 member', {}, slow)).toBeInTheDocument();
    expect(within(squad()).getAllByRole('article')).toHaveLength(1);

    app.dataProvider.getOne = async (resource, params) => {
      const { data } = await getOne(resource, params);
      return { data: { ...data, playerCount: 0, players: [] } } as never;
    };
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('0 members', {}, slow)).toBeInTheDocument();
    expect(screen.getByText(TEAM_TEXTS.noPlayers)).toBeInTheDocument();
  });

  it("links Back to /teams and 'Edit Team' to /teams/{id}/edit", async () => {
    await openDetail('team-2');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/teams');
    expect(screen.getByRole('link', { name: TEAM_TEXTS.editTitle })).toHaveAttribute('href', '/teams/team-2/edit');
  });

  it("deletes after its question, shows 'Deleting...', toasts Team deleted successfully! and returns to /teams", async () => {
    const app = await openDetail('team-2');
    const remove = app.dataProvider.delete;
    let release = () => {};
    app.dataProvider.delete = (resource, params) => new Promise((resolve) => (release = () => resolve(remove(resource, params))));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(TEAM_TEXTS.deleteConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: TEAM_TEXTS.deleting })).toBeDisabled();
    release();
    expect(await screen.findByText(TEAM_TEXTS.deleteSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/teams'));
    expect(await screen.findByText('Total Item: 3', {}, slow)).toBeInTheDocument();
  });

  it("toasts the server's message, else 'Failed to delete team', and stays when the delete fails", async () => {
    const app = await openDetail('team-2');
    app.dataProvider.delete = () => Promise.reject(new HttpError('', 500));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TEAM_TEXTS.deleteFailure, {}, slow)).toBeInTheDocument();
    expect(app.pathname()).toBe('/teams/team-2');
  });

  it('shows Team not found with Back to Teams for a missing team', async () => {
    renderApp('/teams/team-404');
    expect(await screen.findByText(TEAM_TEXTS.notFound, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEAM_TEXTS.backToList })).toHaveAttribute('href', '/teams');
  });

  it("shows 'Failed to fetch team details.' or the server's message when loading fails", async () => {
    const app = renderApp('/teams/team-2');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('', 500));
    expect((await screen.findAllByText(TEAM_TEXTS.fetchFailure, {}, slow)).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: TEAM_TEXTS.backToList })).toBeInTheDocument();
  });

  it("shows the server's message when it gives one", async () => {
    const app = renderApp('/teams/team-2');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('The league database is offline', 503));
    expect((await screen.findAllByText('The league database is offline', {}, slow)).length).toBeGreaterThan(0);
  });
});
