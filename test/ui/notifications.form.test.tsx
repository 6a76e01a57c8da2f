/** 'Create Notification' with its live phone preview, on the in-memory league. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { NOTIFICATION_TEXTS, UPLOAD, VALIDATION } from '../../src/domain';
import { notifications } from '../../src/domain/entities';
import { fakePngFile, pngFile } from './files';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const titleInput = () => screen.getByRole('textbox', { name: new RegExp(`^${notifications.fields.title.label}`) });
const bodyInput = () => screen.getByRole('textbox', { name: new RegExp(`^${notifications.fields.body.label}`) });
const submit = () => screen.getByRole('button', { name: NOTIFICATION_TEXTS.createSubmit });

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

async function openCreate() {
  const app = renderApp('/notifications/create');
  await screen.findByRole('heading', { level: 1, name: NOTIFICATION_TEXTS.createTitle }, slow);
  return app;
}

describe('notification create', () => {
  beforeEach(signIn);

  it('shows the rule messages for an empty form, then for a short title and body', async () => {
    await openCreate();
    await userEvent.click(submit());
    expect(await screen.findByText(VALIDATION.titleRequired)).toBeInTheDocument();
    expect(await screen.findByText(VALIDATION.bodyRequired)).toBeInTheDocument();
    fireEvent.change(titleInput(), { target: { value: 'Hi' } });
    fireEvent.change(bodyInput(), { target: { value: 'Too short' } });
    await userEvent.click(submit());
    expect(await screen.findByText(VALIDATION.titleMin3)).toBeInTheDocument();
    expect(await screen.findByText(VALIDATION.bodyMin10)).toBeInTheDocument();
  });

  it('refuses a file that is not an image', async () => {
    await openCreate();
    await userEvent.upload(fileInput(), fakePngFile());
    expect(await screen.findByText(UPLOAD.notAnImage, {}, slow)).toBeInTheDocument();
  });

  it('previews the push on a lock screen as the admin types, with the picture', async () => {
    await openCreate();
    const phone = screen.getByRole('figure', { name: NOTIFICATION_TEXTS.previewLabel });
    expect(screen.getByTestId('phone-title')).toHaveTextContent(NOTIFICATION_TEXTS.previewTitlePlaceholder);
    expect(within(phone).getByText(NOTIFICATION_TEXTS.previewApp)).toBeInTheDocument();
    await userEvent.type(titleInput(), 'Gates open at 6');
    expect(screen.getByTestId('phone-title')).toHaveTextContent('Gates open at 6');
    fireEvent.change(bodyInput(), { target: { value: 'Bring your ticket QR code to the north gate.' } });
    expect(screen.getByTestId('phone-body')).toHaveTextContent('Bring your ticket QR code to the north gate.');
    // Cut as phones cut it: the title on one line, the body after four.
    expect(screen.getByTestId('phone-title')).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
    expect(screen.getByTestId('phone-body')).toHaveStyle({ WebkitLineClamp: '4' });
    expect(screen.queryByTestId('phone-image')).not.toBeInTheDocument();
    await userEvent.upload(fileInput(), pngFile());
    await waitFor(() => expect(screen.getByTestId('phone-image')).toHaveAttribute('src', expect.stringMatching(/^blob:/)));
  });

  it('sends title, body and the picture as logo, toasts and returns to /notifications', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    fireEvent.change(titleInput(), { target: { value: 'Final tickets' } });
    fireEvent.change(bodyInput(), { target: { value: 'Final tickets go on sale at noon today.' } });
    await userEvent.upload(fileInput(), pngFile());
    await userEvent.click(submit());
    expect(await screen.findByText(NOTIFICATION_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/notifications'));
    expect(create.mock.calls[0][1].data).toEqual({
      title: 'Final tickets',
      body: 'Final tickets go on sale at noon today.',
      logo: expect.objectContaining({ rawFile: expect.any(File) }),
    });
    // The list, once the form (whose preview also shows the title) has gone.
    await waitFor(() => expect(screen.queryByTestId('phone-title')).not.toBeInTheDocument(), slow);
    expect(await screen.findByText('Final tickets', {}, slow)).toBeInTheDocument();
  });

  it('toasts the server’s message when the create fails, and stays on the form', async () => {
    const app = await openCreate();
    app.dataProvider.create = () => Promise.reject(new HttpError('Push service is down', 503));
    fireEvent.change(titleInput(), { target: { value: 'Final tickets' } });
    fireEvent.change(bodyInput(), { target: { value: 'Final tickets go on sale at noon today.' } });
    await userEvent.click(submit());
    expect(await screen.findByText('Push service is down', {}, slow)).toBeInTheDocument();
    expect(app.pathname()).toBe('/notifications/create');
  });

  it('has Cancel back to the list', async () => {
    await openCreate();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/notifications');
  });
});
