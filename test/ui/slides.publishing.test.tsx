/** Draft and scheduled publishing on the slides page (no edit page): the dialog's choices, each card's state and actions, the filter. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUBLISHING_TEXTS, SLIDE_TEXTS } from '../../src/domain';
import { pngFile } from './files';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const chipIn = (element: HTMLElement) => within(element).getByTestId('publishing-chip');

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

async function openSlides() {
  const app = renderApp('/slides');
  await screen.findByText('Total Item: 3', {}, slow);
  await screen.findAllByRole('article', {}, slow);
  return app;
}

describe('slide publishing', () => {
  beforeEach(signIn);

  it('adds a slide as a draft from the dialog: Save as draft waits for an image, the new card says Draft', async () => {
    const app = await openSlides();
    const create = vi.spyOn(app.dataProvider, 'create');
    await userEvent.click(screen.getByRole('button', { name: SLIDE_TEXTS.addNew }));
    const dialog = await screen.findByRole('dialog', { name: SLIDE_TEXTS.addNew }, slow);
    expect(within(dialog).getByRole('button', { name: SLIDE_TEXTS.createSubmit })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: PUBLISHING_TEXTS.saveAsDraft })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: PUBLISHING_TEXTS.schedule })).toBeDisabled();
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, pngFile());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: PUBLISHING_TEXTS.saveAsDraft })).toBeEnabled(), slow);
    await userEvent.click(within(dialog).getByRole('button', { name: PUBLISHING_TEXTS.saveAsDraft }));
    expect(await screen.findByText(PUBLISHING_TEXTS.savedAsDraft, {}, slow)).toBeInTheDocument();
    expect(create.mock.calls[0][1].data).toMatchObject({ status: 'draft', image: expect.anything() });
    await screen.findByText('Total Item: 4', {}, slow);
    const card = screen.getByRole('article', { name: SLIDE_TEXTS.slideLabel(4) });
    expect(chipIn(card)).toHaveTextContent(PUBLISHING_TEXTS.states.draft);
    expect(within(card).getByRole('button', { name: `${PUBLISHING_TEXTS.publishNow}: ${SLIDE_TEXTS.slideLabel(4)}` })).toBeInTheDocument();
  });

  it('each card says its state; Unpublish takes a slide down through the provider and its card says Draft', async () => {
    const app = await openSlides();
    const first = screen.getByRole('article', { name: SLIDE_TEXTS.slideLabel(1) });
    expect(chipIn(first)).toHaveTextContent(PUBLISHING_TEXTS.states.published);
    const unpublish = vi.spyOn(app.dataProvider, 'unpublishRecord');
    await userEvent.click(within(first).getByRole('button', { name: `${PUBLISHING_TEXTS.unpublish}: ${SLIDE_TEXTS.slideLabel(1)}` }));
    expect(await screen.findByText(PUBLISHING_TEXTS.unpublished, {}, slow)).toBeInTheDocument();
    expect(unpublish).toHaveBeenCalledWith('slides', { id: 'slide-1' });
    await waitFor(() => expect(chipIn(screen.getByRole('article', { name: SLIDE_TEXTS.slideLabel(1) }))).toHaveTextContent(PUBLISHING_TEXTS.states.draft));
  });

  it('filters by state from the Filter button', async () => {
    const app = await openSlides();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: PUBLISHING_TEXTS.statusFilter }, slow));
    await userEvent.click(await screen.findByRole('option', { name: PUBLISHING_TEXTS.states.draft }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('slides', expect.objectContaining({ filter: { status: 'draft' } })));
    expect(await screen.findByText(SLIDE_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
  });
});
