/** The video detail page on the in-memory league. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { VIDEO_TEXTS } from '../../src/domain';
import { videos } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 5000 };

async function openDetail(id: string) {
  const app = renderApp(`/videos/${id}`);
  await screen.findByRole('heading', { level: 1, name: VIDEO_TEXTS.detailTitle }, slow);
  return app;
}

const statusCard = () => screen.getByRole('region', { name: VIDEO_TEXTS.statusActions });

describe('video detail', () => {
  beforeEach(signIn);

  it('shows the embedded video, title, category, created date, thumbnail and the status card', async () => {
    await openDetail('video-2');
    expect(screen.getByRole('heading', { level: 2, name: 'Chennai Chargers nets session #2' })).toBeInTheDocument();
    expect(screen.getByText('Practice')).toBeInTheDocument();
    expect(screen.getByText(/Created Date: \d{1,2} \w{3} 2026/)).toBeInTheDocument();
    expect(screen.getByTitle('Chennai Chargers nets session #2')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(screen.getByText(videos.fields.image.formLabel)).toBeInTheDocument();
    expect(within(statusCard()).getByRole('button', { name: VIDEO_TEXTS.setFeatured })).toBeInTheDocument();
    expect(within(statusCard()).getByRole('button', { name: VIDEO_TEXTS.setMagicMoment })).toBeInTheDocument();
  });

  it('links Back to the list and Edit to /videos/{id}/edit', async () => {
    await openDetail('video-2');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/videos');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/videos/video-2/edit');
  });

  it('sets and removes Featured and Magic Moment, showing the server message and the new state', async () => {
    const app = await openDetail('video-2');
    const toggle = vi.spyOn(app.dataProvider, 'setFeatured');
    await userEvent.click(within(statusCard()).getByRole('button', { name: VIDEO_TEXTS.setFeatured }));
    expect(await within(statusCard()).findByRole('button', { name: VIDEO_TEXTS.removeFeatured })).toBeInTheDocument();
    expect(within(statusCard()).getByRole('status')).toHaveTextContent(VIDEO_TEXTS.featuredOn);
    expect(screen.getByTestId('isFeatured-state')).toHaveTextContent(videos.fields.isFeatured.label);
    // The flag as wanted, not a flip: a second quick click would not undo the first.
    expect(toggle).toHaveBeenCalledWith('videos', { id: 'video-2', value: true });

    await userEvent.click(within(statusCard()).getByRole('button', { name: VIDEO_TEXTS.setMagicMoment }));
    expect(await within(statusCard()).findByRole('button', { name: VIDEO_TEXTS.removeMagicMoment })).toBeInTheDocument();
    expect(within(statusCard()).getByRole('status')).toHaveTextContent(VIDEO_TEXTS.magicOn);

    await userEvent.click(within(statusCard()).getByRole('button', { name: VIDEO_TEXTS.removeFeatured }));
    expect(await within(statusCard()).findByRole('button', { name: VIDEO_TEXTS.setFeatured })).toBeInTheDocument();
    expect(within(statusCard()).getByRole('status')).toHaveTextContent(VIDEO_TEXTS.featuredOff);
    expect(screen.getByTestId('isFeatured-state')).toHaveTextContent(VIDEO_TEXTS.notFeatured);
  });

  it('toasts Something went wrong when a toggle fails', async () => {
    const app = await openDetail('video-2');
    app.dataProvider.setMagicMoment = () => Promise.reject(new HttpError('boom', 500));
    await userEvent.click(within(statusCard()).getByRole('button', { name: VIDEO_TEXTS.setMagicMoment }));
    expect(await screen.findByText(VIDEO_TEXTS.toggleFailure)).toBeInTheDocument();
    expect(within(statusCard()).getByRole('button', { name: VIDEO_TEXTS.setMagicMoment })).toBeEnabled();
  });

  it('deletes after the confirmation and returns to the list', async () => {
    const app = await openDetail('video-2');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(VIDEO_TEXTS.deleteConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(VIDEO_TEXTS.deleteSuccess)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/videos'));
    expect(await screen.findByText('Total Item: 13', {}, slow)).toBeInTheDocument();
  });

  it('toasts Failed to delete video and stays when the delete fails', async () => {
    const app = await openDetail('video-2');
    app.dataProvider.delete = () => Promise.reject(new HttpError('boom', 500));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(VIDEO_TEXTS.deleteFailure)).toBeInTheDocument();
    expect(app.pathname()).toBe('/videos/video-2');
  });

  it('shows Video not found with Back to Videos for a missing video', async () => {
    renderApp('/videos/video-404');
    expect(await screen.findByText(VIDEO_TEXTS.notFound, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: VIDEO_TEXTS.backToList })).toHaveAttribute('href', '/videos');
  });

  it('shows the server message, not a blank page, when loading fails otherwise', async () => {
    const app = renderApp('/videos/video-2');
    app.dataProvider.getOne = () => Promise.reject(new HttpError('', 500));
    expect((await screen.findAllByText(VIDEO_TEXTS.fetchFailure, {}, slow)).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: VIDEO_TEXTS.backToList })).toBeInTheDocument();
  });
});
