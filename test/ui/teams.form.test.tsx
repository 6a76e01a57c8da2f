/** 'Create Team' and 'Edit Team' on the in-memory league. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { keepImageHint, SHELL, TEAM_TEXTS, UPLOAD, VALIDATION } from '../../src/domain';
import { teams } from '../../src/domain/entities';
import { fakePngFile, pngFile } from './files';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const nameInput = () => screen.getByRole('textbox', { name: new RegExp(teams.fields.name.label) });
const sportSelect = () => screen.getByRole('combobox', { name: new RegExp(teams.fields.sport.label) });
const activeBox = () => screen.getByRole('checkbox', { name: teams.fields.isActive.label });
const content = () => within(document.getElementById('main-content')!);

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

async function openCreate() {
  const app = renderApp('/teams/create');
  await screen.findByRole('heading', { level: 1, name: TEAM_TEXTS.createTitle }, slow);
  return app;
}

async function chooseSport(name = 'Cricket') {
  await userEvent.click(sportSelect());
  await userEvent.click(await screen.findByRole('option', { name }, slow));
}

describe('team create', () => {
  beforeEach(signIn);

  it('shows the logo preview with its guidelines, the fields, and the active flag on', async () => {
    await openCreate();
    expect(screen.getByText(SHELL.noImage)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: TEAM_TEXTS.logoGuidelines })).toBeInTheDocument();
    for (const line of ['Recommended size: 400x400px', 'Maximum file size: 5MB', 'Formats: JPG, PNG, GIF', 'Square images work best']) {
      expect(screen.getByText(line)).toBeInTheDocument();
    }
    expect(nameInput()).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: teams.fields.coach.formLabel })).toBeInTheDocument();
    expect(activeBox()).toBeChecked();
    expect(content().getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/teams');
    expect(content().getByRole('link', { name: SHELL.cancel })).toHaveAttribute('href', '/teams');
  });

  it('shows the create messages for an empty form and a one-letter name', async () => {
    await openCreate();
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.createSubmit }));
    expect(await screen.findByText(VALIDATION.teamNameRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.sportSelectionRequired)).toBeInTheDocument();
    fireEvent.change(nameInput(), { target: { value: 'M' } });
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.createSubmit }));
    expect(await screen.findByText(VALIDATION.teamNameMin2)).toBeInTheDocument();
  });

  it("refuses a text file named .png and a logo over 5 MB with the team form's texts", async () => {
    await openCreate();
    await userEvent.upload(fileInput(), fakePngFile());
    expect(await screen.findByText(UPLOAD.notAnImage, {}, slow)).toBeInTheDocument();
    await userEvent.upload(fileInput(), pngFile(5 * 1024 * 1024 + 1, 'huge.png'));
    expect(await screen.findByText(UPLOAD.teamLogoTooLarge, {}, slow)).toBeInTheDocument();
  });

  it("sends name, sport id, coach, the flag and the logo, says 'Creating Team...', toasts and returns to /teams", async () => {
    const app = await openCreate();
    const create = app.dataProvider.create;
    let release = () => {};
    const spy = vi.fn((resource, params) => new Promise((resolve) => (release = () => resolve(create(resource, params)))));
    app.dataProvider.create = spy as never;
    fireEvent.change(nameInput(), { target: { value: 'Goa Gladiators' } });
    await chooseSport();
    fireEvent.change(screen.getByRole('textbox', { name: teams.fields.coach.formLabel }), { target: { value: 'Anil Kumble' } });
    await userEvent.upload(fileInput(), pngFile());
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.createSubmit }));
    expect(await screen.findByRole('button', { name: TEAM_TEXTS.createBusy }, slow)).toBeDisabled();
    release();
    expect(await screen.findByText(TEAM_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/teams'));
    const { data } = spy.mock.calls[0][1];
    expect(data).toEqual({ name: 'Goa Gladiators', sport: 'sport-1', coach: 'Anil Kumble', isActive: true, logo: expect.objectContaining({ rawFile: expect.any(File) }) });
    expect(await screen.findByText('Total Item: 5', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Goa Gladiators')).toBeInTheDocument();
  });

  it("sends an inactive team without a coach when the box is unticked", async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    fireEvent.change(nameInput(), { target: { value: 'Bench XI' } });
    await chooseSport();
    await userEvent.click(activeBox());
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.createSubmit }));
    await waitFor(() => expect(app.pathname()).toBe('/teams'), slow);
    expect(create.mock.calls[0][1].data).toEqual({ name: 'Bench XI', sport: 'sport-1', isActive: false });
  });

  it("toasts 'Error creating team: ' with the server's message, or 'Something went wrong', and stays", async () => {
    const app = await openCreate();
    fireEvent.change(nameInput(), { target: { value: 'Goa Gladiators' } });
    await chooseSport();
    app.dataProvider.create = () => Promise.reject(new HttpError('A team with this name exists', 409, { success: false, message: 'A team with this name exists' }));
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.createSubmit }));
    expect(await screen.findByText('Error creating team: A team with this name exists', {}, slow)).toBeInTheDocument();
    app.dataProvider.create = () => Promise.reject(new HttpError('', 0));
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.createSubmit }));
    expect(await screen.findByText('Error creating team: Something went wrong', {}, slow)).toBeInTheDocument();
    app.dataProvider.create = () => Promise.reject(new HttpError('', 200, { success: false }));
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.createSubmit }));
    expect(await screen.findByText(TEAM_TEXTS.createFailure, {}, slow)).toBeInTheDocument();
    expect(app.pathname()).toBe('/teams/create');
  });

  it("toasts 'Failed to load sports data' when the sports cannot load", async () => {
    const app = renderApp('/teams/create');
    const getList = app.dataProvider.getList;
    app.dataProvider.getList = (resource, params) =>
      resource === 'sport' ? Promise.reject(new HttpError('', 500)) : getList(resource, params);
    expect(await screen.findByText(TEAM_TEXTS.sportsLoadFailure, {}, slow)).toBeInTheDocument();
  });
});

describe('team edit', () => {
  beforeEach(signIn);

  /** Team 1 with a logo, as the server would answer it. */
  async function openEdit(logo: string | null = '/uploads/fake/team-1.png') {
    const app = renderApp('/teams/team-1/edit');
    const getOne = app.dataProvider.getOne;
    app.dataProvider.getOne = async (resource, params) => {
      const { data } = await getOne(resource, params);
      return { data: resource === 'teams' ? { ...data, logo } : data } as never;
    };
    await screen.findByRole('heading', { level: 1, name: TEAM_TEXTS.editTitle }, slow);
    await screen.findByDisplayValue('Mumbai Mavericks', {}, slow);
    await screen.findByRole('combobox', { name: new RegExp(teams.fields.sport.label) }, slow);
    return app;
  }

  it("is pre-filled with the sport chosen, says 'Update Team', keeps the logo when none is chosen, and returns to /teams", async () => {
    const app = await openEdit();
    await waitFor(() => expect(sportSelect()).toHaveTextContent('Cricket'));
    expect(screen.getByDisplayValue('R. Shastri')).toBeInTheDocument();
    expect(activeBox()).toBeChecked();
    expect(screen.getByRole('img', { name: `${teams.fields.logo.label}: current image` })).toHaveAttribute('src', '/uploads/fake/team-1.png');
    expect(screen.getByText(keepImageHint(teams.fields.logo))).toBeInTheDocument();
    expect(content().getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/teams');
    expect(content().getByRole('link', { name: SHELL.cancel })).toHaveAttribute('href', '/teams');
    const update = vi.spyOn(app.dataProvider, 'update');
    fireEvent.change(nameInput(), { target: { value: 'Mumbai Titans' } });
    await userEvent.click(activeBox());
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.editSubmit }));
    expect(await screen.findByText(TEAM_TEXTS.editSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/teams'));
    expect(update.mock.calls[0][1].data).toEqual({ name: 'Mumbai Titans', sport: 'sport-1', coach: 'R. Shastri', isActive: false });
  });

  it('removes the current logo when asked', async () => {
    const app = await openEdit();
    const update = vi.spyOn(app.dataProvider, 'update');
    await userEvent.click(screen.getByRole('button', { name: SHELL.removeImage }));
    expect(screen.getByRole('button', { name: SHELL.keepImage })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.editSubmit }));
    await waitFor(() => expect(app.pathname()).toBe('/teams'), slow);
    expect(update.mock.calls[0][1].data.removeImages).toEqual(['logo']);
  });

  it("shows the edit messages: a one-letter name and 'Sport is required'", async () => {
    await openEdit(null);
    fireEvent.change(nameInput(), { target: { value: 'M' } });
    await userEvent.click(sportSelect());
    const options = await screen.findAllByRole('option');
    await userEvent.click(options[0]);
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.editSubmit }));
    expect(await screen.findByText(VALIDATION.teamNameMin2)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.sportRequired)).toBeInTheDocument();
  });

  it("toasts 'Error updating team: ' with the server's message, and 'Failed to update team' when the server says no", async () => {
    const app = await openEdit();
    app.dataProvider.update = () => Promise.reject(new HttpError('The sport no longer exists', 400, { success: false, message: 'The sport no longer exists' }));
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.editSubmit }));
    expect(await screen.findByText('Error updating team: The sport no longer exists', {}, slow)).toBeInTheDocument();
    app.dataProvider.update = () => Promise.reject(new HttpError('', 0));
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.editSubmit }));
    expect(await screen.findByText('Error updating team: Something went wrong', {}, slow)).toBeInTheDocument();
    app.dataProvider.update = () => Promise.reject(new HttpError('', 200, { success: false }));
    await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.editSubmit }));
    expect(await screen.findByText(TEAM_TEXTS.editFailure, {}, slow)).toBeInTheDocument();
    expect(app.pathname()).toBe('/teams/team-1/edit');
  });

  it("toasts 'Failed to load team data' and offers Back to Teams when the team cannot load", async () => {
    const app = renderApp('/teams/team-1/edit');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('', 500));
    expect((await screen.findAllByText(TEAM_TEXTS.editLoadFailure, {}, slow)).length).toBeGreaterThan(0);
    expect(content().getByRole('link', { name: TEAM_TEXTS.backToList })).toHaveAttribute('href', '/teams');
  });
});
