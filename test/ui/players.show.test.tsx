/** The player detail page on the in-memory league: Rohit Iyer bowls for Chennai Chargers. */
import { screen, waitFor } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { GENERIC, PLAYER_TEXTS, SHARED_TEXTS } from '../../src/domain';
import { players } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };

/** The fact under `label` (the label's sibling holds the value). */
const fact = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;

/** Renders player-2 with some fields of the record replaced, as the server could answer them. */
function openWith(changes: Record<string, unknown> = {}, id = 'player-2') {
  const app = renderApp(`/player/${id}`);
  const getOne = app.dataProvider.getOne;
  app.dataProvider.getOne = async (resource, params) => {
    const { data } = await getOne(resource, params);
    return { data: { ...data, ...changes } } as never;
  };
  return app;
}

describe('player detail', () => {
  beforeEach(signIn);

  it('shows the name, age, batting, batting order, team, coach, picture and created date', async () => {
    openWith();
    await screen.findByRole('heading', { level: 1, name: PLAYER_TEXTS.detailTitle }, slow);
    expect(screen.getByRole('heading', { level: 2, name: 'Rohit Iyer' })).toBeInTheDocument();
    expect(fact(players.fields.name.label)).toBe('Rohit Iyer');
    expect(fact(players.fields.age.label)).toBe('20');
    expect(fact(PLAYER_TEXTS.factBattingType)).toBe('Left-handed');
    expect(fact(PLAYER_TEXTS.factBattingDescription)).toBe('Bats left-handed');
    expect(fact(players.fields.battingOrder.label)).toBe('4');
    expect(fact(PLAYER_TEXTS.factBattingPosition)).toBe('Middle order');
    expect(fact(players.fields.team_id.columnLabel)).toBe('Chennai Chargers');
    expect(fact(PLAYER_TEXTS.factTeamCoach)).toBe('S. Fleming');
    expect(fact(players.fields.playingRole.label)).toBe('Bowler');
    expect(fact(players.fields.bowling.label)).toBe('Left-arm spin');
    expect(fact(SHARED_TEXTS.createdAt)).toMatch(/\d{1,2} \w{3} 2026/);
    expect(screen.getByText(players.fields.image.label)).toBeInTheDocument();
    // No video address: no player.
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows the picture when the player has one, and N/A or No team for what is missing', async () => {
    openWith({ image: '/uploads/fake/rohit.png', age: null, batting: null, battingOrder: null, team_id: null, team: null });
    expect(await screen.findByRole('img', { name: 'Rohit Iyer' }, slow)).toHaveAttribute('src', '/uploads/fake/rohit.png');
    expect(fact(players.fields.age.label)).toBe(GENERIC.notAvailable);
    expect(fact(PLAYER_TEXTS.factBattingType)).toBe(GENERIC.notAvailable);
    expect(fact(players.fields.team_id.columnLabel)).toBe(PLAYER_TEXTS.noTeam);
    expect(fact(PLAYER_TEXTS.factTeamCoach)).toBe(GENERIC.notAvailable);
  });

  it.each([
    ['a watch address', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42'],
    ['a youtu.be address', 'https://youtu.be/dQw4w9WgXcQ'],
    ['a shorts address', 'https://www.youtube.com/shorts/dQw4w9WgXcQ'],
  ])('embeds the video from %s', async (_, videoUrl) => {
    openWith({ videoUrl });
    const player = await screen.findByTitle(`${PLAYER_TEXTS.video}: Rohit Iyer`, {}, slow);
    expect(player).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  });

  it('links Back to /player and Edit to /player/{id}/edit, with no delete', async () => {
    openWith();
    await screen.findByRole('heading', { level: 2, name: 'Rohit Iyer' }, slow);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/player');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/player/player-2/edit');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows Player not found with Back to Players for a missing player', async () => {
    renderApp('/player/player-404');
    expect(await screen.findByText(PLAYER_TEXTS.notFound, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PLAYER_TEXTS.backToList })).toHaveAttribute('href', '/player');
  });

  it("toasts 'Failed to fetch player details.', or the server's message, when loading fails", async () => {
    const app = renderApp('/player/player-2');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('', 500));
    expect((await screen.findAllByText(PLAYER_TEXTS.fetchFailure, {}, slow)).length).toBeGreaterThan(0);

    const again = renderApp('/player/player-3');
    again.dataProvider.getOne = () => Promise.reject(new HttpError('The players table is being rebuilt', 503));
    await waitFor(() => expect(screen.getAllByText('The players table is being rebuilt').length).toBeGreaterThan(0), slow);
  });
});
