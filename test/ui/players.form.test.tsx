/** 'Add Player' (/create/player) and 'Edit Player' on the in-memory league. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { ACTIVITY_TEXTS, keepImageHint, PLAYER_TEXTS, SHELL, UPLOAD, VALIDATION } from '../../src/domain';
import { players } from '../../src/domain/entities';
import { fakePngFile, pngFile } from './files';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}$`) });
const combo = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}$`) });
const content = () => within(document.getElementById('main-content')!);

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

async function choose(label: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: new RegExp(`^${label}$`) }, slow));
  await userEvent.click(await screen.findByRole('option', { name: option }, slow));
}

async function openCreate() {
  const app = renderApp('/create/player');
  await screen.findByRole('heading', { level: 1, name: PLAYER_TEXTS.createTitle }, slow);
  return app;
}

describe('player create', () => {
  beforeEach(signIn);

  it("shows the rules' messages: 'Name is required' and an age of at least 1", async () => {
    await openCreate();
    await userEvent.click(screen.getByRole('button', { name: PLAYER_TEXTS.createSubmit }));
    expect(await screen.findByText(VALIDATION.nameRequired)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('spinbutton', { name: players.fields.age.label }), { target: { value: '0' } });
    await userEvent.click(screen.getByRole('button', { name: PLAYER_TEXTS.createSubmit }));
    expect(await screen.findByText(VALIDATION.ageMin)).toBeInTheDocument();
  });

  it('offers the three playing roles and the lookups from the server', async () => {
    await openCreate();
    await userEvent.click(combo(players.fields.playingRole.label));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent?.trim()).filter(Boolean)).toEqual(['Batsman', 'Bowler', 'All-rounder']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('combobox', { name: new RegExp(`^${players.fields.battingOrder.label}`) }, slow));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent?.trim()).filter(Boolean)).toEqual(['#1 Opener', '#4 Middle order', '#8 Lower order']);
    await userEvent.keyboard('{Escape}');
    expect(content().getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/player');
    expect(content().getByRole('link', { name: SHELL.cancel })).toHaveAttribute('href', '/player');
  });

  it('refuses a text file named .png as the picture', async () => {
    await openCreate();
    await userEvent.upload(fileInput(), fakePngFile());
    expect(await screen.findByText(UPLOAD.notAnImage, {}, slow)).toBeInTheDocument();
  });

  it("sends every field with the references as ids, toasts 'Player created successfully' and goes to /player", async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    fireEvent.change(field(players.fields.name.label), { target: { value: 'Sachin Rao' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: players.fields.age.label }), { target: { value: '24' } });
    await choose(players.fields.team_id.label, 'Delhi Dynamos');
    await choose(players.fields.playingRole.label, 'All-rounder');
    await choose(players.fields.bowling.label, 'Leg spin');
    await choose(players.fields.batting.label, 'Left-handed');
    await choose(players.fields.battingOrder.label, '#1 Opener');
    fireEvent.change(field(players.fields.videoUrl.label), { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    await userEvent.upload(fileInput(), pngFile());
    await userEvent.click(screen.getByRole('button', { name: PLAYER_TEXTS.createSubmit }));
    expect(await screen.findByText(PLAYER_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/player'));
    expect(create.mock.calls[0][1].data).toEqual({
      name: 'Sachin Rao',
      age: 24,
      team_id: 'team-3',
      playingRole: 'All-rounder',
      bowling: 'bowling-3',
      batting: 'batting-2',
      battingOrder: 'order-1',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      image: expect.objectContaining({ rawFile: expect.any(File) }),
    });
    expect(await screen.findByText('Total Item: 13', {}, slow)).toBeInTheDocument();
  }, 90_000);

  it("toasts the server's message, else 'Error creating player', and stays", async () => {
    const app = await openCreate();
    fireEvent.change(field(players.fields.name.label), { target: { value: 'Sachin Rao' } });
    app.dataProvider.create = () => Promise.reject(new HttpError('The selected item no longer exists', 400, { success: false, message: 'The selected item no longer exists' }));
    await userEvent.click(screen.getByRole('button', { name: PLAYER_TEXTS.createSubmit }));
    expect(await screen.findByText('The selected item no longer exists', {}, slow)).toBeInTheDocument();
    app.dataProvider.create = () => Promise.reject(new HttpError('', 500));
    await userEvent.click(screen.getByRole('button', { name: PLAYER_TEXTS.createSubmit }));
    expect(await screen.findByText(PLAYER_TEXTS.createFailure, {}, slow)).toBeInTheDocument();
    expect(app.pathname()).toBe('/create/player');
  });
});

describe('player edit', () => {
  beforeEach(signIn);

  async function openEdit() {
    const app = renderApp('/player/player-2/edit');
    await screen.findByRole('heading', { level: 1, name: PLAYER_TEXTS.editTitle }, slow);
    await screen.findByDisplayValue('Rohit Iyer', {}, slow);
    await waitFor(() => expect(combo(players.fields.team_id.label)).toHaveValue('Chennai Chargers'), slow);
    return app;
  }

  it("is pre-filled, says 'Update Player', and sends playingRole and the references as ids", async () => {
    const app = await openEdit();
    expect(screen.getByRole('spinbutton', { name: players.fields.age.label })).toHaveValue(20);
    await waitFor(() => expect(combo(players.fields.bowling.label)).toHaveTextContent('Left-arm spin'), slow);
    expect(combo(players.fields.playingRole.label)).toHaveTextContent('Bowler');
    expect(combo(players.fields.batting.label)).toHaveTextContent('Left-handed');
    expect(combo(players.fields.battingOrder.label)).toHaveTextContent('#4 Middle order');
    expect(screen.getByText(keepImageHint(players.fields.image))).toBeInTheDocument();
    const update = vi.spyOn(app.dataProvider, 'update');
    fireEvent.change(field(players.fields.name.label), { target: { value: 'Rohit S. Iyer' } });
    await choose(players.fields.playingRole.label, 'All-rounder');
    await userEvent.click(screen.getByRole('button', { name: PLAYER_TEXTS.editSubmit }));
    expect(await screen.findByText(PLAYER_TEXTS.editSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/player'));
    expect(update.mock.calls[0][1].data).toEqual({
      name: 'Rohit S. Iyer',
      age: 20,
      team_id: 'team-2',
      playingRole: 'All-rounder',
      bowling: 'bowling-2',
      batting: 'batting-2',
      battingOrder: 'order-2',
      videoUrl: '',
    });
  });

  it("names the player's old and new team in their page's History once the team is changed", async () => {
    const app = await openEdit();
    await choose(players.fields.team_id.label, 'Delhi Dynamos');
    await userEvent.click(screen.getByRole('button', { name: PLAYER_TEXTS.editSubmit }));
    await waitFor(() => expect(app.pathname()).toBe('/player'), slow);
    await userEvent.click(await content().findByText('Rohit Iyer', {}, slow));
    const history = await screen.findByRole('region', { name: ACTIVITY_TEXTS.history }, slow);
    expect(await within(history).findByText(/: Chennai Chargers → Delhi Dynamos$/, {}, slow)).toHaveTextContent('team: Chennai Chargers → Delhi Dynamos');
  });

  it("toasts 'Error saving player' when the save fails", async () => {
    const app = await openEdit();
    app.dataProvider.update = () => Promise.reject(new HttpError('boom', 500));
    await userEvent.click(screen.getByRole('button', { name: PLAYER_TEXTS.editSubmit }));
    expect(await screen.findByText(PLAYER_TEXTS.editFailure, {}, slow)).toBeInTheDocument();
    expect(app.pathname()).toBe('/player/player-2/edit');
  });

  it("toasts 'Failed to load player data' and offers Back to Players when the player cannot load", async () => {
    const app = renderApp('/player/player-2/edit');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('', 500));
    expect((await screen.findAllByText(PLAYER_TEXTS.editLoadFailure, {}, slow)).length).toBeGreaterThan(0);
    expect(content().getByRole('link', { name: PLAYER_TEXTS.backToList })).toHaveAttribute('href', '/player');
  });
});
