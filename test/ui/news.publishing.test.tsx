/**
 * Draft and scheduled publishing on the news screens, on the in-memory league: Save as draft and
 * Schedule beside 'Create News', the state chips and the state filter on the list, the overdue
 * flag, the state and Publish now / Unpublish / Schedule on edit, and the detail's publishing card.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams, GetListResult, RaRecord } from 'react-admin';
import { formatZonedTime, localInputValue } from '../../src/common';
import { NEWS_TEXTS, PUBLISHING_TEXTS, toPublishMinute, VALIDATION } from '../../src/domain';
import { news } from '../../src/domain/entities';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 8000 };
const DAY = 86_400_000;
const editor = () => document.querySelector<HTMLElement>('.ProseMirror')!;
const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(`^${title}`) });
const chipIn = (element: HTMLElement) => within(element).getByTestId('publishing-chip');
const rowLinkingTo = (href: string) => document.querySelector<HTMLElement>(`tr:has(a[href="${href}"])`)!;

async function openCreate() {
  const app = renderApp('/news/create');
  await screen.findByRole('heading', { level: 1, name: NEWS_TEXTS.createTitle }, slow);
  await waitFor(() => expect(editor()).not.toBeNull(), slow);
  return app;
}

async function fill(title: string) {
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${news.fields.title.label}`) }), { target: { value: title } });
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(news.fields.small_description.label) }), { target: { value: 'Twelve runs off the last over' } });
  await userEvent.click(editor());
  await userEvent.paste('A night to remember at the stadium.');
}

describe('news publishing: the create form', () => {
  beforeEach(signIn);

  it('offers Save as draft and Schedule beside Create News, which keeps its text', async () => {
    await openCreate();
    const toolbar = screen.getByRole('button', { name: NEWS_TEXTS.createSubmit }).parentElement!;
    expect(within(toolbar).getByRole('button', { name: PUBLISHING_TEXTS.saveAsDraft })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: PUBLISHING_TEXTS.schedule })).toBeInTheDocument();
    // A new article has no state to show yet, and nothing to publish or take down.
    expect(screen.queryByRole('button', { name: PUBLISHING_TEXTS.publishNow })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PUBLISHING_TEXTS.unpublish })).not.toBeInTheDocument();
  });

  it('Save as draft checks the form like Create News, then saves a draft: toast, back to the list, a Draft chip', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    await userEvent.click(screen.getByRole('button', { name: PUBLISHING_TEXTS.saveAsDraft }));
    expect(await screen.findByText(VALIDATION.titleRequired, {}, slow)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await fill('Rain delay diaries');
    await userEvent.click(screen.getByRole('button', { name: PUBLISHING_TEXTS.saveAsDraft }));
    expect(await screen.findByText(PUBLISHING_TEXTS.savedAsDraft, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/news'));
    expect(create.mock.calls[0][1].data).toMatchObject({ title: 'Rain delay diaries', status: 'draft' });
    expect(create.mock.calls[0][1].data).not.toHaveProperty('publishAt');
    expect(chipIn(await screen.findByRole('row', { name: /Rain delay diaries/ }, slow))).toHaveTextContent(PUBLISHING_TEXTS.states.draft);
  });

  it('Schedule asks a time in the admin’s time zone and sends it as a UTC minute; the row says Scheduled and when', async () => {
    const app = await openCreate();
    const create = vi.spyOn(app.dataProvider, 'create');
    await fill('Auction night preview');
    await userEvent.click(screen.getByRole('button', { name: PUBLISHING_TEXTS.schedule }));
    const dialog = await screen.findByRole('dialog', { name: PUBLISHING_TEXTS.schedule });
    const chosen = localInputValue(new Date(Date.now() + 2 * DAY).toISOString());
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${PUBLISHING_TEXTS.publishAt}`)), { target: { value: chosen } });
    await userEvent.click(within(dialog).getByRole('button', { name: PUBLISHING_TEXTS.schedule }));
    expect(await screen.findByText(PUBLISHING_TEXTS.scheduled, { selector: '.MuiSnackbarContent-message, .MuiSnackbarContent-message *' }, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/news'));
    const publishAt = toPublishMinute(new Date(chosen));
    expect(create.mock.calls[0][1].data).toMatchObject({ title: 'Auction night preview', status: 'scheduled', publishAt, unpublishAt: null });
    const row = await screen.findByRole('row', { name: /Auction night preview/ }, slow);
    expect(chipIn(row)).toHaveTextContent(PUBLISHING_TEXTS.states.scheduled);
    expect(row).toHaveTextContent(formatZonedTime(publishAt));
  });
});

describe('news publishing: the list', () => {
  beforeEach(signIn);

  it('shows each article’s state in a Status column, and filters by state', async () => {
    const app = renderApp('/news');
    await screen.findByText('Total Item: 6', {}, slow);
    expect(screen.getByRole('columnheader', { name: PUBLISHING_TEXTS.status })).toBeInTheDocument();
    rows().forEach((row) => expect(chipIn(row)).toHaveTextContent(PUBLISHING_TEXTS.states.published));
    await app.dataProvider.create('news', { data: { title: 'A draft for the filter', small_description: 'Not for the fans yet', description: '<p>Soon.</p>', tags: [], status: 'draft' } });

    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: PUBLISHING_TEXTS.statusFilter }, slow));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All', ...Object.values(PUBLISHING_TEXTS.states)]);
    await userEvent.click(screen.getByRole('option', { name: PUBLISHING_TEXTS.states.draft }));
    await screen.findByText('Total Item: 1', {}, slow);
    expect(getList).toHaveBeenLastCalledWith('news', expect.objectContaining({ filter: { status: 'draft' } }));
    expect(within(rows()[0]).getByText('A draft for the filter')).toBeInTheDocument();
    expect(chipIn(rows()[0])).toHaveTextContent(PUBLISHING_TEXTS.states.draft);
  });

  it('flags a scheduled article past its time that did not go live as Overdue, on its row and its card', async () => {
    const app = renderApp('/news');
    const getList = app.dataProvider.getList.bind(app.dataProvider);
    // As the list answers while the publishing job is behind: one article's time passed ten minutes ago.
    const late = new Date(Date.now() - 10 * 60_000).toISOString();
    app.dataProvider.getList = async <T extends RaRecord>(resource: string, params: GetListParams) => {
      const answer = (await getList(resource, params)) as GetListResult<T>;
      return { ...answer, data: answer.data.map((record, index) => (index === 0 ? { ...record, status: 'scheduled', publishAt: late } : record)) };
    };
    await screen.findByText('Total Item: 6', {}, slow);
    const row = rows()[0];
    expect(chipIn(row)).toHaveTextContent(PUBLISHING_TEXTS.states.scheduled);
    expect(within(row).getByTestId('overdue-chip')).toHaveTextContent(PUBLISHING_TEXTS.overdue);
    expect(within(rows()[1]).queryByTestId('overdue-chip')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const [card] = await screen.findAllByRole('article', { name: 'Mumbai Mavericks clinch a thriller' });
    expect(within(card).getByTestId('overdue-chip')).toHaveTextContent(PUBLISHING_TEXTS.overdue);
  });

  it('filters the overdue ones from the Filter button', async () => {
    const app = renderApp('/news');
    await screen.findByText('Total Item: 6', {}, slow);
    const getList = vi.spyOn(app.dataProvider, 'getList');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('switch', { name: PUBLISHING_TEXTS.overdueFilter }, slow));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('news', expect.objectContaining({ filter: { overdue: true } })));
    expect(await screen.findByText(NEWS_TEXTS.emptySearchTitle, {}, slow)).toBeInTheDocument();
  });
});

describe('news publishing: edit and detail', () => {
  beforeEach(signIn);

  /** The list with one more article made through the provider (as another admin would), read again. */
  async function listWith(data: Record<string, unknown>) {
    const app = renderApp('/news');
    await screen.findByText('Total Item: 6', {}, slow);
    await app.dataProvider.create('news', { data: { small_description: 'Made for the publishing test', description: '<p>Text.</p>', tags: [], ...data } });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Total Item: 7', {}, slow);
    return app;
  }

  it('shows a published article’s state above the fields; Unpublish saves the form and takes it down', async () => {
    const app = renderApp('/news/news-2/edit');
    await screen.findByDisplayValue('Chennai Chargers clinch a thriller', {}, slow);
    const state = screen.getByRole('region', { name: PUBLISHING_TEXTS.status });
    expect(chipIn(state)).toHaveTextContent(PUBLISHING_TEXTS.states.published);
    expect(screen.queryByRole('button', { name: PUBLISHING_TEXTS.publishNow })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: NEWS_TEXTS.editSubmit })).toBeInTheDocument();
    const update = vi.spyOn(app.dataProvider, 'update');
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(news.fields.small_description.label) }), { target: { value: 'Taken down for a fix' } });
    await userEvent.click(screen.getByRole('button', { name: PUBLISHING_TEXTS.unpublish }));
    expect(await screen.findByText(PUBLISHING_TEXTS.unpublished, {}, slow)).toBeInTheDocument();
    // The admin's change goes with it.
    expect(update.mock.calls[0][1].data).toMatchObject({ small_description: 'Taken down for a fix', status: 'draft' });
    await waitFor(() => expect(app.pathname()).toBe('/news'));
    // Two demo articles share its title: its row is the one that links to it.
    await waitFor(() => expect(chipIn(rowLinkingTo('/news/news-2'))).toHaveTextContent(PUBLISHING_TEXTS.states.draft), slow);
  });

  it('Update News keeps a draft a draft, and offers Publish now rather than Unpublish', async () => {
    const app = await listWith({ title: 'Coach interview draft', status: 'draft' });
    const update = vi.spyOn(app.dataProvider, 'update');
    await userEvent.click(within(rowOf('Coach interview draft')).getByRole('link', { name: 'Edit' }));
    await screen.findByDisplayValue('Coach interview draft', {}, slow);
    expect(chipIn(screen.getByRole('region', { name: PUBLISHING_TEXTS.status }))).toHaveTextContent(PUBLISHING_TEXTS.states.draft);
    expect(screen.getByRole('button', { name: PUBLISHING_TEXTS.publishNow })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PUBLISHING_TEXTS.unpublish })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: NEWS_TEXTS.editSubmit }));
    expect(await screen.findByText(NEWS_TEXTS.editSuccess, {}, slow)).toBeInTheDocument();
    expect(update.mock.calls[0][1].data).not.toHaveProperty('status');
    await waitFor(() => expect(app.pathname()).toBe('/news'));
    expect(chipIn(await screen.findByRole('row', { name: /^Coach interview draft/ }, slow))).toHaveTextContent(PUBLISHING_TEXTS.states.draft);
  });

  it('Publish now on a draft’s edit page saves the form and publishes it', async () => {
    const app = await listWith({ title: 'Coach interview draft', status: 'draft' });
    const update = vi.spyOn(app.dataProvider, 'update');
    await userEvent.click(within(rowOf('Coach interview draft')).getByRole('link', { name: 'Edit' }));
    await screen.findByDisplayValue('Coach interview draft', {}, slow);
    await userEvent.click(screen.getByRole('button', { name: PUBLISHING_TEXTS.publishNow }));
    expect(await screen.findByText(PUBLISHING_TEXTS.published, { selector: '.MuiSnackbarContent-message, .MuiSnackbarContent-message *' }, slow)).toBeInTheDocument();
    expect(update.mock.calls[0][1].data).toMatchObject({ title: 'Coach interview draft', status: 'published' });
    expect(chipIn(await screen.findByRole('row', { name: /^Coach interview draft/ }, slow))).toHaveTextContent(PUBLISHING_TEXTS.states.published);
  });

  it('the detail page shows the state and its time, and Publish now puts a scheduled article live at once', async () => {
    const publishAt = toPublishMinute(Date.now() + DAY);
    const app = await listWith({ title: 'Scheduled match report', publishAt });
    await userEvent.click(within(rowOf('Scheduled match report')).getByRole('link', { name: 'View' }));
    const card = await screen.findByRole('region', { name: PUBLISHING_TEXTS.status }, slow);
    expect(chipIn(card)).toHaveTextContent(PUBLISHING_TEXTS.states.scheduled);
    expect(within(card).getByText(PUBLISHING_TEXTS.publishAt).parentElement).toHaveTextContent(formatZonedTime(publishAt));
    const publish = vi.spyOn(app.dataProvider, 'publishRecord');
    await userEvent.click(within(card).getByRole('button', { name: PUBLISHING_TEXTS.publishNow }));
    expect(await screen.findByText(PUBLISHING_TEXTS.published, { selector: '.MuiSnackbarContent-message, .MuiSnackbarContent-message *' }, slow)).toBeInTheDocument();
    expect(publish).toHaveBeenCalledWith('news', { id: expect.anything() });
    await waitFor(() => expect(chipIn(screen.getByRole('region', { name: PUBLISHING_TEXTS.status }))).toHaveTextContent(PUBLISHING_TEXTS.states.published));
    expect(within(screen.getByRole('region', { name: PUBLISHING_TEXTS.status })).getByRole('button', { name: PUBLISHING_TEXTS.unpublish })).toBeInTheDocument();
  });
});
