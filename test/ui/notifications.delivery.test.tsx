/**
 * Push delivery on the notification screens, on the in-memory league (a server without FCM): match
 * day 1 is scheduled for tomorrow, 2 is sending, 3 partly sent, 4 sent and 5 failed. The list's
 * chips, the detail's counts, progress and failures, Cancel send, Reschedule and Retry failed, the
 * create form's Schedule, and the dashboard's Devices card.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RaRecord } from 'react-admin';
import { DASHBOARD_TEXTS, NOTIFICATION_TEXTS, PUSH_TEXTS, toMinute, VALIDATION } from '../../src/domain';
import { notifications } from '../../src/domain/entities';
import { formatSendAt, localInputValue } from '../../src/resources/notifications/NotificationParts';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const DAY_MS = 86_400_000;
const rows = () => screen.getAllByRole('row').slice(1);
const delivery = () => screen.getByRole('region', { name: PUSH_TEXTS.delivery });
const count = (label: string) => within(delivery()).getByTestId(`count-${label}`).textContent;
const progress = () => within(delivery()).getByRole('progressbar', { name: PUSH_TEXTS.progress });

async function openDetail(id: number) {
  const app = renderApp(`/notifications/notification-${id}`);
  await screen.findByRole('heading', { name: `Match day ${id}` }, slow);
  return app;
}

describe('notification delivery on the list', () => {
  beforeEach(signIn);

  it('shows each row’s delivery state as a chip, and a scheduled one’s time in the admin’s time zone', async () => {
    const app = renderApp('/notifications');
    await screen.findByText('Total Item: 5', {}, slow);
    expect(screen.getByRole('columnheader', { name: PUSH_TEXTS.delivery })).toBeInTheDocument();
    const states = ['Scheduled', 'Sending', 'Partly sent', 'Sent', 'Failed'];
    rows().forEach((row, index) => {
      expect(within(row).getByTestId('delivery-chip')).toHaveTextContent(states[index]);
      expect(within(row).getByLabelText(`${PUSH_TEXTS.stateLabel}: ${states[index]}`)).toBeInTheDocument();
    });
    const { data } = await app.dataProvider.getOne('notifications', { id: 'notification-1' });
    const sendAt = (data as RaRecord & { delivery: { sendAt: string } }).delivery.sendAt;
    expect(within(rows()[0]).getByText(`${PUSH_TEXTS.scheduledFor} ${formatSendAt(sendAt)}`)).toBeInTheDocument();
    // Only a scheduled send says when.
    expect(within(rows()[3]).queryByText(new RegExp(`^${PUSH_TEXTS.scheduledFor} `))).not.toBeInTheDocument();
  });

  it('shows the chip on the cards too', async () => {
    renderApp('/notifications');
    await screen.findByText('Total Item: 5', {}, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const [card] = await screen.findAllByRole('article', { name: 'Match day 3' });
    expect(within(card).getByTestId('delivery-chip')).toHaveTextContent('Partly sent');
  });
});

describe('notification delivery on the detail page', () => {
  beforeEach(signIn);

  it('shows a partly sent one’s counts, a full progress bar and its failures by reason', async () => {
    await openDetail(3);
    expect(within(delivery()).getByTestId('delivery-chip')).toHaveTextContent('Partly sent');
    expect(count(PUSH_TEXTS.targeted)).toBe('1,284');
    expect(count(PUSH_TEXTS.sent)).toBe('1,248');
    expect(count(PUSH_TEXTS.failed)).toBe('23');
    expect(count(PUSH_TEXTS.gone)).toBe('13');
    expect(count(PUSH_TEXTS.pending)).toBe('0');
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
    expect(within(delivery()).getByText(PUSH_TEXTS.progressOf('1,284', '1,284'))).toBeInTheDocument();
    const reasons = within(delivery()).getByRole('table', { name: PUSH_TEXTS.reasons });
    const [unavailable, invalid] = within(reasons).getAllByRole('row').slice(1);
    expect(unavailable).toHaveTextContent('UNAVAILABLE');
    expect(unavailable).toHaveTextContent(PUSH_TEXTS.reasonHints.UNAVAILABLE!);
    expect(unavailable).toHaveTextContent('14');
    expect(invalid).toHaveTextContent('INVALID_ARGUMENT');
    expect(invalid).toHaveTextContent('9');
    // Sent: nothing to cancel or move.
    expect(within(delivery()).queryByRole('button', { name: PUSH_TEXTS.cancel })).not.toBeInTheDocument();
    expect(within(delivery()).queryByRole('button', { name: PUSH_TEXTS.reschedule })).not.toBeInTheDocument();
  });

  it('reads a running send again every 2 s, and the bar and counts move', async () => {
    const app = await openDetail(2);
    expect(progress()).toHaveAttribute('aria-valuenow', '63');
    expect(count(PUSH_TEXTS.pending)).toBe('475');
    const getOne = app.dataProvider.getOne.bind(app.dataProvider);
    const reads = vi.spyOn(app.dataProvider, 'getOne').mockImplementation(async (resource, params) => {
      const answer = await getOne(resource, params);
      const record = answer.data as RaRecord & { delivery: { sent: number; pending: number } };
      return { data: { ...record, delivery: { ...record.delivery, sent: record.delivery.sent + 400, pending: record.delivery.pending - 400 } } } as never;
    });
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '94'), { timeout: 5000 });
    expect(count(PUSH_TEXTS.sent)).toBe('1,203');
    expect(count(PUSH_TEXTS.pending)).toBe('75');
    expect(reads).toHaveBeenCalledWith('notifications', expect.objectContaining({ id: 'notification-2' }));
  });

  it('says why a failed send stopped, and Retry failed toasts the server’s refusal (no FCM here)', async () => {
    const app = await openDetail(5);
    expect(within(delivery()).getByRole('alert')).toHaveTextContent(PUSH_TEXTS.credentialsRefused);
    const retry = vi.spyOn(app.dataProvider, 'retryNotification');
    await userEvent.click(within(delivery()).getByRole('button', { name: PUSH_TEXTS.retry }));
    expect(retry).toHaveBeenCalledWith({ id: 'notification-5' });
    expect(await screen.findByText(PUSH_TEXTS.notConfigured, {}, slow)).toBeInTheDocument();
  });

  it('Retry failed toasts the server’s message when it sends again', async () => {
    const app = await openDetail(3);
    const retry = vi.spyOn(app.dataProvider, 'retryNotification').mockResolvedValue({ data: { id: 'notification-3' }, message: PUSH_TEXTS.retried });
    await userEvent.click(within(delivery()).getByRole('button', { name: PUSH_TEXTS.retry }));
    expect(retry).toHaveBeenCalledWith({ id: 'notification-3' });
    expect(await screen.findByText(PUSH_TEXTS.retried, {}, slow)).toBeInTheDocument();
  });

  it('shows when a scheduled one goes out, and Cancel send asks first, then cancels it', async () => {
    const app = await openDetail(1);
    expect(within(delivery()).getByText(new RegExp(`^${PUSH_TEXTS.scheduledFor}`))).toBeInTheDocument();
    // Nothing counted before the send starts.
    expect(within(delivery()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(delivery()).queryByRole('button', { name: PUSH_TEXTS.retry })).not.toBeInTheDocument();
    const cancel = vi.spyOn(app.dataProvider, 'cancelNotification');
    await userEvent.click(within(delivery()).getByRole('button', { name: PUSH_TEXTS.cancel }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PUSH_TEXTS.cancelConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: PUSH_TEXTS.keepScheduled }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancel).not.toHaveBeenCalled();
    await userEvent.click(within(delivery()).getByRole('button', { name: PUSH_TEXTS.cancel }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: PUSH_TEXTS.cancel }));
    expect(cancel).toHaveBeenCalledWith({ id: 'notification-1' });
    expect(await screen.findByText(PUSH_TEXTS.cancelled, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(within(delivery()).getByTestId('delivery-chip')).toHaveTextContent(PUSH_TEXTS.states.cancelled));
    expect(within(delivery()).queryByRole('button', { name: PUSH_TEXTS.cancel })).not.toBeInTheDocument();
  });

  it('Reschedule refuses a time past, then moves the send to the time chosen', async () => {
    const app = await openDetail(1);
    const reschedule = vi.spyOn(app.dataProvider, 'rescheduleNotification');
    await userEvent.click(within(delivery()).getByRole('button', { name: PUSH_TEXTS.reschedule }));
    const dialog = await screen.findByRole('dialog', { name: PUSH_TEXTS.reschedule });
    const input = within(dialog).getByLabelText(PUSH_TEXTS.sendAt);
    fireEvent.change(input, { target: { value: localInputValue(new Date(Date.now() - DAY_MS).toISOString()) } });
    await userEvent.click(within(dialog).getByRole('button', { name: PUSH_TEXTS.reschedule }));
    expect(await within(dialog).findByText(PUSH_TEXTS.sendAtPast)).toBeInTheDocument();
    expect(reschedule).not.toHaveBeenCalled();
    const chosen = localInputValue(new Date(Date.now() + 3 * DAY_MS).toISOString());
    fireEvent.change(input, { target: { value: chosen } });
    await userEvent.click(within(dialog).getByRole('button', { name: PUSH_TEXTS.reschedule }));
    const sendAt = toMinute(new Date(chosen)).toISOString();
    expect(reschedule).toHaveBeenCalledWith({ id: 'notification-1', sendAt });
    expect(await screen.findByText(PUSH_TEXTS.rescheduled, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(within(delivery()).getByText(formatSendAt(sendAt))).toBeInTheDocument());
  });

  it('says a notification made without FCM reached no phone, and offers nothing to do', async () => {
    const app = renderApp('/notifications');
    const { data } = await app.dataProvider.create('notifications', { data: { title: 'Gates open', body: 'Gates open at noon on match day.' } });
    await screen.findByText('Total Item: 6', {}, slow);
    await userEvent.click(await within(rows()[0]).findByRole('link', { name: 'View' }));
    await waitFor(() => expect(app.pathname()).toBe(`/notifications/${data.id}`));
    expect(await screen.findByRole('heading', { name: 'Gates open' }, slow)).toBeInTheDocument();
    expect(within(delivery()).getByTestId('delivery-chip')).toHaveTextContent(PUSH_TEXTS.states['not-configured']);
    expect(within(delivery()).getByRole('alert')).toHaveTextContent(PUSH_TEXTS.notConfigured);
    expect(within(delivery()).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('scheduling on the create form', () => {
  beforeEach(signIn);

  const fill = () => {
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${notifications.fields.title.label}`) }), { target: { value: 'Final tickets' } });
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${notifications.fields.body.label}`) }), { target: { value: 'Final tickets go on sale at noon today.' } });
  };
  const submit = () => userEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.createSubmit }));

  async function openCreate() {
    const app = renderApp('/notifications/create');
    await screen.findByRole('heading', { level: 1, name: NOTIFICATION_TEXTS.createTitle }, slow);
    return app;
  }

  it('says push delivery is not set up, and how to set it up', async () => {
    await openCreate();
    expect(await screen.findByText(`${PUSH_TEXTS.notConfigured} ${PUSH_TEXTS.notConfiguredHow}`, {}, slow)).toBeInTheDocument();
  });

  it('sends now unless Schedule is chosen; Schedule asks for a time, refuses none and a past one, then sends it as a UTC minute', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    expect(screen.getByRole('radio', { name: PUSH_TEXTS.sendNow })).toBeChecked();
    expect(screen.queryByLabelText(PUSH_TEXTS.sendAt)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: PUSH_TEXTS.schedule }));
    const input = await screen.findByLabelText(PUSH_TEXTS.sendAt);
    fill();
    await submit();
    expect(await screen.findByText(PUSH_TEXTS.sendAtRequired)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: localInputValue(new Date(Date.now() - DAY_MS).toISOString()) } });
    await submit();
    expect(await screen.findByText(PUSH_TEXTS.sendAtPast)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    const chosen = localInputValue(new Date(Date.now() + 2 * DAY_MS).toISOString());
    fireEvent.change(input, { target: { value: chosen } });
    await submit();
    // No FCM here, so the server stores it as not sent; the toast is still the usual success.
    expect(await screen.findByText(NOTIFICATION_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/notifications'));
    const sendAt = create.mock.calls[0][1].data.sendAt as string;
    expect(create.mock.calls[0][1].data).toEqual({ title: 'Final tickets', body: 'Final tickets go on sale at noon today.', sendAt });
    expect(sendAt).toBe(toMinute(new Date(chosen)).toISOString());
    expect(sendAt).toMatch(/T\d{2}:\d{2}:00\.000Z$/);
  });

  it('toasts Notification scheduled where the server schedules it', async () => {
    const app = await openCreate();
    const create = app.dataProvider.create.bind(app.dataProvider);
    app.dataProvider.create = async (resource, params) => {
      const answer = await create(resource, params);
      return { data: { ...answer.data, delivery: { ...answer.data.delivery, state: 'scheduled', message: null } } } as never;
    };
    await userEvent.click(screen.getByRole('radio', { name: PUSH_TEXTS.schedule }));
    fireEvent.change(await screen.findByLabelText(PUSH_TEXTS.sendAt), { target: { value: localInputValue(new Date(Date.now() + DAY_MS).toISOString()) } });
    fill();
    await submit();
    expect(await screen.findByText(PUSH_TEXTS.scheduled, {}, slow)).toBeInTheDocument();
  });

  it('going back to Send now sends no time, and the rule messages still come first', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    await userEvent.click(screen.getByRole('radio', { name: PUSH_TEXTS.schedule }));
    await submit();
    expect(await screen.findByText(VALIDATION.titleRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: PUSH_TEXTS.sendNow }));
    fill();
    await submit();
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][1].data).toEqual({ title: 'Final tickets', body: 'Final tickets go on sale at noon today.' });
  });
});

describe('the dashboard’s Devices card', () => {
  beforeEach(signIn);

  it('shows how many phones are registered for push, and that push is not set up', async () => {
    renderApp('/dashboard');
    const card = await screen.findByRole('group', { name: PUSH_TEXTS.devices }, slow);
    await waitFor(() => expect(within(card).getByLabelText(PUSH_TEXTS.devices)).toHaveTextContent('0'));
    expect(within(card).getByText(PUSH_TEXTS.devicesHint)).toBeInTheDocument();
    expect(within(card).getByText(PUSH_TEXTS.devicesNotConfigured)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: DASHBOARD_TEXTS.registrations })).toBeInTheDocument();
  });
});
