import { MENU_ENTRIES, MENU_LINKS } from '../../src/layout/menuItems';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import teams from '../../src/resources/teams';
import { renderApp, signIn } from './renderApp';

/** The side menu: a navigation landmark with plain links (the user menu, top right, is the only ARIA menu). */
const menu = () => screen.getByRole('navigation', { name: 'Main' });
const menuLink = (name: string) => within(menu()).getByRole('link', { name });
/** The menu's entries show once `canAccess` has answered for the signed-in role. */
const menuReady = () => within(menu()).findByRole('link', { name: 'Dashboard' });

/** jsdom has no media queries: answer MUI's min-width/max-width breakpoints for a screen this wide. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    const noop = () => {};
    return { matches, media: query, onchange: null, addListener: noop, removeListener: noop, addEventListener: noop, removeEventListener: noop, dispatchEvent: () => false };
  });
}

describe('shell', () => {
  beforeEach(signIn);

  it('lists the menu links, with the groups holding their create pages', async () => {
    renderApp('/dashboard');
    await screen.findByText("Welcome back! Here's what's happening today.");
    await menuReady();
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['User', '/users'],
      ['Registrations', '/registrations'],
      ['Notifications', '/notifications'],
      ['App Slides', '/slides'],
      ['Admins', '/admins'],
      ['Activity', '/activity'],
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
      const items = within(within(menu()).getByRole('list', { name: group })).getAllByRole('link');
      expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual(links);
    }
  });

  it("lists its entries in the original panel's order, the office's own last", () => {
    expect(MENU_ENTRIES.map((entry) => entry.label)).toEqual([
      'Dashboard', 'Videos', 'User', 'Registrations', 'Notifications', 'App Slides', 'News', 'Teams', 'Player', 'Matches', 'Admins', 'Activity',
    ]);
  });

  it('mounts only the resources it is given, and its menu lists only those', async () => {
    renderApp('/teams', { resources: [teams] });
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 15000 });
    await menuReady();
    expect(within(menu()).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/dashboard', '/teams', '/teams/create']);
    // The list's chunk loads only now, on a first render of its own (seconds on a loaded machine).
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Management' }, { timeout: 45_000 })).toBeInTheDocument();
  }, 90_000);

  it('is a navigation landmark with a list of links, not an ARIA menu', async () => {
    renderApp('/dashboard');
    await screen.findByText("Welcome back! Here's what's happening today.");
    await menuReady();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(within(menu()).queryAllByRole('menuitem')).toHaveLength(0);
    const [list] = within(menu()).getAllByRole('list');
    // Every entry is a list item: a link, or a group's toggle.
    const entries = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(entries).toHaveLength(MENU_ENTRIES.length);
    expect(entries.every((entry) => within(entry).queryAllByRole('link').length + within(entry).queryAllByRole('button').length > 0)).toBe(true);
    expect(within(menu()).getByRole('button', { name: 'Videos' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('collapsed to icons, shows every link (groups flattened) with its label as a tooltip', async () => {
    renderApp('/dashboard');
    await screen.findByText("Welcome back! Here's what's happening today.");
    await menuReady();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(within(menu()).queryByRole('button', { name: 'Videos' })).not.toBeInTheDocument());
    expect(within(menu()).getAllByRole('link')).toHaveLength(MENU_LINKS.length);
    await user.hover(menuLink('Add Video'));
    expect(await screen.findByRole('tooltip', { name: 'Add Video' })).toBeInTheDocument();
    expect(menuLink('Dashboard')).toHaveAttribute('aria-current', 'page');
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
    expect(within(menu()).getAllByRole('link').filter((item) => item.getAttribute('aria-current'))).toHaveLength(1);
  });

  it('follows menu links to their pages', async () => {
    const app = renderApp('/dashboard');
    await screen.findByText("Welcome back! Here's what's happening today.");
    await menuReady();
    await userEvent.click(menuLink('App Slides'));
    expect(await screen.findByRole('heading', { name: 'App Slides', level: 1 })).toBeInTheDocument();
    expect(app.pathname()).toBe('/slides');
  });

  it('shows the user menu with name, e-mail, Profile, Settings and Sign out, and signs out', async () => {
    screenWidth(1400);
    const app = renderApp('/dashboard');
    const user = userEvent.setup();
    // The button shows the admin's name, and its accessible name holds that visible text.
    const button = await screen.findByRole('button', { name: 'Asha Rao (Profile)' });
    expect(button).toHaveTextContent(/^Asha Rao$/);
    await user.click(button);
    const userMenu = await screen.findByRole('menu');
    expect(within(userMenu).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(userMenu).getByText('admin@crease.local')).toBeInTheDocument();
    expect(within(userMenu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/profile');
    await user.click(within(userMenu).getByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('admin@crease.local').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Asha Rao (Profile)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('on phones, the user menu is an icon button named Profile', async () => {
    screenWidth(390);
    renderApp('/dashboard');
    const button = await screen.findByRole('button', { name: 'Profile' });
    expect(button.textContent).toBe('');
    await userEvent.click(button);
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('switches between light and dark themes', async () => {
    renderApp('/dashboard');
    await screen.findByText("Welcome back! Here's what's happening today.");
    await menuReady();
    const background = () => getComputedStyle(document.body).backgroundColor;
    const light = background();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle light/dark mode' }));
    await waitFor(() => expect(background()).not.toBe(light));
    await userEvent.click(screen.getByRole('button', { name: 'Toggle light/dark mode' }));
    await waitFor(() => expect(background()).toBe(light));
  });

  describe('footer', () => {
    afterEach(() => vi.useRealTimers());

    it.each([2026, 2031])('shows the current year (%i), not the original panel\'s fixed 2024', async (year) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(year, 5, 15));
      await signIn(); // a session issued in that year, so it has not expired
      renderApp('/dashboard');
      expect(await screen.findByText(`© ${year} Crease. All rights reserved.`)).toBeInTheDocument();
      expect(screen.queryByText(/© 2024/)).not.toBeInTheDocument();
    });

    it('shows it on the privacy policy too', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2030, 0, 1));
      renderApp('/privacy-policy');
      expect(await screen.findByText('© 2030 Crease. All rights reserved.')).toBeInTheDocument();
    });
  });
});
