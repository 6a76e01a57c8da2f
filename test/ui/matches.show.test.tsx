/** The match detail page on the in-memory league. */
import { screen, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { formatDateTime } from '../../src/common';
import { MATCH_TEXTS } from '../../src/domain';
import { matches } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

// Generous: the machine's two cores are shared with other suites.
const slow = { timeout: 15_000 };
const side = (name: string) => screen.getByRole('region', { name });

async function openDetail(id: string) {
  const app = renderApp(`/matches/${id}`);
  await screen.findByRole('heading', { level: 1, name: MATCH_TEXTS.detailTitle }, slow);
  return app;
}

describe('match detail', () => {
  beforeEach(signIn);

  it("says 'Loading match details...' until the match is read", async () => {
    const app = renderApp('/matches/match-1');
    const getOne = app.dataProvider.getOne;
    // One gate for every read: the page may ask more than once (a refetch, a referenced team),
    // and each of those asks must be let through, not only the latest.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.dataProvider.getOne = (resource, params) => gate.then(() => getOne(resource, params));
    expect(await screen.findByText(MATCH_TEXTS.loadingDetail, {}, slow)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: MATCH_TEXTS.detailTitle }, slow)).toBeInTheDocument();
  });

  it('shows the stadium image, date and time, stadium, both teams with VS between them, the result and the details', async () => {
    const app = await openDetail('match-1');
    const { data: match } = await app.dataProvider.getOne('matches', { id: 'match-1' });
    expect(screen.getByRole('heading', { level: 2, name: 'Season opener' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Wankhede Stadium image' })).toHaveAttribute('src', '/uploads/fake/match-1-stadium.png');
    expect(screen.getByText(formatDateTime(match.matchDate))).toBeInTheDocument();
    expect(screen.getByText('Wankhede Stadium')).toBeInTheDocument();
    expect(screen.getByText('No Result')).toBeInTheDocument();
    expect(screen.getByText(MATCH_TEXTS.versus)).toBeInTheDocument();

    const teamA = side(matches.fields.teamA.label);
    expect(within(teamA).getByRole('heading', { name: 'Mumbai Mavericks' })).toBeInTheDocument();
    expect(within(teamA).getByText('R. Shastri')).toBeInTheDocument();
    expect(within(teamA).getByText('Cricket')).toBeInTheDocument();
    expect(within(teamA).getByRole('img', { name: 'Mumbai Mavericks flag' })).toHaveAttribute('src', '/uploads/fake/match-1-team-a.png');
    const teamB = side(matches.fields.teamB.label);
    expect(within(teamB).getByRole('heading', { name: 'Chennai Chargers' })).toBeInTheDocument();
    expect(within(teamB).getByText('S. Fleming')).toBeInTheDocument();
    expect(within(teamB).getByRole('img', { name: 'Chennai Chargers flag' })).toBeInTheDocument();

    const details = side(MATCH_TEXTS.optionalDetails);
    for (const text of ['20', 'T20', 'K. Dharmasena', 'Premier League']) expect(within(details).getByText(text)).toBeInTheDocument();
  });

  it("names a side whose team is gone, a missing coach, and details not set", async () => {
    const app = renderApp('/matches/match-3');
    const getOne = app.dataProvider.getOne;
    app.dataProvider.getOne = async (resource, params) => {
      const result = await getOne(resource, params);
      return { data: { ...result.data, teamB: null } } as never;
    };
    await screen.findByRole('heading', { level: 1, name: MATCH_TEXTS.detailTitle }, slow);
    // match-3: Delhi Dynamos (no coach) against Kolkata Knights, here deleted since.
    expect(screen.getByRole('heading', { level: 2, name: 'Delhi Dynamos vs Team B' })).toBeInTheDocument();
    expect(within(side(matches.fields.teamA.label)).getByText(MATCH_TEXTS.noCoach)).toBeInTheDocument();
    expect(within(side(matches.fields.teamB.label)).getByText(MATCH_TEXTS.teamGone)).toBeInTheDocument();
    expect(within(side(MATCH_TEXTS.optionalDetails)).getAllByText(MATCH_TEXTS.notSet).length).toBeGreaterThan(0);
  });

  it('links Edit to /matches/{id}/edit and Back to /matches, and offers no delete', async () => {
    await openDetail('match-2');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/matches/match-2/edit');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/matches');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows Match not found with Back to Matches for a missing match', async () => {
    renderApp('/matches/match-404');
    expect(await screen.findByText(MATCH_TEXTS.notFound, {}, slow)).toBeInTheDocument();
    expect(within(document.getElementById('main-content')!).getByRole('link', { name: MATCH_TEXTS.backToList })).toHaveAttribute('href', '/matches');
  });

  it("toasts the server's message when the match cannot load", async () => {
    const app = renderApp('/matches/match-1');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('The database is unavailable', 503));
    expect((await screen.findAllByText('The database is unavailable', {}, slow)).length).toBeGreaterThan(0);
  });

  it("falls back to 'Failed to fetch match details.' without a server message", async () => {
    const app = renderApp('/matches/match-1');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('', 500));
    expect((await screen.findAllByText(MATCH_TEXTS.fetchFailure, {}, slow)).length).toBeGreaterThan(0);
  });
});
