/** What a notification or a slide opens in the app: chosen in its form, checked as the server checks it, shown in the phone preview. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_TEXTS, SLIDE_TEXTS, TARGET_TEXTS, VALIDATION } from '../../src/domain';
import { notifications } from '../../src/domain/entities';
import { pngFile } from './files';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

async function chooseType(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${TARGET_TEXTS.type.replace(/[()]/g, '\\$&')}`) }));
  await userEvent.click(await screen.findByRole('option', { name }, slow));
}

async function openNotificationCreate() {
  const app = renderApp('/notifications/create');
  await screen.findByRole('heading', { level: 1, name: NOTIFICATION_TEXTS.createTitle }, slow);
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${notifications.fields.title.label}`) }), { target: { value: 'Final tickets' } });
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${notifications.fields.body.label}`) }), { target: { value: 'Final tickets go on sale at noon today.' } });
  return app;
}

describe('a target in the notification form', () => {
  beforeEach(signIn);

  it('picks a news story, shows "Opens: <its title>" on the phone, and sends its type and id', async () => {
    const app = await openNotificationCreate();
    const { data } = await app.dataProvider.getList('news', { pagination: { page: 1, perPage: 100 }, sort: { field: 'title', order: 'ASC' }, filter: {} });
    // A story no other shares its title with, so the option names it alone.
    const story = data.find((one) => data.filter((other) => other.title === one.title).length === 1)!;
    expect(screen.queryByTestId('phone-opens')).not.toBeInTheDocument();
    await chooseType(TARGET_TEXTS.types.news);
    const picker = await screen.findByRole('combobox', { name: TARGET_TEXTS.record.news }, slow);
    await userEvent.type(picker, story.title.slice(0, 8));
    await userEvent.click(await screen.findByRole('option', { name: story.title }, slow));
    await waitFor(() => expect(screen.getByTestId('phone-opens')).toHaveTextContent(TARGET_TEXTS.opens(story.title)), slow);

    const create = vi.spyOn(app.dataProvider, 'create');
    await userEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.createSubmit }));
    expect(await screen.findByText(NOTIFICATION_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    expect(create.mock.calls[0][1].data).toEqual({ title: 'Final tickets', body: 'Final tickets go on sale at noon today.', targetType: 'news', targetId: story.id });
  });

  it('asks for the record once a type is chosen, and for an https address, in the server’s words', async () => {
    const app = await openNotificationCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    const submit = () => userEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.createSubmit }));
    await chooseType(TARGET_TEXTS.types.team);
    await submit();
    expect(await screen.findByText(VALIDATION.targetIdRequired, {}, slow)).toBeInTheDocument();

    await chooseType(TARGET_TEXTS.types.url);
    const address = screen.getByRole('textbox', { name: new RegExp(`^${TARGET_TEXTS.url}`) });
    await userEvent.type(address, 'http://tickets.example/final');
    await submit();
    expect(await screen.findByText(VALIDATION.targetUrlInvalid, {}, slow)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await userEvent.clear(address);
    await userEvent.type(address, 'https://tickets.example/final');
    expect(screen.getByTestId('phone-opens')).toHaveTextContent(TARGET_TEXTS.opens('https://tickets.example/final'));
    await submit();
    expect(await screen.findByText(NOTIFICATION_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    expect(create.mock.calls[0][1].data).toMatchObject({ targetType: 'url', targetUrl: 'https://tickets.example/final' });
    expect(create.mock.calls[0][1].data).not.toHaveProperty('targetId');
  });
});

describe('a target in the slide dialog', () => {
  beforeEach(signIn);

  it('sends a chosen team with the image; the slide answers it', async () => {
    const app = renderApp('/slides');
    await screen.findAllByRole('article', {}, slow);
    const { data } = await app.dataProvider.getList('teams', { pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    const team = data[0];
    await userEvent.click(screen.getByRole('button', { name: SLIDE_TEXTS.addNew }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, pngFile());
    await chooseType(TARGET_TEXTS.types.team);
    const picker = await within(dialog).findByRole('combobox', { name: TARGET_TEXTS.record.team }, slow);
    await userEvent.type(picker, team.name.slice(0, 5));
    await userEvent.click(await screen.findByRole('option', { name: team.name }, slow));
    const create = vi.spyOn(app.dataProvider, 'create');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: SLIDE_TEXTS.createSubmit })).toBeEnabled(), slow);
    await userEvent.click(within(dialog).getByRole('button', { name: SLIDE_TEXTS.createSubmit }));
    expect(await screen.findByText(SLIDE_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    expect(create.mock.calls[0][1].data).toMatchObject({ targetType: 'team', targetId: team.id });
    expect(await create.mock.results[0].value).toMatchObject({ data: { targetType: 'team', targetId: team.id, targetUrl: null } });
    // Its card in the carousel says what it opens.
    expect(await screen.findByText(TARGET_TEXTS.opens(team.name), {}, slow)).toBeInTheDocument();
  });
});
