import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signIn } from './renderApp';

describe('routes', () => {
  beforeEach(signIn);

  it('sends / to /dashboard', async () => {
    const app = renderApp('/');
    expect(await screen.findByText("Welcome back! Here's what's happening today.")).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
  });

  it.each([
    ['/videos', 'Video Management'],
    ['/videos/create', 'Add New Video'],
    ['/videos/video-1', 'Video Details'],
    ['/videos/video-1/edit', 'Edit Video'],
    ['/news/news-1', 'News Details'],
    ['/news/news-1/edit', 'Edit News Article'],
    ['/teams/create', 'Create Team'],
    ['/player', 'Player Management'],
    ['/create/player', 'Add Player'],
    ['/player/player-1/edit', 'Edit Player'],
    ['/matches/match-1', 'Match Details'],
    ['/registrations/registration-1/edit', 'Edit Registration'],
    ['/notifications/create', 'Create Notification'],
    ['/users', 'User Management'],
    ['/slides', 'App Slides'],
  ])('%s shows %s', async (path, heading) => {
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(app.pathname()).toBe(path);
  });

  // The original panel's paths, written out here so that a redirect dropped from the app fails a test.
  it.each([
    ['/videos/abc-7/view', '/videos/abc-7'],
    ['/videos/edit/abc-7', '/videos/abc-7/edit'],
    ['/news/abc-7/view', '/news/abc-7'],
    ['/team/abc-7/view', '/teams/abc-7'],
    ['/team/abc-7/edit', '/teams/abc-7/edit'],
    ['/team', '/teams'],
    ['/user/abc-7/view', '/users/abc-7'],
    ['/user/abc-7/edit', '/users/abc-7'],
    ['/notifications/abc-7/view', '/notifications/abc-7'],
    ['/notifications/abc-7/edit', '/notifications/abc-7'],
    ['/matchs/create', '/matches/create'],
    ['/matchs/abc-7/edit', '/matches/abc-7/edit'],
  ])(
    'redirects %s to %s',
    async (from, to) => {
      const app = renderApp(`${from}?page=2`);
      await waitFor(() => expect(app.pathname()).toBe(to));
      expect(app.location().search).toBe('?page=2');
    },
  );

  it('shows a not-found page with a way back for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('route guard', () => {
  // A detail page's URL looks like react-admin's edit URL, so it must come back unrewritten.
  it.each([
    ['/teams/create', 'Create Team'],
    ['/videos/video-1', 'Video Details'],
    ['/videos/video-1/edit', 'Edit Video'],
  ])('sends a visitor without a session to /login, then back to %s', async (path, heading) => {
    const app = renderApp(path);
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'admin@crease.local');
    await user.type(screen.getByLabelText(/Password/), 'crease-demo');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.pathname()).toBe(path));
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('treats an expired token as signed out', async () => {
    localStorage.setItem('userId', 'u-admin');
    localStorage.setItem('token', `e30.${btoa(JSON.stringify({ exp: 1 }))}.`);
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
