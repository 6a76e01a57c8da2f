/** Two admins editing one team: the later save meets a 409, and the form says so until the admin reloads. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONFLICT, TEAM_TEXTS } from '../../src/domain';
import { teams } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };
const nameInput = () => screen.getByRole('textbox', { name: new RegExp(teams.fields.name.label) });

beforeEach(signIn);

it('keeps the typing under a conflict alert until Reload brings the other admin’s version, then saves', async () => {
  const app = renderApp('/teams/team-1/edit');
  await screen.findByDisplayValue('Mumbai Mavericks', {}, slow);

  // Another admin saves the team meanwhile.
  const { data: theirs } = await app.dataProvider.getOne('teams', { id: 'team-1' });
  await app.dataProvider.update('teams', { id: 'team-1', data: { ...theirs, sport: 'sport-1', coach: 'Their coach' }, previousData: theirs });

  fireEvent.change(nameInput(), { target: { value: 'My typing' } });
  await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.editSubmit }));

  const alert = (await screen.findByText(CONFLICT.stale, { selector: '.MuiAlert-message' }, slow)).closest('.MuiAlert-root') as HTMLElement;
  expect(nameInput()).toHaveValue('My typing');
  expect(screen.getByDisplayValue('R. Shastri')).toBeInTheDocument();
  expect(app.pathname()).toBe('/teams/team-1/edit');
  // Nothing of the refused save reached the record.
  expect((await app.dataProvider.getOne('teams', { id: 'team-1' })).data.name).toBe('Mumbai Mavericks');

  await userEvent.click(within(alert).getByRole('button', { name: CONFLICT.reload }));
  await screen.findByDisplayValue('Their coach', {}, slow);
  expect(nameInput()).toHaveValue('Mumbai Mavericks');
  expect(screen.queryByText(CONFLICT.stale, { selector: '.MuiAlert-message' })).not.toBeInTheDocument();

  fireEvent.change(nameInput(), { target: { value: 'My typing, again' } });
  await userEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.editSubmit }));
  expect(await screen.findByText(TEAM_TEXTS.editSuccess, {}, slow)).toBeInTheDocument();
  await waitFor(() => expect(app.pathname()).toBe('/teams'));
  const { data: saved } = await app.dataProvider.getOne('teams', { id: 'team-1' });
  expect([saved.name, saved.coach]).toEqual(['My typing, again', 'Their coach']);
});
