/**
 * The dashboard on the in-memory league, with the clock pinned to 2026-12-10 12:00 UTC,
 * twenty days after the league's newest records, so that the 30-day trends go up, down and have
 * nothing to compare with: users 10 in the last 30 days against 15 before (↓ 33%), videos 10 against
 * 4 (↑ 150%), matches 6 against none (—).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { DASHBOARD_TEXTS, SHELL } from '../../src/domain';
import { createFakeDataProvider } from '../../src/providers/fakeDataProvider';
import { fakeDashboard } from '../../src/providers/fakeDashboard';
import { createLeague } from '../../src/providers/fakeLeague';
import { renderApp, signIn } from './renderApp';

const NOW = Date.parse('2026-12-10T12:00:00.000Z');
const slow = { timeout: 8000 };

const card = (label: string) => screen.getByRole('group', { name: label });
const figure = (label: string) => within(card(label)).getByLabelText(label).textContent;
const trend = (label: string) => within(card(label)).getByTestId('trend').textContent;
const videosSection = () => screen.getByRole('region', { name: DASHBOARD_TEXTS.recentVideos });
const registrationsSection = () => screen.getByRole('region', { name: DASHBOARD_TEXTS.recentRegistrations });

async function openDashboard(change?: (app: ReturnType<typeof renderApp>) => void) {
  const app = renderApp('/dashboard');
  change?.(app);
  await screen.findByText('Mumbai Mavericks highlights #1', {}, slow).catch(() => undefined);
  return app;
}

describe('dashboard', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await signIn();
  });
  afterEach(() => vi.useRealTimers());

  it('greets the admin and shows the real totals with their 30-day trends', async () => {
    await openDashboard();
    expect(screen.getByText(SHELL.dashboardGreeting)).toBeInTheDocument();
    expect(screen.getByText("Welcome back! Here's what's happening today.")).toBeInTheDocument();
    expect(figure(DASHBOARD_TEXTS.totalUsers)).toBe('25');
    expect(figure(DASHBOARD_TEXTS.totalVideos)).toBe('14');
    expect(figure(DASHBOARD_TEXTS.totalMatches)).toBe('6');
    expect(figure(DASHBOARD_TEXTS.notifications)).toBe('5');
    expect(figure(DASHBOARD_TEXTS.teams)).toBe('4');
    expect(figure(DASHBOARD_TEXTS.players)).toBe('12');
    expect(figure(DASHBOARD_TEXTS.registrations)).toBe('8');

    expect(trend(DASHBOARD_TEXTS.totalUsers)).toContain('33%vs previous 30 days');
    expect(within(card(DASHBOARD_TEXTS.totalUsers)).getByText(/Down 33% compared with the previous 30 days/)).toBeInTheDocument();
    expect(trend(DASHBOARD_TEXTS.totalVideos)).toContain('150%');
    expect(within(card(DASHBOARD_TEXTS.totalVideos)).getByText(/Up 150% compared with the previous 30 days/)).toBeInTheDocument();
    expect(trend(DASHBOARD_TEXTS.totalMatches)).toContain('—');
    expect(within(card(DASHBOARD_TEXTS.totalMatches)).getByText(/Nothing to compare with/)).toBeInTheDocument();
    // No fixed figures from the old product remain.
    for (const fixed of ['1247', '1,247', '156', '23']) expect(screen.queryByText(fixed)).not.toBeInTheDocument();
  });

  it('lists the five newest videos, each linked to its detail page, and View all to /videos', async () => {
    const app = await openDashboard();
    const links = within(videosSection()).getAllByRole('link').filter((link) => link.getAttribute('href') !== '/videos');
    expect(links).toHaveLength(5);
    const first = within(videosSection()).getByRole('link', { name: /Mumbai Mavericks highlights #1/ });
    expect(first).toHaveAttribute('href', '/videos/video-1');
    expect(within(first).getByText('Match Highlights')).toBeInTheDocument();
    expect(within(first).getByText('20 Nov 2026')).toBeInTheDocument();
    const viewAll = within(videosSection()).getByRole('link', { name: DASHBOARD_TEXTS.viewAll });
    expect(viewAll).toHaveAttribute('href', '/videos');
    await userEvent.click(first);
    await waitFor(() => expect(app.pathname()).toBe('/videos/video-1'));
  });

  it('View all opens the video list', async () => {
    const app = await openDashboard();
    await userEvent.click(within(videosSection()).getByRole('link', { name: DASHBOARD_TEXTS.viewAll }));
    await waitFor(() => expect(app.pathname()).toBe('/videos'));
  });

  it('shows the five newest registrations with their columns and coloured statuses, a missing one as pending', async () => {
    const app = await openDashboard((app) => {
      const real = app.dataProvider.getDashboard;
      app.dataProvider.getDashboard = async () => {
        const { data } = await real();
        data.recentRegistrations[4] = { ...data.recentRegistrations[4], status: null };
        return { data };
      };
    });
    const table = within(registrationsSection()).getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Phone', 'Status', 'Date']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(within(rows[0]).getByText('Priya Sharma')).toBeInTheDocument();
    expect(within(rows[0]).getByText('priya@example.in')).toBeInTheDocument();
    expect(within(rows[0]).getByText('20 Nov 2026')).toBeInTheDocument();

    const chip = (row: HTMLElement, status: string) => within(row).getByLabelText(`Status: ${status}`);
    expect(chip(rows[0], 'approved')).toHaveClass('MuiChip-colorSuccess');
    expect(chip(rows[1], 'pending')).toHaveClass('MuiChip-colorWarning');
    expect(chip(rows[2], 'rejected')).toHaveClass('MuiChip-colorError');
    expect(chip(rows[4], 'pending')).toHaveClass('MuiChip-colorWarning');

    expect(within(rows[0]).getByRole('link', { name: 'Priya Sharma' })).toHaveAttribute('href', '/registrations/registration-1');
    await userEvent.click(within(rows[1]).getByText('karan@example.in'));
    await waitFor(() => expect(app.pathname()).toBe('/registrations/registration-2'));
  });

  it('shows the empty texts and zero figures on an empty league', async () => {
    renderApp('/dashboard').dataProvider.getDashboard = async () => ({ data: fakeDashboard({}, new Date(), []) });
    expect(await screen.findByText(DASHBOARD_TEXTS.noVideos, {}, slow)).toBeInTheDocument();
    expect(screen.getByText('No videos uploaded yet')).toBeInTheDocument();
    expect(screen.getByText('No registrations yet')).toBeInTheDocument();
    expect(figure(DASHBOARD_TEXTS.totalUsers)).toBe('0');
    expect(trend(DASHBOARD_TEXTS.totalUsers)).toContain('—');
    expect(screen.getByTestId('chart-summary')).toHaveTextContent('Last 30 days: 0 videos, 0 registrations, 0 users');
  });

  it('changes the chart range with the 7 / 30 / 90 days selector', async () => {
    await openDashboard();
    const chart = screen.getByTestId('overview-chart');
    const summary = screen.getByTestId('chart-summary');
    expect(chart).toHaveAttribute('data-range', '30');
    expect(chart).toHaveAttribute('data-days', '30');
    expect(summary).toHaveTextContent('Last 30 days: 10 videos, 8 registrations, 10 users');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    // The lazily loaded chart arrives with its three series in the legend.
    for (const series of ['Videos', 'Registrations', 'Users']) expect(await within(chart).findByText(series, {}, slow)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(chart).toHaveAttribute('data-range', '90');
    expect(chart).toHaveAttribute('data-days', '90');
    expect(summary).toHaveTextContent('Last 90 days: 14 videos, 8 registrations, 25 users');
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(chart).toHaveAttribute('data-days', '7');
    expect(summary).toHaveTextContent('Last 7 days: 0 videos, 0 registrations, 0 users');
  });

  it('draws skeletons while loading', async () => {
    renderApp('/dashboard').dataProvider.getDashboard = () => new Promise(() => {});
    await screen.findByText(SHELL.dashboardGreeting, {}, slow);
    expect(await screen.findByRole('progressbar', { name: DASHBOARD_TEXTS.loading })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-item').length).toBeGreaterThanOrEqual(10);
    expect(screen.queryByText(DASHBOARD_TEXTS.noVideos)).not.toBeInTheDocument();
  });

  it('says the load failed and loads again on Retry', async () => {
    const league = createLeague();
    let calls = 0;
    renderApp('/dashboard').dataProvider.getDashboard = async () => {
      calls += 1;
      if (calls === 1) throw new HttpError('Service unavailable', 503);
      return createFakeDataProvider(league).getDashboard();
    };
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent(DASHBOARD_TEXTS.loadFailed);
    expect(alert).toHaveTextContent('Service unavailable');
    expect(screen.getByText(SHELL.dashboardGreeting)).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: DASHBOARD_TEXTS.retry }));
    expect(await screen.findByText('Mumbai Mavericks highlights #1')).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_TEXTS.loadFailed)).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
