import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signIn } from './renderApp';

const menu = () => screen.getByRole('menu');
const menuLink = (name: string) => within(menu()).getByRole('menuitem', { name });

describe('shell', () => {
  beforeEach(signIn);

  it("lists the spec's menu links, with the groups holding their create pages", async () => {
    renderApp('/dashboard');
    await screen.findByText("Welcome back! Here's what's happening today.");
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['User', '/users'],
      ['Registrations', '/registrations'],
      ['Notifications', '/notifications'],
      ['App Slides', '/slides'],
    ]) {
      expect(menuLink(name)).toHaveAttribute('href', href);
    }
    const user = userEvent.setup();
    for (const [group, links] of [
      ['Videos', [['Videos', '/videos'], ['Add Video', '/videos/create']]],
      ['News', [['News', '/news'], ['Add News', '/news/create']]],
      ['Teams', [['Teams', '/teams'], ['Add Team', '/teams/create']]],
      ['Player', [['Player', '/player'], ['Add Player', '/create/player']]],
      ['Matches', [['Matches', '/matches'], ['Add Match', '/matches/create']]],
    ] as const) {
      const toggle = within(menu()).getByRole('button', { name: group });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      const items = within(within(menu()).getByRole('group', { name: group })).getAllByRole('menuitem');
      expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual(links);
    }
  });

  it('highlights the active link and opens only its group', async () => {
    renderApp('/create/player');
    await screen.findByRole('heading', { name: 'Add Player', level: 1 });
    expect(within(menu()).getByRole('button', { name: 'Player' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu()).getByRole('button', { name: 'Teams' })).toHaveAttribute('aria-expanded', 'false');
    expect(menuLink('Add Player')).toHaveAttribute('aria-current', 'page');
    expect(menuLink('Dashboard')).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['/videos/create', 'Add Video', 'Videos'],
    ['/videos/video-1', 'Videos', 'Add Video'],
    ['/videos/video-1/edit', 'Videos', 'Add Video'],
  ])('on %s highlights %s alone', async (path, current, other) => {
    renderApp(path);
    await waitFor(() => expect(menuLink(current)).toHaveAttribute('aria-current', 'page'));
    expect(menuLink(other)).not.toHaveAttribute('aria-current');
    expect(within(menu()).getAllByRole('menuitem').filter((item) => item.getAttribute('aria-current'))).toHaveLength(1);
  });

  it('follows menu links to their pages', async () => {
    const app = renderApp('/dashboard');
    await screen.findByText("Welcome back! Here's what's happening today.");
    await userEvent.click(menuLink('App Slides'));
    expect(await screen.findByRole('heading', { name: 'App Slides', level: 1 })).toBeInTheDocument();
    expect(app.pathname()).toBe('/slides');
  });

  it('shows the user menu with name, e-mail, Profile, Settings and Sign out, and signs out', async () => {
    const app = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    const userMenu = await waitFor(() => screen.getAllByRole('menu').at(-1)!);
    expect(within(userMenu).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(userMenu).getByText('admin@crease.local')).toBeInTheDocument();
    expect(within(userMenu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/profile');
    await user.click(within(userMenu).getByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('admin@crease.local').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('switches between light and dark themes', async () => {
    renderApp('/dashboard');
    await screen.findByText("Welcome back! Here's what's happening today.");
    const background = () => getComputedStyle(document.body).backgroundColor;
    const light = background();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle light/dark mode' }));
    await waitFor(() => expect(background()).not.toBe(light));
    await userEvent.click(screen.getByRole('button', { name: 'Toggle light/dark mode' }));
    await waitFor(() => expect(background()).toBe(light));
  });

  it('shows the footer line', async () => {
    renderApp('/dashboard');
    expect(await screen.findByText('© 2024 Crease. All rights reserved.')).toBeInTheDocument();
  });
});
