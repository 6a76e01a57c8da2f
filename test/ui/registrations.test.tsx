/**
 * The registration screens (with their moderation) on the in-memory league: 8
 * registrations, 3 approved, 3 pending and 2 rejected.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { REGISTRATION_TEXTS as T } from '../../src/domain';
import { registrations } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };
const long = { timeout: 60000 };
const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (name: string) => rows().find((row) => within(row).queryByText(name))!;
const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('registration list', () => {
  beforeEach(signIn);

  it('shows the total, the status tabs with their counts, the columns and coloured statuses', long, async () => {
    renderApp('/registrations');
    await screen.findByText('Total Item: 8', {}, slow);
    expect(screen.getByRole('heading', { level: 1, name: T.listTitle })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(T.statTotal)).toHaveTextContent('8'));
    await waitFor(() => expect(tab(/^Pending \(3\)/)).toBeInTheDocument());
    expect(tab(/^Approved \(3\)/)).toBeInTheDocument();
    expect(tab(/^Rejected \(2\)/)).toBeInTheDocument();
    expect(tab(/^All \(8\)/)).toHaveAttribute('aria-selected', 'true');
    for (const column of ['Full Name', 'Email', 'DOB', 'Phone', 'City', 'Playing Role', 'Status', 'Created At', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(column) })).toBeInTheDocument();
    }
    const priya = rowOf('Priya Sharma');
    expect(within(priya).getByLabelText('Status: approved')).toBeInTheDocument();
    expect(within(priya).getByText('Andheri')).toBeInTheDocument();
    expect(within(priya).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/registrations/registration-1');
    expect(within(priya).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/registrations/registration-1/edit');
    expect(screen.getByRole('button', { name: T.exportCsv })).toBeInTheDocument();
  });

  it('opens the Pending tab with only pending registrations, and searches by e-mail on the server', long, async () => {
    renderApp('/registrations');
    await screen.findByText('Total Item: 8', {}, slow);
    await waitFor(() => expect(tab(/^Pending \(3\)/)).toBeInTheDocument());
    await userEvent.click(tab(/^Pending/));
    await screen.findByText('Total Item: 3', {}, slow);
    for (const row of rows()) expect(within(row).getByLabelText('Status: pending')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: T.searchPlaceholder }), 'karan@');
    await screen.findByText('Total Item: 1', {}, slow);
    await waitFor(() => expect(tab(/^All \(1\)/)).toBeInTheDocument());
    expect(tab(/^Approved \(0\)/)).toBeInTheDocument();
  });

  it('rejects the selected rows in one call after the toast, and Undo keeps them as they were', long, async () => {
    const app = renderApp('/registrations');
    await screen.findByText('Total Item: 8', {}, slow);
    const updateMany = vi.spyOn(app.dataProvider, 'updateMany');
    await userEvent.click(within(rowOf('Karan Joshi')).getByRole('checkbox', { name: 'Select this row' }));
    await userEvent.click(within(rowOf('Sneha Reddy')).getByRole('checkbox', { name: 'Select this row' }));
    await userEvent.click(screen.getByRole('button', { name: T.reject }));
    expect(await screen.findByText(T.bulkRejected(2), {}, slow)).toBeInTheDocument();
    // Shown at once (undoable), asked of the server only when the toast closes.
    await waitFor(() => expect(within(rowOf('Karan Joshi')).getByLabelText('Status: rejected')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(rowOf('Karan Joshi')).getByLabelText('Status: pending')).toBeInTheDocument());
    await waitFor(() => expect(within(rowOf('Sneha Reddy')).getByLabelText('Status: pending')).toBeInTheDocument());
    expect(updateMany).not.toHaveBeenCalled();
  });

  it('approves selected cards in the grid, where phones always are', long, async () => {
    const app = renderApp('/registrations');
    await screen.findByText('Total Item: 8', {}, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const card = (name: string) => screen.getByRole('article', { name });
    await userEvent.click(within(card('Karan Joshi')).getByRole('checkbox', { name: 'Select Karan Joshi' }));
    await userEvent.click(within(card('Sneha Reddy')).getByRole('checkbox', { name: 'Select Sneha Reddy' }));
    const updateMany = vi.spyOn(app.dataProvider, 'updateMany');
    await userEvent.click(screen.getByRole('button', { name: T.approve }));
    expect(await screen.findByText(T.bulkApproved(2), {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(within(card('Karan Joshi')).getByLabelText('Status: approved')).toBeInTheDocument());
    expect(within(card('Sneha Reddy')).getByLabelText('Status: approved')).toBeInTheDocument();
    expect(within(card('Meera Pillai')).queryByLabelText('Status: approved')).not.toBeInTheDocument();
    expect(updateMany).not.toHaveBeenCalled();
  });
});

describe('registration detail', () => {
  beforeEach(signIn);

  it('shows the sections and approves: the badge turns green and Approve is done', long, async () => {
    const app = renderApp('/registrations/registration-2');
    expect(await screen.findByRole('heading', { name: 'Karan Joshi' }, slow)).toBeInTheDocument();
    for (const section of [T.basicInformation, T.location, T.playingInfo]) expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: T.players })).not.toBeInTheDocument();
    expect(screen.getByText('karan@example.in')).toBeInTheDocument();
    expect(screen.getByText('Aadhaar')).toBeInTheDocument();
    expect(screen.getByLabelText('Status: pending')).toBeInTheDocument();
    const update = vi.spyOn(app.dataProvider, 'update');
    // Shown once canAccess has answered for the role.
    await userEvent.click(await screen.findByRole('button', { name: T.approve }));
    expect(await screen.findByText(T.approved, {}, slow)).toBeInTheDocument();
    expect(await screen.findByLabelText('Status: approved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.approve })).toBeDisabled();
    expect(update).toHaveBeenCalledWith('registrations', expect.objectContaining({ id: 'registration-2', data: { status: 'approved' }, meta: { path: 'status' } }));
    // The decision is in the page's History at once.
    expect(await screen.findByText(/^Updated · /, {}, slow)).toBeInTheDocument();
  });

  it('shows the government ID masked; Show asks for it whole (logged in the History), Hide masks it again', long, async () => {
    const app = renderApp('/registrations/registration-1');
    await screen.findByRole('heading', { name: 'Priya Sharma' }, slow);
    const basic = screen.getByRole('region', { name: T.basicInformation });
    expect(within(basic).getByText('XXXX-XXXX-9010')).toBeInTheDocument();
    expect(within(basic).queryByText('4321 8765 9010')).not.toBeInTheDocument();
    const reveal = vi.spyOn(app.dataProvider, 'revealGovernmentId');
    await userEvent.click(await within(basic).findByRole('button', { name: T.showIdNumberLabel }));
    expect(await within(basic).findByText('4321 8765 9010', {}, slow)).toBeInTheDocument();
    expect(reveal).toHaveBeenCalledWith('registrations', { id: 'registration-1' });
    expect(await screen.findByText(/^Viewed the government ID · /, {}, slow)).toBeInTheDocument();
    await userEvent.click(within(basic).getByRole('button', { name: T.hideIdNumberLabel }));
    expect(within(basic).getByText('XXXX-XXXX-9010')).toBeInTheDocument();
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('names the fan who submitted it, linked to their page, and when; only when for one no fan sent', long, async () => {
    const app = renderApp('/registrations/registration-1');
    await screen.findByRole('heading', { name: 'Priya Sharma' }, slow);
    expect(screen.getByText(new RegExp(`^${T.submittedBy}`))).toHaveTextContent(/^Submitted by Priya Sharma on \S/);
    await userEvent.click(screen.getByRole('link', { name: 'Priya Sharma' }));
    await waitFor(() => expect(app.pathname()).toBe('/users/user-1'));
    app.unmount();
    renderApp('/registrations/registration-2');
    await screen.findByRole('heading', { name: 'Karan Joshi' }, slow);
    expect(screen.getByText(new RegExp(`^${T.submittedOnly} `))).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(`^${T.submittedBy}`))).not.toBeInTheDocument();
  });

  it('asks its question before deleting, then goes to the list', long, async () => {
    const app = renderApp('/registrations/registration-3');
    await screen.findByRole('heading', { name: 'Meera Pillai' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(T.deleteConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.deleteSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/registrations'));
  });

  it("toasts the server's message when a delete fails", long, async () => {
    const app = renderApp('/registrations/registration-3');
    await screen.findByRole('heading', { name: 'Meera Pillai' }, slow);
    app.dataProvider.delete = () => Promise.reject(new HttpError('Registration is locked', 409));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Registration is locked', {}, slow)).toBeInTheDocument();
  });

  it("toasts the server's message when the load fails, then goes back to the list", long, async () => {
    const app = renderApp('/registrations/registration-3');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('Database unavailable', 503));
    expect(await screen.findByText('Database unavailable', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/registrations'));
  });

  it('says Registration not found for an unknown id', long, async () => {
    renderApp('/registrations/nobody');
    expect(await screen.findAllByText(T.notFound, {}, slow)).not.toHaveLength(0);
  });
});

describe('registration edit', () => {
  beforeEach(signIn);

  it('cascades the location: a state lists only its districts and clears district and city; Update goes to the detail', long, async () => {
    const app = renderApp('/registrations/registration-1/edit');
    const state = await screen.findByRole('combobox', { name: registrations.fields.state.label }, slow);
    await waitFor(() => expect(state).toHaveTextContent('Maharashtra'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: registrations.fields.city.label })).toHaveTextContent('Andheri'));
    await userEvent.click(state);
    await userEvent.click(await screen.findByRole('option', { name: 'Karnataka' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: registrations.fields.city.label })).not.toHaveTextContent('Andheri'));
    await userEvent.click(screen.getByRole('combobox', { name: registrations.fields.district.label }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent?.trim()).filter(Boolean)).toEqual(['Bengaluru Urban']);
    await userEvent.click(options.find((option) => option.textContent === 'Bengaluru Urban')!);
    await userEvent.click(screen.getByRole('combobox', { name: registrations.fields.city.label }));
    await userEvent.click(await screen.findByRole('option', { name: 'Whitefield' }));
    await userEvent.click(screen.getByRole('button', { name: T.editSubmit }));
    expect(await screen.findByText(T.editSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/registrations/registration-1'));
    expect(await screen.findByText('Whitefield', {}, slow)).toBeInTheDocument();
  });

  it('shows a field error from the server at its field, and its message in a toast', long, async () => {
    const app = renderApp('/registrations/registration-1/edit');
    const email = await screen.findByRole('textbox', { name: registrations.fields.email.label }, slow);
    app.dataProvider.update = () =>
      Promise.reject(new HttpError('Email already registered', 400, { success: false, message: 'Email already registered', errors: { email: 'Email already registered' } }));
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.in');
    await userEvent.click(screen.getByRole('button', { name: T.editSubmit }));
    expect(await screen.findAllByText('Email already registered', {}, slow)).toHaveLength(2);
  });
});
