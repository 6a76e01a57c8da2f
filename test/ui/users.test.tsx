/** The user list and detail on the in-memory league: 25 users, 4 of them inactive. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_TEXTS } from '../../src/domain';
import { users } from '../../src/domain/entities';
import { YES_NO } from '../../src/common/declared/DeclaredValue';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };
const rows = () => screen.getAllByRole('row').slice(1);

describe('users', () => {
  beforeEach(signIn);

  it('lists users with Total users, the columns, View only and no add button', { timeout: 60000 }, async () => {
    renderApp('/users');
    await screen.findByText('Total Item: 25', {}, slow);
    expect(screen.getByRole('heading', { level: 1, name: USER_TEXTS.listTitle })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(USER_TEXTS.statTotal)).toHaveTextContent('25'));
    for (const column of ['Name', 'Email', users.fields.emailVerified.label, 'Age', users.fields.source.label, users.fields.lastSignInAt.label, 'Created At', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const first = rows()[0];
    // Whether the user's e-mail is verified, as every boolean but a status reads.
    expect(within(first).getByText(YES_NO.yes)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', expect.stringMatching(/^\/users\/user-\d+$/));
    expect(within(first).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(first).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add/ })).not.toBeInTheDocument();
  });

  it('searches by e-mail, and says No users found', async () => {
    renderApp('/users');
    await screen.findByText('Total Item: 25', {}, slow);
    const search = screen.getByRole('textbox', { name: USER_TEXTS.searchPlaceholder });
    await userEvent.type(search, 'kavya.rao@');
    await screen.findByText('Total Item: 1', {}, slow);
    expect(within(rows()[0]).getByText('Kavya Rao')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody at all');
    expect(await screen.findByText(USER_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
  }, 60000);

  it('filters inactive users from the Filter button', async () => {
    renderApp('/users');
    await screen.findByText('Total Item: 25', {}, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: users.fields.isActive.label }, slow));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await screen.findByText('Total Item: 4', {}, slow);
    for (const row of rows()) expect(within(row).getByText('Inactive')).toBeInTheDocument();
  }, 60000);

  it('shows a read-only detail page, where the old /user/{id}/edit lands', async () => {
    const app = renderApp('/user/user-2/edit');
    expect(await screen.findByRole('heading', { name: 'Karan Joshi' }, slow)).toBeInTheDocument();
    expect(app.pathname()).toBe('/users/user-2');
    expect(screen.getByText('karan.joshi@example.in')).toBeInTheDocument();
    expect(screen.getByText('19')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
    expect(screen.getByText(USER_TEXTS.never)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says User not found for an unknown user', async () => {
    renderApp('/users/nobody');
    expect(await screen.findAllByText(USER_TEXTS.notFound, {}, slow)).not.toHaveLength(0);
  });

  it('deactivates a user from their page, and activates them again', async () => {
    renderApp('/users/user-2');
    expect(await screen.findByRole('heading', { name: 'Karan Joshi' }, slow)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: USER_TEXTS.deactivate }));
    expect(await screen.findByText(USER_TEXTS.deactivated, {}, slow)).toBeInTheDocument();
    expect(await screen.findByText('Inactive', {}, slow)).toBeInTheDocument();
    const activate = await screen.findByRole('button', { name: USER_TEXTS.activate }, slow);
    await userEvent.click(activate);
    expect(await screen.findByText(USER_TEXTS.activated, {}, slow)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: USER_TEXTS.deactivate }, slow)).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
  }, 60000);
});
