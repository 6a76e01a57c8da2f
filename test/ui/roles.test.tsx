/**
 * Roles in the admin app: `authProvider.canAccess` over src/domain/access.ts, and what each role is
 * shown on the in-memory league (menu, buttons, dashboard cards, the access-denied page, the Admins screens).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ACCESS_DENIED, ADMIN_TEXTS, DASHBOARD_TEXTS, ROLE_LABELS, SHELL, type Role } from '../../src/domain';
import { accessQueryClient, type AccessNow } from '../../src/providers/accessQueryClient';
import { createAuthProvider } from '../../src/providers/authProvider';
import { fakeLogin } from '../../src/providers/fakeDataProvider';
import { FAKE_ADMIN, FAKE_ADMIN_PASSWORD } from '../../src/providers/fakeLeague';
import { getUser, saveSession } from '../../src/providers/session';
import { renderApp } from './renderApp';

const slow = { timeout: 15000 };

/** Signed in to the in-memory league as its admin, the session holding `role` (what the app reads; undefined: a record from before roles). */
async function signInAs(role: Role | undefined) {
  const { token, user } = await fakeLogin({ email: FAKE_ADMIN.email, password: FAKE_ADMIN_PASSWORD });
  saveSession(token, { ...user, role });
}

const canAccess = (resource: string, action: string) => createAuthProvider(fakeLogin).canAccess!({ resource, action });

const menu = () => screen.getByRole('navigation', { name: 'Main' });
const menuLinks = async () => {
  await screen.findByText(SHELL.dashboardGreeting, {}, slow);
  await within(menu()).findByRole('link', { name: 'Dashboard' }, slow);
  return within(menu()).getAllByRole('link').map((link) => link.textContent);
};
const menuButtons = () => within(menu()).queryAllByRole('button').map((button) => button.textContent);

describe('canAccess', () => {
  it.each<[Role, string, string, boolean]>([
    ['viewer', 'videos', 'list', true],
    ['viewer', 'videos', 'show', true],
    ['viewer', 'videos', 'create', false],
    ['viewer', 'videos', 'edit', false],
    ['viewer', 'videos', 'delete', false],
    ['viewer', 'news', 'publish', false],
    ['viewer', 'users', 'list', false],
    ['viewer', 'registrations', 'show', false],
    ['viewer', 'activity', 'list', false],
    ['editor', 'videos', 'create', true],
    ['editor', 'news', 'publish', true],
    ['editor', 'notifications', 'send', true],
    ['editor', 'slides', 'reorder', true],
    ['editor', 'users', 'list', false],
    ['editor', 'registrations', 'list', false],
    ['editor', 'admins', 'list', false],
    ['moderator', 'registrations', 'list', true],
    ['moderator', 'registrations', 'status', true],
    ['moderator', 'registrations', 'export', true],
    ['moderator', 'users', 'status', true],
    ['moderator', 'videos', 'list', true],
    ['moderator', 'videos', 'edit', false],
    ['moderator', 'admins', 'list', false],
    ['owner', 'admins', 'create', true],
    ['owner', 'activity', 'list', true],
    ['owner', 'activity', 'export', true],
    ['owner', 'registrations', 'delete', true],
  ])('%s: %s %s is %s', async (role, resource, action, allowed) => {
    await signInAs(role);
    expect(await canAccess(resource, action)).toBe(allowed);
  });

  it("reads a guarded field by the field's own access (the government ID's whole value: owner and moderator)", async () => {
    for (const [role, allowed] of [['owner', true], ['moderator', true], ['editor', false], ['viewer', false]] as const) {
      await signInAs(role);
      expect(await canAccess('registrations.GovernmentIdNumber', 'read')).toBe(allowed);
      // A whole value is read, never written, through a field.
      expect(await canAccess('registrations.GovernmentIdNumber', 'edit')).toBe(false);
    }
  });

  it('lets every role read the lookups the forms choose from, and refuses a resource Crease does not declare', async () => {
    await signInAs('viewer');
    expect(await canAccess('state', 'list')).toBe(true);
    expect(await canAccess('state', 'create')).toBe(false);
    await signInAs('owner');
    expect(await canAccess('no-such-thing', 'list')).toBe(false);
  });

  it('counts an admin from before roles (no role, or the old single "admin") as an owner, and refuses when signed out', async () => {
    await signInAs(undefined);
    expect(await canAccess('admins', 'edit')).toBe(true);
    const { token, user } = await fakeLogin({ email: FAKE_ADMIN.email, password: FAKE_ADMIN_PASSWORD });
    saveSession(token, { ...user, role: 'admin' });
    expect(await canAccess('activity', 'list')).toBe(true);
    localStorage.clear();
    expect(await canAccess('videos', 'list')).toBe(false);
  });

  it('refreshes the role from the profile once a page load, so a changed role counts without signing in again', async () => {
    await signInAs('owner');
    const profile = vi.fn(async () => ({ ...getUser()!, role: 'viewer' }));
    const authProvider = createAuthProvider(fakeLogin, { profile });
    expect(await authProvider.canAccess!({ resource: 'admins', action: 'list' })).toBe(false);
    expect(await authProvider.canAccess!({ resource: 'videos', action: 'list' })).toBe(true);
    expect(profile).toHaveBeenCalledTimes(1);
    expect(getUser()?.role).toBe('viewer');
  });

  it('keeps the stored role when the profile cannot be read', async () => {
    await signInAs('moderator');
    const authProvider = createAuthProvider(fakeLogin, { profile: async () => Promise.reject(new Error('offline')) });
    expect(await authProvider.canAccess!({ resource: 'registrations', action: 'list' })).toBe(true);
    expect(getUser()?.role).toBe('moderator');
  });
});

describe("the app's query client", () => {
  it("starts react-admin's canAccess questions with the stored role's answer, and leaves other queries alone", async () => {
    await signInAs('viewer');
    const authProvider = createAuthProvider(fakeLogin);
    const client = accessQueryClient(authProvider.canAccessNow as AccessNow);
    const initial = (queryKey: unknown[]) => client.defaultQueryOptions({ queryKey }).initialData;
    // useCanAccess's key, then useCanAccessResources'.
    expect(initial(['auth', 'canAccess', { resource: 'videos', action: 'list', recordId: 'video-1' }])).toBe(true);
    expect(initial(['auth', 'canAccess', { resource: 'videos', action: 'create' }])).toBe(false);
    expect(initial(['auth', 'canAccess', ['videos', 'users'], 'list', undefined])).toEqual({ videos: true, users: false });
    expect(initial(['videos', 'getList', {}])).toBeUndefined();
  });
});

describe('what each role is shown', () => {
  it('a viewer: the content lists, without Add links, Users, Registrations, Admins or Activity', { timeout: 60000 }, async () => {
    await signInAs('viewer');
    renderApp('/dashboard');
    const links = await menuLinks();
    expect(links).toEqual(['Dashboard', 'Videos', 'Notifications', 'App Slides', 'News', 'Teams', 'Player', 'Matches']);
    // No group to open: each entity is one plain link.
    expect(menuButtons()).toEqual([]);
  });

  it('an editor: the content with its Add links, no Users, Registrations or Admins', { timeout: 60000 }, async () => {
    await signInAs('editor');
    renderApp('/dashboard');
    const links = await menuLinks();
    expect(links).not.toEqual(expect.arrayContaining(['User']));
    for (const name of ['User', 'Registrations', 'Admins', 'Activity']) expect(links).not.toContain(name);
    expect(menuButtons()).toEqual(['Videos', 'News', 'Teams', 'Player', 'Matches']);
  });

  it('a moderator: Users and Registrations, the content without Add links, no Admins', { timeout: 60000 }, async () => {
    await signInAs('moderator');
    renderApp('/dashboard');
    const links = await menuLinks();
    expect(links).toEqual(['Dashboard', 'Videos', 'User', 'Registrations', 'Notifications', 'App Slides', 'News', 'Teams', 'Player', 'Matches']);
    expect(menuButtons()).toEqual([]);
  });

  it('a viewer sees the video list without Add, Edit or Delete, and rows without checkboxes', { timeout: 60000 }, async () => {
    await signInAs('viewer');
    renderApp('/videos');
    await screen.findByText(/Total Item: \d+/, {}, slow);
    const rows = screen.getAllByRole('row').slice(1);
    await waitFor(() => expect(within(rows[0]).getByRole('link', { name: 'View' })).toBeInTheDocument());
    expect(within(rows[0]).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add/ })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('an editor sees Add, Edit and Delete on the same list', { timeout: 60000 }, async () => {
    await signInAs('editor');
    renderApp('/videos');
    await screen.findByText(/Total Item: \d+/, {}, slow);
    const rows = screen.getAllByRole('row').slice(1);
    await waitFor(() => expect(within(rows[0]).getByRole('link', { name: 'Edit' })).toBeInTheDocument());
    expect(within(rows[0]).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // The list's own Add, besides the menu's.
    expect(screen.getAllByRole('link', { name: /Add/ }).length).toBeGreaterThan(1);
  });

  it.each<[Role, string]>([
    ['viewer', '/users'],
    ['editor', '/registrations'],
    ['moderator', '/admins'],
    ['viewer', '/videos/create'],
    ['viewer', '/create/player'],
  ])('a %s opening %s directly is told access is denied, and led back', { timeout: 60000 }, async (role, path) => {
    await signInAs(role);
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: ACCESS_DENIED.title }, slow)).toBeInTheDocument();
    expect(screen.getByText(ACCESS_DENIED.body(ROLE_LABELS[role]))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(app.pathname()).toBe('/access-denied');
  });

  it("an editor's dashboard has no users or registrations cards, series or recent list", { timeout: 60000 }, async () => {
    await signInAs('editor');
    renderApp('/dashboard');
    expect(await screen.findByRole('group', { name: DASHBOARD_TEXTS.totalVideos }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: DASHBOARD_TEXTS.totalUsers })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: DASHBOARD_TEXTS.registrations })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: DASHBOARD_TEXTS.recentRegistrations })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('chart-summary')).toHaveTextContent(/^Last 30 days: \d+ videos$/));
  });

  it("an owner's dashboard has them all", { timeout: 60000 }, async () => {
    await signInAs('owner');
    renderApp('/dashboard');
    expect(await screen.findByRole('group', { name: DASHBOARD_TEXTS.totalUsers }, slow)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: DASHBOARD_TEXTS.registrations })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: DASHBOARD_TEXTS.recentRegistrations })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('chart-summary')).toHaveTextContent(/videos, \d+ registrations, \d+ users$/));
  });
});

describe('the Admins screens', () => {
  beforeEach(() => signInAs('owner'));

  it('lists each admin with their role, and filters by role', { timeout: 60000 }, async () => {
    renderApp('/admins');
    expect(await screen.findByRole('columnheader', { name: ADMIN_TEXTS.role }, slow)).toBeInTheDocument();
    const row = screen.getAllByRole('row')[1];
    // The in-memory league's admin is an owner (and so is a record from before roles, without one).
    expect(within(row).getByText(ROLE_LABELS.owner)).toBeInTheDocument();
    screen.getByRole('button', { name: /Filter/ }).click();
    expect(await screen.findByRole('combobox', { name: ADMIN_TEXTS.role })).toBeInTheDocument();
  });

  it('asks for the role on Add Admin, with Editor chosen', { timeout: 60000 }, async () => {
    renderApp('/admins/create');
    const role = await screen.findByRole('combobox', { name: new RegExp(ADMIN_TEXTS.role) }, slow);
    expect(role).toHaveTextContent(ROLE_LABELS.editor);
    expect(screen.getByText(ADMIN_TEXTS.roleHint)).toBeInTheDocument();
  });

  it("shows the role on an admin's page", { timeout: 60000 }, async () => {
    renderApp(`/admins/${FAKE_ADMIN._id}`);
    const role = await screen.findByText(ADMIN_TEXTS.role, {}, slow);
    expect(role.parentElement).toHaveTextContent(`${ADMIN_TEXTS.role}${ROLE_LABELS.owner}`);
  });
});

