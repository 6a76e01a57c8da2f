/** The slides page and the carousel order, on the in-memory league: 3 slides. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { SLIDE_TEXTS, UPLOAD } from '../../src/domain';
import { slides } from '../../src/domain/entities';
import { fakePngFile, pngFile } from './files';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const cards = () => screen.getAllByRole('article');
const idsShown = () => cards().map((card) => card.closest('[data-slide-id]')!.getAttribute('data-slide-id'));

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

describe('slides', () => {
  beforeEach(signIn);

  it('shows the slides as a grid by default, in carousel order, each with View in a new tab and Delete', async () => {
    await openSlides();
    expect(screen.getByRole('heading', { level: 1, name: SLIDE_TEXTS.listTitle })).toBeInTheDocument();
    expect(idsShown()).toEqual(['slide-1', 'slide-2', 'slide-3']);
    const first = screen.getByRole('article', { name: SLIDE_TEXTS.slideLabel(1) });
    const view = within(first).getByRole('link', { name: SLIDE_TEXTS.viewImageLabel(1) });
    expect(view).toHaveAttribute('href', '/favicon.svg');
    expect(view).toHaveAttribute('target', '_blank');
    expect(within(first).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: SLIDE_TEXTS.moveEarlier })).toBeDisabled();
  });

  it('switches to the table', async () => {
    await openSlides();
    await userEvent.click(screen.getByRole('button', { name: 'Table view' }));
    for (const column of [slides.fields.position.label, slides.fields.image.label, SLIDE_TEXTS.columnId, SLIDE_TEXTS.columnCreated, 'Actions']) {
      expect(await screen.findByRole('columnheader', { name: new RegExp(column) })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('slide-2')).toBeInTheDocument();
  });

  it('searches by id on the server, and says No slides found when nothing matches', async () => {
    const app = await openSlides();
    const getList = vi.spyOn(app.dataProvider, 'getList');
    const search = screen.getByRole('textbox', { name: SLIDE_TEXTS.searchPlaceholder });
    await userEvent.type(search, 'slide-2');
    await screen.findByText('Total Item: 1', {}, slow);
    expect(getList).toHaveBeenLastCalledWith('slides', expect.objectContaining({ filter: { q: 'slide-2' } }));
    // The order cannot change while only some slides are shown.
    expect(screen.getByText(SLIDE_TEXTS.orderSearching)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SLIDE_TEXTS.moveLater })).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing-like-it');
    expect(await screen.findByText(SLIDE_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
  });

  it('says No slides found / Add your first slide to get started with no slides at all', async () => {
    const app = renderApp('/slides');
    app.dataProvider.getList = async () => ({ data: [], total: 0 });
    expect(await screen.findByText(SLIDE_TEXTS.emptyTitle, {}, slow)).toBeInTheDocument();
    expect(screen.getByText(SLIDE_TEXTS.emptyHint)).toBeInTheDocument();
  });

  it('shows 8 skeleton cards while loading', async () => {
    const app = renderApp('/slides');
    app.dataProvider.getList = () => new Promise(() => {});
    expect(await screen.findByRole('progressbar', { name: SLIDE_TEXTS.loading }, slow)).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-item')).toHaveLength(8);
  });

  it('moves a slide with the keyboard buttons, saves the whole order, announces it and keeps the focus', async () => {
    const app = await openSlides();
    const reorder = vi.spyOn(app.dataProvider, 'reorder');
    const later = within(screen.getByRole('article', { name: SLIDE_TEXTS.slideLabel(1) })).getByRole('button', { name: SLIDE_TEXTS.moveLater });
    await userEvent.click(later);
    await waitFor(() => expect(idsShown()).toEqual(['slide-2', 'slide-1', 'slide-3']));
    expect(reorder).toHaveBeenCalledWith('slides', { ids: ['slide-2', 'slide-1', 'slide-3'] });
    expect(await screen.findByText(SLIDE_TEXTS.moved(1, 2, 3))).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(screen.getByRole('article', { name: SLIDE_TEXTS.slideLabel(2) })).getByRole('button', { name: SLIDE_TEXTS.moveLater }),
      ),
    );
    await userEvent.click(within(screen.getByRole('article', { name: SLIDE_TEXTS.slideLabel(3) })).getByRole('button', { name: SLIDE_TEXTS.moveEarlier }));
    await waitFor(() => expect(idsShown()).toEqual(['slide-2', 'slide-3', 'slide-1']));
    // The order holds when the page is read again.
    const { data } = await app.dataProvider.getList('slides', { pagination: { page: 1, perPage: 10 }, sort: { field: 'position', order: 'ASC' }, filter: {} });
    expect(data.map((slide) => slide.id)).toEqual(['slide-2', 'slide-3', 'slide-1']);
  });

  it('moves a slide by dragging it onto another slide’s place', async () => {
    const app = await openSlides();
    const reorder = vi.spyOn(app.dataProvider, 'reorder');
    const item = (id: string) => document.querySelector(`[data-slide-id="${id}"]`)!;
    const dataTransfer = { effectAllowed: '', dropEffect: '', setData: vi.fn(), getData: () => 'slide-3' };
    fireEvent.dragStart(item('slide-3'), { dataTransfer });
    fireEvent.dragOver(item('slide-1'), { dataTransfer });
    fireEvent.drop(item('slide-1'), { dataTransfer });
    await waitFor(() => expect(idsShown()).toEqual(['slide-3', 'slide-1', 'slide-2']));
    expect(reorder).toHaveBeenCalledWith('slides', { ids: ['slide-3', 'slide-1', 'slide-2'] });
  });

  it('puts the cards back and toasts the server’s message when the order cannot be saved', async () => {
    const app = await openSlides();
    app.dataProvider.reorder = () => Promise.reject(new HttpError('The order must list every current slide exactly once', 400));
    await userEvent.click(within(screen.getByRole('article', { name: SLIDE_TEXTS.slideLabel(1) })).getByRole('button', { name: SLIDE_TEXTS.moveLater }));
    expect(await screen.findByText('The order must list every current slide exactly once', {}, slow)).toBeInTheDocument();
    expect(idsShown()).toEqual(['slide-1', 'slide-2', 'slide-3']);
  });

  it('adds a slide from the modal: Create Slide is disabled until an image is chosen; the list reloads and the modal closes', async () => {
    await openSlides();
    await userEvent.click(screen.getByRole('button', { name: SLIDE_TEXTS.addNew }));
    const dialog = await screen.findByRole('dialog', { name: SLIDE_TEXTS.addNew }, slow);
    const create = within(dialog).getByRole('button', { name: SLIDE_TEXTS.createSubmit });
    expect(create).toBeDisabled();
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, pngFile());
    await waitFor(() => expect(create).toBeEnabled());
    expect(within(dialog).getByRole('img')).toBeInTheDocument();
    await userEvent.click(create);
    expect(await screen.findByText(SLIDE_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SLIDE_TEXTS.addNew })).not.toBeInTheDocument());
    await screen.findByText('Total Item: 4', {}, slow);
    // New slides go last; the modal opens empty again.
    expect(idsShown()[3]).toMatch(/^slides-/);
    await userEvent.click(screen.getByRole('button', { name: SLIDE_TEXTS.addNew }));
    expect(within(await screen.findByRole('dialog', { name: SLIDE_TEXTS.addNew }, slow)).getByRole('button', { name: SLIDE_TEXTS.createSubmit })).toBeDisabled();
  });

  it('refuses a file that is not an image, and toasts the server’s message when the create fails', async () => {
    const app = await openSlides();
    app.dataProvider.create = () => Promise.reject(new HttpError('Storage is full', 507));
    await userEvent.click(screen.getByRole('button', { name: SLIDE_TEXTS.addNew }));
    const dialog = await screen.findByRole('dialog', { name: SLIDE_TEXTS.addNew }, slow);
    const input = () => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input(), fakePngFile());
    expect(await within(dialog).findByText(UPLOAD.notAnImage, {}, slow)).toBeInTheDocument();
    await userEvent.upload(input(), pngFile());
    await userEvent.click(within(dialog).getByRole('button', { name: SLIDE_TEXTS.createSubmit }));
    expect(await screen.findByText('Storage is full', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: SLIDE_TEXTS.addNew })).toBeInTheDocument();
  });

  it('deletes after its question: the slide leaves the page and the total drops by one', async () => {
    await openSlides();
    await userEvent.click(within(screen.getByRole('article', { name: SLIDE_TEXTS.slideLabel(2) })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SLIDE_TEXTS.deleteConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Total Item: 2', {}, slow);
    expect(await screen.findByText(SLIDE_TEXTS.deleteSuccess)).toBeInTheDocument();
    expect(idsShown()).toEqual(['slide-1', 'slide-3']);
  });

  it('toasts the server message when the list cannot load', async () => {
    const app = renderApp('/slides');
    app.dataProvider.getList = () => Promise.reject(new HttpError('The database is unavailable', 503));
    expect((await screen.findAllByText('The database is unavailable', {}, slow)).length).toBeGreaterThan(0);
  });
});
