/** The notifications list and detail on the in-memory league: 5 notifications. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { NOTIFICATION_TEXTS } from '../../src/domain';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const rows = () => screen.getAllByRole('row').slice(1);
const search = () => screen.getByRole('textbox', { name: NOTIFICATION_TEXTS.searchPlaceholder });

async function openList() {
  const app = renderApp('/notifications');
  await screen.findByText('Total Item: 5', {}, slow);
  return app;
}

describe('notifications list', () => {
  beforeEach(signIn);

  it('shows the heading, the columns, the rows with View to the detail page, and Create Notification', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: NOTIFICATION_TEXTS.listTitle })).toBeInTheDocument();
    for (const column of ['Image', 'Title', 'Body', 'Created At', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(column) })).toBeInTheDocument();
    }
    const first = rows()[0];
    expect(within(first).getByText('Match day 1')).toBeInTheDocument();
    expect(within(first).getByText('Tickets for match day 1 are now on sale in the app.')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/notifications/notification-1');
    expect(within(first).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    const content = document.getElementById('main-content')!;
    expect(within(content).getByRole('link', { name: NOTIFICATION_TEXTS.addNew })).toHaveAttribute('href', '/notifications/create');
  });

  it('searches title or body on the server and says No notifications found when nothing matches', async () => {
    const app = await openList();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.type(search(), 'match day 3');
    await screen.findByText('Total Item: 1', {}, slow);
    expect(getList).toHaveBeenLastCalledWith('notifications', expect.objectContaining({ filter: { q: 'match day 3' } }));
    await userEvent.clear(search());
    await userEvent.type(search(), 'no such words');
    expect(await screen.findByText(NOTIFICATION_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
    expect(screen.getByText(NOTIFICATION_TEXTS.emptyHint)).toBeInTheDocument();
  });

  it('shows cards with the notification’s own title, body and date, and View', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const [card] = await screen.findAllByRole('article', { name: 'Match day 1' });
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(within(card).getByText('Tickets for match day 1 are now on sale in the app.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/notifications/notification-1');
    expect(within(card).queryByText(/coach/i)).not.toBeInTheDocument();
    expect(within(card).queryByText('Active')).not.toBeInTheDocument();
  });

  it('shows the server message when the list cannot load', async () => {
    const app = renderApp('/notifications');
    app.dataProvider.getList = () => Promise.reject(new HttpError('The database is unavailable', 503));
    expect((await screen.findAllByText('The database is unavailable', {}, slow)).length).toBeGreaterThan(0);
  });
});

describe('notification detail', () => {
  beforeEach(signIn);

  it('shows the notification read-only, with its phone preview', async () => {
    renderApp('/notifications/notification-2');
    expect(await screen.findByRole('heading', { level: 1, name: NOTIFICATION_TEXTS.detailTitle }, slow)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Match day 2' })).toBeInTheDocument();
    expect(screen.getAllByText('Tickets for match day 2 are now on sale in the app.').length).toBe(2);
    expect(screen.getByTestId('phone-title')).toHaveTextContent('Match day 2');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it.each(['view', 'edit'])('lands the old /notifications/{id}/%s link on the detail page', async (old) => {
    const app = renderApp(`/notifications/notification-3/${old}`);
    expect(await screen.findByRole('heading', { level: 1, name: NOTIFICATION_TEXTS.detailTitle }, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/notifications/notification-3'));
    expect(screen.getByRole('heading', { name: 'Match day 3' })).toBeInTheDocument();
  });

  it('says Notification not found for an unknown id', async () => {
    renderApp('/notifications/nope');
    expect(await screen.findByText(NOTIFICATION_TEXTS.notFound, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NOTIFICATION_TEXTS.backToList })).toBeInTheDocument();
  });
});
