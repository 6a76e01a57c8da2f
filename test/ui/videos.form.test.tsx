/** 'Add New Video' and 'Edit Video' on the in-memory league. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { toEmbedUrl } from '../../src/common';
import { keepImageHint, UPLOAD, VALIDATION, VIDEO_TEXTS } from '../../src/domain';
import { videos } from '../../src/domain/entities';
import { reportUploadProgress } from '../../src/providers/uploadProgress';
import { pngFile } from './files';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 5000 };
const png = pngFile;
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function openCreate() {
  const app = renderApp('/videos/create');
  await screen.findByRole('heading', { level: 1, name: VIDEO_TEXTS.createTitle }, slow);
  return app;
}

async function fill({ title = 'Final over thriller', url = 'https://www.youtube.com/watch?v=abcdefghijk' } = {}) {
  await userEvent.type(screen.getByRole('textbox', { name: new RegExp(videos.fields.title.formLabel) }), title);
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(videos.fields.category.label) }));
  await userEvent.click(await screen.findByRole('option', { name: 'Tutorial' }));
  await userEvent.type(screen.getByRole('textbox', { name: new RegExp(videos.fields.videoUrl.label) }), url);
}

beforeAll(() => {
  // jsdom has no object URLs; ImageInput makes one for its preview.
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

describe('toEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abcdefghijk', 'https://www.youtube.com/embed/abcdefghijk'],
    ['https://www.youtube.com/watch?feature=share&v=abcdefghijk', 'https://www.youtube.com/embed/abcdefghijk'],
    ['https://youtu.be/abcdefghijk?t=5', 'https://www.youtube.com/embed/abcdefghijk'],
    ['https://youtube.com/shorts/abcdefghijk', 'https://www.youtube.com/embed/abcdefghijk'],
    ['https://vimeo.com/1', 'https://vimeo.com/1'],
  ])('%s → %s', (url, embed) => expect(toEmbedUrl(url)).toBe(embed));
});

describe('video create', () => {
  beforeEach(signIn);

  it('has Back and Cancel to the list, the four fields and Add Video', async () => {
    await openCreate();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/videos');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/videos');
    expect(screen.getByRole('button', { name: VIDEO_TEXTS.createSubmit })).toBeEnabled();
    expect(screen.getByText(videos.fields.image.formLabel)).toBeInTheDocument();
    expect(screen.getByText(VIDEO_TEXTS.videoPreviewHint)).toBeInTheDocument();
  });

  it('shows the rule messages for every missing field', async () => {
    await openCreate();
    await userEvent.click(screen.getByRole('button', { name: VIDEO_TEXTS.createSubmit }));
    for (const message of [VALIDATION.titleRequired, VALIDATION.categoryRequired, VALIDATION.videoUrlRequired, VALIDATION.thumbnailRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('refuses a malformed URL, a non-image file and an image over 5 MB', async () => {
    await openCreate();
    await fill({ url: 'not a url' });
    await userEvent.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('button', { name: VIDEO_TEXTS.createSubmit }));
    expect(await screen.findByText(VALIDATION.videoUrlInvalid)).toBeInTheDocument();
    expect(await screen.findByText(UPLOAD.notAnImage)).toBeInTheDocument();

    await userEvent.upload(fileInput(), png(5 * 1024 * 1024 + 1, 'huge.png'));
    await userEvent.click(screen.getByRole('button', { name: VIDEO_TEXTS.createSubmit }));
    expect(await screen.findByText(UPLOAD.tooLarge)).toBeInTheDocument();
  });

  it.each([
    'https://www.youtube.com/watch?v=abcdefghijk',
    'https://youtu.be/abcdefghijk',
    'https://www.youtube.com/shorts/abcdefghijk',
  ])('previews %s as an embedded player', async (url) => {
    await openCreate();
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(videos.fields.videoUrl.label) }), { target: { value: url } });
    expect(await screen.findByTitle(VIDEO_TEXTS.videoPreview)).toHaveAttribute('src', 'https://www.youtube.com/embed/abcdefghijk');
  });

  it('sends, reads Adding... while busy, toasts success and returns to the list with the new video', async () => {
    const app = await openCreate();
    const create = app.dataProvider.create;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.fn(async (...args: Parameters<typeof create>) => {
      // What the real provider's XMLHttpRequest reports halfway through the upload.
      reportUploadProgress({ resource: 'videos', loaded: 50, total: 100 });
      await gate;
      reportUploadProgress(null);
      return create(...args);
    });
    app.dataProvider.create = spy as typeof create;
    await fill();
    await userEvent.upload(fileInput(), png());
    expect(await screen.findByRole('img', { name: VIDEO_TEXTS.thumbnailPreview })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: VIDEO_TEXTS.createSubmit }));
    expect(await screen.findByRole('button', { name: VIDEO_TEXTS.createBusy })).toBeDisabled();
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    release();
    expect(await screen.findByText(VIDEO_TEXTS.createSuccess)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/videos'));
    const [, { data }] = spy.mock.calls[0];
    expect(Object.keys(data).sort()).toEqual(['category', 'image', 'title', 'videoUrl']);
    expect(await screen.findByText('Final over thriller', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Total Item: 15')).toBeInTheDocument();
  });

  it('toasts the failure and puts the server refusal beside the thumbnail', async () => {
    const app = await openCreate();
    app.dataProvider.create = () => Promise.reject(new HttpError(UPLOAD.notAnImage, 415, { success: false, message: UPLOAD.notAnImage }));
    await fill();
    await userEvent.upload(fileInput(), png(64, 'fake.png'));
    await userEvent.click(screen.getByRole('button', { name: VIDEO_TEXTS.createSubmit }));
    expect(await screen.findByText(VIDEO_TEXTS.createFailure)).toBeInTheDocument();
    expect(await screen.findByText(UPLOAD.notAnImage)).toBeInTheDocument();
    expect(app.pathname()).toBe('/videos/create');
  });

  it('shows the server field messages beside their fields', async () => {
    const app = await openCreate();
    const errors = { title: 'Title is taken on the server' };
    app.dataProvider.create = () => Promise.reject(new HttpError('Bad request', 400, { success: false, message: 'Bad request', errors }));
    await fill();
    await userEvent.upload(fileInput(), png());
    await userEvent.click(screen.getByRole('button', { name: VIDEO_TEXTS.createSubmit }));
    const title = screen.getByRole('textbox', { name: new RegExp(videos.fields.title.formLabel) });
    await waitFor(() => expect(title).toHaveAccessibleDescription(errors.title));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(VIDEO_TEXTS.createFailure)).toBeInTheDocument();
  });
});

describe('video edit', () => {
  beforeEach(signIn);

  async function openEdit(id = 'video-2') {
    const app = renderApp(`/videos/${id}/edit`);
    await screen.findByRole('heading', { level: 1, name: VIDEO_TEXTS.editTitle }, slow);
    return app;
  }

  it('shows Loading video data... until the video arrives', async () => {
    const app = renderApp('/videos/video-2/edit');
    app.dataProvider.getOne = () => new Promise(() => {});
    expect(await screen.findByText(VIDEO_TEXTS.editLoading, {}, slow)).toBeInTheDocument();
  });

  it('is pre-filled, with an optional thumbnail and its hint', async () => {
    await openEdit();
    expect(await screen.findByDisplayValue('Chennai Chargers nets session #2', {}, slow)).toBeInTheDocument();
    expect(screen.getByDisplayValue('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeInTheDocument();
    expect(screen.getByText(VIDEO_TEXTS.editThumbnail)).toBeInTheDocument();
    expect(screen.getByText(keepImageHint(videos.fields.image))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/videos');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/videos');
  });

  it('updates without a new thumbnail: Updating..., the success toast, back to the list', async () => {
    const app = await openEdit();
    const update = app.dataProvider.update;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.fn(async (...args: Parameters<typeof update>) => {
      await gate;
      return update(...args);
    });
    app.dataProvider.update = spy as typeof update;
    const title = await screen.findByDisplayValue('Chennai Chargers nets session #2', {}, slow);
    await userEvent.clear(title);
    await userEvent.type(title, 'Renamed session');
    await userEvent.click(screen.getByRole('button', { name: VIDEO_TEXTS.editSubmit }));
    expect(await screen.findByRole('button', { name: VIDEO_TEXTS.editBusy })).toBeDisabled();
    release();
    expect(await screen.findByText(VIDEO_TEXTS.editSuccess)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/videos'));
    // No image in the payload: the server keeps the current thumbnail.
    expect(spy.mock.calls[0][1].data).toEqual({ title: 'Renamed session', category: 'Practice', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  });

  it('keeps the rule messages on edit', async () => {
    await openEdit();
    await userEvent.clear(await screen.findByDisplayValue('Chennai Chargers nets session #2', {}, slow));
    await userEvent.click(screen.getByRole('button', { name: VIDEO_TEXTS.editSubmit }));
    expect(await screen.findByText(VALIDATION.titleRequired)).toBeInTheDocument();
    expect(screen.queryByText(VALIDATION.thumbnailRequired)).not.toBeInTheDocument();
  });

  it('toasts the update failure and stays', async () => {
    const app = await openEdit();
    app.dataProvider.update = () => Promise.reject(new HttpError('boom', 500));
    await screen.findByDisplayValue('Chennai Chargers nets session #2', {}, slow);
    await userEvent.click(screen.getByRole('button', { name: VIDEO_TEXTS.editSubmit }));
    expect(await screen.findByText(VIDEO_TEXTS.editFailure)).toBeInTheDocument();
    expect(app.pathname()).toBe('/videos/video-2/edit');
  });

  it('toasts Failed to load video data. and offers the way back when loading fails', async () => {
    await openEdit('video-404');
    expect(await screen.findByText(VIDEO_TEXTS.editLoadFailure, {}, slow)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: VIDEO_TEXTS.backToList })).toHaveAttribute('href', '/videos');
  });
});
