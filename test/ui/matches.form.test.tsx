/** 'Create New Match' and 'Edit Match' (the edit saves with PUT) on the in-memory league. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { MATCH_TEXTS, VALIDATION } from '../../src/domain';
import { matches } from '../../src/domain/entities';
import { pngFile } from './files';
import { renderApp, signIn } from './renderApp';

// Generous: the machine's two cores are shared with other suites.
const slow = { timeout: 15_000 };
const fileInput = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input[type="file"]' });
const submit = () => userEvent.click(screen.getByRole('button', { name: MATCH_TEXTS.createSubmit }));

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

async function chooseTeam(label: string, typed: string, name: string) {
  const input = screen.getByRole('combobox', { name: label });
  await userEvent.clear(input);
  await userEvent.type(input, typed);
  await userEvent.click(await screen.findByRole('option', { name }, slow));
}

async function choose(label: string, name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name }, slow));
}

async function openCreate() {
  const app = renderApp('/matches/create');
  await screen.findByRole('heading', { level: 1, name: MATCH_TEXTS.createTitle }, slow);
  await screen.findByRole('combobox', { name: matches.fields.stadium.label }, slow);
  return app;
}

async function fill({ teamB = 'Kolkata Knights' } = {}) {
  fireEvent.change(screen.getByLabelText(matches.fields.matchDate.label), { target: { value: '2026-12-05T19:30' } });
  await choose(matches.fields.stadium.label, 'Eden Gardens');
  await chooseTeam(matches.fields.teamA.label, 'Delhi', 'Delhi Dynamos');
  await chooseTeam(matches.fields.teamB.label, teamB.slice(0, 5), teamB);
  await choose(matches.fields.result.formLabel, 'No Result');
}

describe('match create', () => {
  beforeEach(signIn);

  it('shows the rule messages for an empty form, the stadium one included', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    await submit();
    for (const message of [
      VALIDATION.matchDateRequired,
      VALIDATION.stadiumRequired,
      VALIDATION.teamARequired,
      VALIDATION.teamBRequired,
      VALIDATION.resultRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses the same team twice with a clear message, before asking the server', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    await fill({ teamB: 'Delhi Dynamos' });
    await submit();
    expect(await screen.findByText(VALIDATION.teamsMustDiffer)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the match with its stadium image, toasts with a link to it, starts again empty and counts one more', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    await fill();
    fireEvent.change(screen.getByLabelText(matches.fields.title.label), { target: { value: 'Derby night' } });
    fireEvent.change(screen.getByLabelText(matches.fields.overs.label), { target: { value: '20' } });
    await userEvent.upload(fileInput(matches.fields.stadium_image.label), pngFile(64, 'stadium.png'));
    expect(await screen.findByRole('img', { name: 'stadium.png' }, slow)).toBeInTheDocument();
    await submit();

    expect(await screen.findByText(MATCH_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    const { data } = create.mock.calls[0][1];
    expect(data).toMatchObject({
      matchDate: new Date('2026-12-05T19:30').toISOString(),
      matchTime: '19:30',
      stadium: 'stadium-2',
      teamA: 'team-3',
      teamB: 'team-4',
      result: 'No Result',
      title: 'Derby night',
      overs: 20,
      stadium_image: expect.objectContaining({ rawFile: expect.any(File) }),
    });
    expect(data).not.toHaveProperty('teamA_Flag');
    const open = await screen.findByRole('link', { name: MATCH_TEXTS.openMatch });
    expect(open).toHaveAttribute('href', '/matches/matches-1000');
    // Still on the page, with an empty form.
    expect(app.pathname()).toBe('/matches/create');
    await waitFor(() => expect(screen.getByLabelText(matches.fields.matchDate.label)).toHaveValue(''));
    expect(screen.getByLabelText(matches.fields.title.label)).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'stadium.png' })).not.toBeInTheDocument();
    expect((await app.dataProvider.getList('matches', { filter: {} } as never)).total).toBe(7);

    await userEvent.click(open);
    await waitFor(() => expect(app.pathname()).toBe('/matches/matches-1000'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Derby night' }, slow)).toBeInTheDocument();
  });

  it('toasts Failed to create match. and keeps the form when the save fails', async () => {
    const app = await openCreate();
    app.dataProvider.create = () => Promise.reject(new HttpError('boom', 500));
    await fill();
    await submit();
    expect(await screen.findByText(MATCH_TEXTS.createFailure, {}, slow)).toBeInTheDocument();
    expect(app.pathname()).toBe('/matches/create');
    expect(screen.getByLabelText(matches.fields.matchDate.label)).toHaveValue('2026-12-05T19:30');
  });

  it('toasts Failed to load teams once when the teams and stadiums cannot load', async () => {
    const app = renderApp('/matches/create');
    const getList = app.dataProvider.getList;
    app.dataProvider.getList = (resource, params) =>
      resource === 'teams' || resource === 'stadium' ? Promise.reject(new HttpError('down', 503)) : getList(resource, params);
    // Each list is tried once more before the admin is told.
    expect(await screen.findByText(MATCH_TEXTS.lookupFailure, {}, slow)).toBeInTheDocument();
    // Inside act: the toast's entering transition finishes during the wait.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getAllByText(MATCH_TEXTS.lookupFailure)).toHaveLength(1);
  });
});

describe('match edit', () => {
  beforeEach(signIn);

  async function openEdit(id = 'match-1') {
    const app = renderApp(`/matches/${id}/edit`);
    await screen.findByRole('heading', { level: 1, name: MATCH_TEXTS.editTitle }, slow);
    await screen.findByDisplayValue('Season opener', {}, slow);
    return app;
  }

  it('is the same form, loaded with the match', async () => {
    await openEdit();
    expect(await screen.findByRole('combobox', { name: matches.fields.stadium.label }, slow)).toHaveTextContent('Wankhede Stadium');
    await waitFor(() => expect(screen.getByRole('combobox', { name: matches.fields.teamA.label })).toHaveValue('Mumbai Mavericks'));
    expect(screen.getByRole('combobox', { name: matches.fields.teamB.label })).toHaveValue('Chennai Chargers');
    expect(screen.getByRole('combobox', { name: matches.fields.result.formLabel })).toHaveTextContent('No Result');
    expect(screen.getByLabelText(matches.fields.matchDate.label)).not.toHaveValue('');
    expect(screen.getByLabelText(matches.fields.overs.label)).toHaveValue(20);
    expect(screen.getByDisplayValue('K. Dharmasena')).toBeInTheDocument();
    for (const label of [matches.fields.stadium_image.label, matches.fields.teamA_Flag.label, matches.fields.teamB_Flag.label]) {
      expect(screen.getByRole('img', { name: `${label}: current image` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: MATCH_TEXTS.createSubmit })).toBeInTheDocument();
  });

  it('saves the same match with an update (never a create), toasts and opens it; the count stays', async () => {
    const app = await openEdit();
    const update = vi.spyOn(app.dataProvider, 'update');
    const create = vi.spyOn(app.dataProvider, 'create');
    await choose(matches.fields.result.formLabel, 'Team B Won');
    await submit();
    expect(await screen.findByText(MATCH_TEXTS.editSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/matches/match-1'));
    expect(create).not.toHaveBeenCalled();
    const [resource, { id, data }] = update.mock.calls[0];
    expect([resource, id]).toEqual(['matches', 'match-1']);
    expect(data).toMatchObject({ result: 'Team B Won', stadium: 'stadium-1', teamA: 'team-1', teamB: 'team-2', title: 'Season opener', overs: 20 });
    // Untouched images are not sent: the server keeps them.
    for (const image of ['stadium_image', 'teamA_Flag', 'teamB_Flag', 'removeImages']) expect(data).not.toHaveProperty(image);
    expect(await screen.findByText('Team B Won', {}, slow)).toBeInTheDocument();
    expect((await app.dataProvider.getList('matches', { filter: {} } as never)).total).toBe(6);
  });

  it('keeps an image by default and removes the one whose remove button is pressed', async () => {
    const app = await openEdit();
    const update = vi.spyOn(app.dataProvider, 'update');
    const stadiumImage = screen.getByRole('img', { name: `${matches.fields.stadium_image.label}: current image` }).closest('div')!.parentElement!;
    await userEvent.click(within(stadiumImage).getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: `${matches.fields.stadium_image.label}: current image` })).not.toBeInTheDocument();
    await submit();
    await waitFor(() => expect(app.pathname()).toBe('/matches/match-1'));
    expect(update.mock.calls[0][1].data.removeImages).toEqual(['stadium_image']);
    const { data: saved } = await app.dataProvider.getOne('matches', { id: 'match-1' });
    expect(saved).toMatchObject({ stadium_image: null, teamA_Flag: '/uploads/fake/match-1-team-a.png' });
  });

  it('refuses Team B being Team A, as on create', async () => {
    const app = await openEdit();
    const update = vi.spyOn(app.dataProvider, 'update');
    await chooseTeam(matches.fields.teamB.label, 'Mumbai', 'Mumbai Mavericks');
    await submit();
    expect(await screen.findByText(VALIDATION.teamsMustDiffer)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('toasts Failed to load match data and offers Back to Matches when the match cannot load', async () => {
    renderApp('/matches/match-404/edit');
    expect(await screen.findByText(MATCH_TEXTS.editLoadFailure, {}, slow)).toBeInTheDocument();
    expect(within(document.getElementById('main-content')!).getByRole('link', { name: MATCH_TEXTS.backToList })).toHaveAttribute('href', '/matches');
  });
});
