import { createAuthProvider, serverLogin, serverLogout } from '../../src/providers/authProvider';
import { fakeLogin } from '../../src/providers/fakeDataProvider';
import { hasValidSession } from '../../src/providers/session';

const jwt = (exp: number) => `e30.${btoa(JSON.stringify({ sub: 'u1', exp })).replace(/=+$/, '')}.sig`;
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
const user = { _id: 'u1', name: 'Asha Rao', email: 'asha@crease.local', role: 'admin' };

function mockFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('authProvider', () => {
  it('signs in with POST /admin/login, asks for the long session with Remember me, and stores token and user id', async () => {
    const token = jwt(inOneHour());
    const fetchMock = mockFetch(200, { success: true, token, user, message: 'Login successful' });
    await createAuthProvider(serverLogin('')).login({ email: 'asha@crease.local', password: 'pw', remember: true });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'asha@crease.local', password: 'pw', remember: true });
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('userId')).toBe('u1');
  });

  it("passes the server's message on a failed sign-in and stores nothing", async () => {
    mockFetch(401, { success: false, message: 'Invalid email or password' });
    await expect(createAuthProvider(serverLogin('')).login({ email: 'a@b.co', password: 'x' })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('explains a rate-limited sign-in', async () => {
    mockFetch(429, {});
    await expect(createAuthProvider(serverLogin('')).login({ email: 'a@b.co', password: 'x' })).rejects.toThrow(/Too many sign-in attempts/);
  });

  it('accepts only a present, unexpired token', async () => {
    const auth = createAuthProvider(fakeLogin);
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });

    localStorage.setItem('userId', 'u1');
    localStorage.setItem('token', jwt(Math.floor(Date.now() / 1000) - 10));
    await expect(auth.checkAuth({})).rejects.toThrow('Your session has expired. Please sign in again.');
    expect(localStorage.getItem('userId')).toBeNull();

    localStorage.setItem('userId', 'u1');
    localStorage.setItem('token', 'not-a-jwt');
    await expect(auth.checkAuth({})).rejects.toThrow('Your session has expired. Please sign in again.');
    expect(localStorage.getItem('token')).toBeNull();

    localStorage.setItem('userId', 'u1');
    localStorage.setItem('token', jwt(inOneHour()));
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('signs out on 401 only', async () => {
    const auth = createAuthProvider(fakeLogin);
    await auth.login({ email: 'admin@crease.local', password: 'crease-demo' });
    await expect(auth.checkError({ status: 404 })).resolves.toBeUndefined();
    expect(hasValidSession()).toBe(true);
    await expect(auth.checkError({ status: 401 })).rejects.toThrow('Your session has expired. Please sign in again.');
    expect(hasValidSession()).toBe(false);
  });

  it('gives the name and e-mail, defaulting the name to Admin, and logout clears everything', async () => {
    const auth = createAuthProvider(async () => ({ token: jwt(inOneHour()), user: { _id: 'u2', email: 'ops@crease.local' } }));
    await auth.login({ email: 'ops@crease.local', password: 'pw' });
    expect(await auth.getIdentity!()).toMatchObject({ id: 'u2', fullName: 'Admin', email: 'ops@crease.local' });
    await auth.logout({});
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('signs out on the server with POST /admin/logout and the token, and forgets the session even when that call fails', async () => {
    const token = jwt(inOneHour());
    const auth = createAuthProvider(async () => ({ token, user }), { logoutRequest: serverLogout('https://api.example.org') });
    await auth.login({ email: 'asha@crease.local', password: 'pw' });
    const fetchMock = mockFetch(200, { success: true, data: null, message: 'Signed out' });
    await auth.logout({});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.example.org/admin/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('token')).toBeNull();

    await auth.login({ email: 'asha@crease.local', password: 'pw' });
    mockFetch(401, { success: false, message: 'Your session has expired. Please sign in again.' });
    await auth.logout({}); // a refused sign-out does not throw: the admin is signed out here either way
    expect(localStorage.getItem('token')).toBeNull();
    // Signed out already: nothing to end on the server.
    const none = mockFetch(200, {});
    await auth.logout({});
    expect(none).not.toHaveBeenCalled();
  });

  it('gives a longer session with Remember me', async () => {
    const short = await fakeLogin({ email: 'admin@crease.local', password: 'crease-demo' });
    const long = await fakeLogin({ email: 'admin@crease.local', password: 'crease-demo', remember: true });
    const exp = (token: string) => JSON.parse(atob(token.split('.')[1])).exp;
    expect(exp(long.token) - exp(short.token)).toBeGreaterThan(29 * 24 * 3600);
  });
});
