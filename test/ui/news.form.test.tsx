/** 'Add News Article' and 'Edit News Article' on the in-memory league. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { keepImageHint, NEWS_TEXTS, UPLOAD, VALIDATION } from '../../src/domain';
import { news } from '../../src/domain/entities';
import { fakePngFile, pngFile } from './files';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const editor = () => document.querySelector<HTMLElement>('.ProseMirror')!;

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

async function openCreate() {
  const app = renderApp('/news/create');
  await screen.findByRole('heading', { level: 1, name: NEWS_TEXTS.createTitle }, slow);
  await waitFor(() => expect(editor()).not.toBeNull(), slow);
  return app;
}

async function fill() {
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${news.fields.title.label}`) }), { target: { value: 'Final over heroics' } });
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(news.fields.small_description.label) }), {
    target: { value: 'Twelve runs off the last over' },
  });
  // Typing key by key into the editor is flaky in jsdom under parallel tests; pasting is reliable.
  await userEvent.click(editor());
  await userEvent.paste('A night to remember at the stadium.');
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(news.fields.tags.label) }));
  await userEvent.click(await screen.findByRole('option', { name: 'Final' }));
  await userEvent.keyboard('{Escape}');
}

describe('news create', () => {
  beforeEach(signIn);

  it('shows the rule messages for an empty form', async () => {
    await openCreate();
    await userEvent.click(screen.getByRole('button', { name: NEWS_TEXTS.createSubmit }));
    for (const message of [VALIDATION.titleRequired, VALIDATION.smallDescriptionRequired, VALIDATION.descriptionRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('refuses a short title and small description', async () => {
    await openCreate();
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${news.fields.title.label}`) }), { target: { value: 'Win' } });
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(news.fields.small_description.label) }), { target: { value: 'Short' } });
    await userEvent.click(screen.getByRole('button', { name: NEWS_TEXTS.createSubmit }));
    expect(await screen.findByText(VALIDATION.titleMin5)).toBeInTheDocument();
    expect(await screen.findByText(VALIDATION.smallDescriptionMin10)).toBeInTheDocument();
  });

  it('refuses a text file named .png the moment it is chosen, and a file over 5 MB', async () => {
    await openCreate();
    await userEvent.upload(fileInput(), fakePngFile());
    expect(await screen.findByText(UPLOAD.notAnImage, {}, slow)).toBeInTheDocument();
    await userEvent.upload(fileInput(), pngFile(5 * 1024 * 1024 + 1, 'huge.png'));
    expect(await screen.findByText(UPLOAD.tooLarge, {}, slow)).toBeInTheDocument();
  });

  it('sends the small description, tags and image, toasts News created successfully! and returns to /news', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    await fill();
    await userEvent.upload(fileInput(), pngFile());
    await userEvent.click(screen.getByRole('button', { name: NEWS_TEXTS.createSubmit }));
    expect(await screen.findByText(NEWS_TEXTS.createSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/news'));
    const { data } = create.mock.calls[0][1];
    expect(data).toMatchObject({
      title: 'Final over heroics',
      small_description: 'Twelve runs off the last over',
      description: expect.stringContaining('A night to remember at the stadium.'),
      tags: ['Final'],
      image: expect.objectContaining({ rawFile: expect.any(File) }),
    });
    expect(await screen.findByText('Total Item: 7', {}, slow)).toBeInTheDocument();
  });

  it('shows the server message in a box above the form, and the fallback when there is none', async () => {
    const app = await openCreate();
    app.dataProvider.create = () => Promise.reject(new HttpError('Title is taken', 400, { success: false, message: 'Title is taken' }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: NEWS_TEXTS.createSubmit }));
    const box = await screen.findByRole('alert', {}, slow);
    await waitFor(() => expect(box).toHaveTextContent('Title is taken'));

    app.dataProvider.create = () => Promise.reject(new HttpError('', 500));
    await userEvent.click(screen.getByRole('button', { name: NEWS_TEXTS.createSubmit }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent === NEWS_TEXTS.createFailure)).toBe(true), slow);
    expect(app.pathname()).toBe('/news/create');
  });
});

describe('news edit', () => {
  beforeEach(signIn);

  async function openEdit(id = 'news-2') {
    const app = renderApp(`/news/${id}/edit`);
    await screen.findByRole('heading', { level: 1, name: NEWS_TEXTS.editTitle }, slow);
    await screen.findByDisplayValue('Chennai Chargers clinch a thriller', {}, slow);
    return app;
  }

  it('is pre-filled, says Update News, and saves the small description with the rest', async () => {
    const app = await openEdit();
    const update = vi.spyOn(app.dataProvider, 'update');
    const small = screen.getByRole('textbox', { name: new RegExp(news.fields.small_description.label) });
    fireEvent.change(small, { target: { value: 'A new small description' } });
    await userEvent.click(screen.getByRole('button', { name: NEWS_TEXTS.editSubmit }));
    expect(await screen.findByText(NEWS_TEXTS.editSuccess, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/news'));
    const { data } = update.mock.calls[0][1];
    expect(data.small_description).toBe('A new small description');
    expect(data.tags).toEqual(['Final', 'Sports']);
    // No image chosen: the server keeps the current one.
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('removeImages');
  });

  it('shows the current image, keeps it by default, and removes it when asked', async () => {
    const app = renderApp('/news/news-1/edit');
    await screen.findByDisplayValue('Mumbai Mavericks clinch a thriller', {}, slow);
    expect(screen.getByRole('img', { name: `${news.fields.image.label}: current image` })).toHaveAttribute('src', '/uploads/fake/news-1.png');
    expect(screen.getByText(keepImageHint(news.fields.image))).toBeInTheDocument();
    const update = vi.spyOn(app.dataProvider, 'update');
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: `${news.fields.image.label}: current image` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep current image' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: NEWS_TEXTS.editSubmit }));
    await waitFor(() => expect(app.pathname()).toBe('/news'));
    expect(update.mock.calls[0][1].data.removeImages).toEqual(['image']);
  });

  it('toasts Failed to load news data and offers Back to News when the article cannot load', async () => {
    renderApp('/news/news-404/edit');
    expect(await screen.findByText(NEWS_TEXTS.editLoadFailure, {}, slow)).toBeInTheDocument();
    expect(within(document.getElementById('main-content')!).getByRole('link', { name: NEWS_TEXTS.backToList })).toHaveAttribute('href', '/news');
  });
});
