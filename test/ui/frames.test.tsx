/**
 * What the shared frames do for every resource, beyond what the video and news screens test:
 * phones get cards and no table, a form warns before unsaved changes are lost, and a list's
 * figures say so when they cannot be counted.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { NEWS_TEXTS } from '../../src/domain';
import { videos } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };

/** A 390 px wide screen as MUI's media queries see it. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width:\s*599\.95px/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('shared frames', () => {
  beforeEach(signIn);

  it('shows cards and no table or table/grid switch on a phone, even when the table was chosen', async () => {
    onPhone();
    renderApp('/videos');
    await screen.findByText('Total Item: 14', {}, slow);
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grid view' })).not.toBeInTheDocument();
    expect(within(screen.getAllByRole('article')[0]).getByRole('link', { name: 'View' })).toBeInTheDocument();
  });

  it('asks before leaving a form with unsaved changes, and stays when the admin says no', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const app = renderApp('/videos/create');
    const title = await screen.findByRole('textbox', { name: new RegExp(videos.fields.title.formLabel) }, slow);
    await userEvent.type(title, 'Half-typed title');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(app.pathname()).toBe('/videos/create');
    expect(title).toHaveValue('Half-typed title');

    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(app.pathname()).toBe('/videos'));
  });

  it('leaves an untouched form without asking', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const app = renderApp('/videos/create');
    await screen.findByRole('textbox', { name: new RegExp(videos.fields.title.formLabel) }, slow);
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(app.pathname()).toBe('/videos'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('shows a dash, not a wrong zero, when the figures cannot be counted', async () => {
    const app = renderApp('/news');
    app.dataProvider.getStats = () => Promise.reject(new HttpError('boom', 500));
    await screen.findByText('Total Item: 6', {}, slow);
    await waitFor(() => expect(screen.getByLabelText(NEWS_TEXTS.statTotal)).toHaveTextContent('—'), slow);
  });
});
