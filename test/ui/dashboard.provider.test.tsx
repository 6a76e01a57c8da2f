/** The dashboard call in both providers: the real one over HTTP, the fake one computed from the league. */
import { DASHBOARD_SERIES_DAYS } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createFakeDataProvider } from '../../src/providers/fakeDataProvider';
import { fakeDashboard } from '../../src/providers/fakeDashboard';
import { createLeague } from '../../src/providers/fakeLeague';
import { saveSession } from '../../src/providers/session';

const zero = { total: 0, last7: 0, last30: 0, last90: 0, previous30: 0 };
const apiDashboard = {
  totals: { users: zero, videos: { ...zero, total: 1, last7: 1, last30: 1, last90: 1 }, matches: zero, notifications: zero, teams: zero, players: zero, registrations: zero },
  series: [{ date: '2026-11-22', videos: 1, registrations: 0, users: 0 }],
  recentVideos: [{ _id: 'v1', title: 'Nets', category: 'Practice', createdAt: '2026-11-22T01:00:00.000Z' }],
  recentRegistrations: [{ _id: 'r1', name: 'Asha Rao', email: null, phone: null, status: 'pending', createdAt: '2026-11-22T01:00:00.000Z' }],
};

describe('dataProvider.getDashboard', () => {
  it('calls GET /admin/dashboard with the token and gives the recent records react-admin ids', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ success: true, data: apiDashboard, message: 'Fetched successfully' }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    saveSession('header.payload.sig', { _id: 'u1', name: 'Admin', email: 'a@b.co' });
    const { data } = await createDataProvider('https://api.example.test').getDashboard();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.example.test/admin/dashboard');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer header.payload.sig');
    expect(data.totals.videos.total).toBe(1);
    expect(data.series).toEqual(apiDashboard.series);
    expect(data.recentVideos[0]).toMatchObject({ id: 'v1', _id: 'v1', title: 'Nets' });
    expect(data.recentRegistrations[0]).toMatchObject({ id: 'r1', name: 'Asha Rao', status: 'pending' });
  });

  it('rejects with the server message when the call fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Database unavailable' }), { status: 500, headers: { 'content-type': 'application/json' } })));
    await expect(createDataProvider('').getDashboard()).rejects.toMatchObject({ status: 500, message: 'Database unavailable' });
  });
});

describe('fake dashboard', () => {
  // Twenty days after the fake league's newest records (2026-11-20, one a day going back).
  const now = new Date('2026-12-10T12:00:00.000Z');

  it('counts every kind in the same windows as the server', () => {
    const { totals } = fakeDashboard(createLeague(), now, []);
    expect(totals.users).toEqual({ total: 25, last7: 0, last30: 10, last90: 25, previous30: 15 });
    expect(totals.videos).toEqual({ total: 14, last7: 0, last30: 10, last90: 14, previous30: 4 });
    expect(totals.players).toEqual({ total: 12, last7: 0, last30: 10, last90: 12, previous30: 2 });
    expect(totals.matches).toEqual({ total: 6, last7: 0, last30: 6, last90: 6, previous30: 0 });
    expect(totals.registrations.total).toBe(8);
  });

  it('gives a 90-day UTC series up to today, zeros included, and the five newest records', async () => {
    const { series, recentRegistrations } = fakeDashboard(createLeague(), now, []);
    const { recentVideos } = (await createFakeDataProvider(createLeague()).getDashboard()).data;
    expect(series).toHaveLength(DASHBOARD_SERIES_DAYS);
    expect(series.at(-1)).toEqual({ date: '2026-12-10', videos: 0, registrations: 0, users: 0 });
    expect(series[0].date).toBe('2026-09-12');
    expect(series.find((day) => day.date === '2026-11-20')).toEqual({ date: '2026-11-20', videos: 1, registrations: 1, users: 1 });
    expect(series.reduce((sum, day) => sum + day.users, 0)).toBe(25);
    expect(recentVideos.map((video) => video.id)).toEqual(['video-1', 'video-2', 'video-3', 'video-4', 'video-5']);
    expect(recentRegistrations[0]).toMatchObject({ id: 'registration-1', name: 'Priya Sharma', email: 'priya@example.in', status: 'approved' });
  });

  it('answers through the fake provider and follows what is created', async () => {
    const provider = createFakeDataProvider();
    const before = (await provider.getDashboard()).data;
    await provider.create('notifications', { data: { title: 'Gates open', body: 'Gates open at noon on match day.' } });
    const after = (await provider.getDashboard()).data;
    expect(after.totals.notifications.total).toBe(before.totals.notifications.total + 1);
    expect(after.totals.notifications.last7).toBe(before.totals.notifications.last7 + 1);
  });
});
