/** Draft and scheduled publishing on the video screens, on the in-memory league: the choices on the form, the state column and filter, the edit page's state. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localInputValue } from '../../src/common';
import { PUBLISHING_TEXTS, toPublishMinute, VIDEO_TEXTS } from '../../src/domain';
import { videos } from '../../src/domain/entities';
import { pngFile } from './files';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const rows = () => screen.getAllByRole('row').slice(1);
const chipIn = (element: HTMLElement) => within(element).getByTestId('publishing-chip');

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

async function openCreate() {
  const app = renderApp('/videos/create');
  await screen.findByRole('heading', { level: 1, name: VIDEO_TEXTS.createTitle }, slow);
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${videos.fields.title.formLabel}`) }), { target: { value: 'Nets session, day two' } });
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(videos.fields.category.label) }));
  await userEvent.click((await screen.findAllByRole('option'))[1]);
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(videos.fields.videoUrl.label) }), { target: { value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } });
  await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, pngFile());
  return app;
}

describe('video publishing', () => {
  beforeEach(signIn);

  it('Save as draft beside Add Video saves a draft; the list shows it as Draft', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    expect(screen.getByRole('button', { name: VIDEO_TEXTS.createSubmit })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: PUBLISHING_TEXTS.saveAsDraft }));
    expect(await screen.findByText(PUBLISHING_TEXTS.savedAsDraft, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/videos'));
    expect(create.mock.calls[0][1].data).toMatchObject({ title: 'Nets session, day two', status: 'draft' });
    expect(chipIn(await screen.findByRole('row', { name: /^Nets session, day two/ }, slow))).toHaveTextContent(PUBLISHING_TEXTS.states.draft);
  });

  it('Schedule sends the chosen time and an unpublish time as UTC minutes', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    await userEvent.click(screen.getByRole('button', { name: PUBLISHING_TEXTS.schedule }));
    const dialog = await screen.findByRole('dialog', { name: PUBLISHING_TEXTS.schedule });
    const start = localInputValue(new Date(Date.now() + 86_400_000).toISOString());
    const end = localInputValue(new Date(Date.now() + 3 * 86_400_000).toISOString());
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${PUBLISHING_TEXTS.publishAt}`)), { target: { value: start } });
    // An end before the start is refused under its input.
    fireEvent.change(within(dialog).getByLabelText(PUBLISHING_TEXTS.unpublishAt), { target: { value: localInputValue(new Date(Date.now() + 3_600_000).toISOString()) } });
    await userEvent.click(within(dialog).getByRole('button', { name: PUBLISHING_TEXTS.schedule }));
    expect(await within(dialog).findByText(PUBLISHING_TEXTS.unpublishAtNotAfter)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(PUBLISHING_TEXTS.unpublishAt), { target: { value: end } });
    await userEvent.click(within(dialog).getByRole('button', { name: PUBLISHING_TEXTS.schedule }));
    await waitFor(() => expect(app.pathname()).toBe('/videos'), slow);
    expect(create.mock.calls[0][1].data).toMatchObject({
      status: 'scheduled',
      publishAt: toPublishMinute(new Date(start)),
      unpublishAt: toPublishMinute(new Date(end)),
    });
    expect(chipIn(await screen.findByRole('row', { name: /^Nets session, day two/ }, slow))).toHaveTextContent(PUBLISHING_TEXTS.states.scheduled);
  });

  it('shows each video’s state, filters by state, and the edit page says a published video’s state', async () => {
    const app = renderApp('/videos');
    await screen.findByText('Total Item: 14', {}, slow);
    rows().forEach((row) => expect(chipIn(row)).toHaveTextContent(PUBLISHING_TEXTS.states.published));
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: PUBLISHING_TEXTS.statusFilter }, slow));
    await userEvent.click(await screen.findByRole('option', { name: PUBLISHING_TEXTS.states.scheduled }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('videos', expect.objectContaining({ filter: { status: 'scheduled' } })));
    expect(await screen.findByText(VIDEO_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();

    app.unmount();
    renderApp('/videos/video-1/edit');
    await screen.findByDisplayValue('Mumbai Mavericks highlights #1', {}, slow);
    expect(chipIn(screen.getByRole('region', { name: PUBLISHING_TEXTS.status }))).toHaveTextContent(PUBLISHING_TEXTS.states.published);
    expect(screen.getByRole('button', { name: PUBLISHING_TEXTS.unpublish })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PUBLISHING_TEXTS.publishNow })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: VIDEO_TEXTS.editSubmit })).toBeInTheDocument();
  });
});
