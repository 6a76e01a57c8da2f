import { act } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { createAuthProvider } from '../../src/providers/authProvider';
import { createDataProvider } from '../../src/providers/dataProvider';
import { saveSession } from '../../src/providers/session';

const API = 'https://api.example.test';
const envelope = (data: unknown, message = 'Fetched successfully', success = true) => ({ success, data, message });

function mockFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const lastRequest = (fetchMock: ReturnType<typeof mockFetch>) => {
  const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
  return { url: new URL(url), init, headers: new Headers(init.headers) };
};

/** A stand-in XMLHttpRequest that records what was sent and plays back upload progress and a response. */
class FakeXhr {
  static last: FakeXhr;
  static respond = { status: 201, body: envelope({ _id: 'v9', title: 'New' }, 'Created successfully') as unknown };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (event: ProgressEvent) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    Object.assign(this, { method, url });
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  abort() {}
  send(body: FormData) {
    this.body = body;
    this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true } as ProgressEvent);
  }
  /** The server answers when the test says so, so the upload can be observed half-way. */
  finish() {
    this.status = FakeXhr.respond.status;
    this.responseText = JSON.stringify(FakeXhr.respond.body);
    this.onload?.();
  }
}

describe('dataProvider', () => {
  beforeEach(() => saveSession('header.payload.sig', { _id: 'u1' }));

  it('turns a list call into page, limit, search, sort, order and exact filters, and reads docs and totalDocs', async () => {
    const fetchMock = mockFetch(200, envelope({ docs: [{ _id: 'a1', title: 'Final over' }], totalDocs: 57, page: 3, limit: 10 }));
    const result = await createDataProvider(API).getList('videos', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'title', order: 'ASC' },
      filter: { q: 'final', category: 'Practice' },
    });
    const { url, headers } = lastRequest(fetchMock);
    expect(url.pathname).toBe('/admin/videos');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '3',
      limit: '10',
      search: 'final',
      sort: 'title',
      order: 'asc',
      category: 'Practice',
    });
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer header.payload.sig');
    expect(result).toEqual({ data: [{ _id: 'a1', id: 'a1', title: 'Final over' }], total: 57 });
  });

  it("passes on a broad search's estimated total as meta, for the pagination's 'About'", async () => {
    mockFetch(200, envelope({ docs: [], totalDocs: 22_988, totalIsEstimate: true }));
    const result = await createDataProvider(API).getList('news', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'century' } });
    expect(result).toEqual({ data: [], total: 22_988, meta: { totalIsEstimate: true } });
  });

  it('leaves the order to the server when react-admin sorts by its default id', async () => {
    const fetchMock = mockFetch(200, envelope({ docs: [], totalDocs: 0 }));
    await createDataProvider(API).getList('news', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(lastRequest(fetchMock).url.searchParams.has('sort')).toBe(false);
  });

  it('reads lookups answered as a plain list as well as paged', async () => {
    mockFetch(200, envelope([{ _id: 's1', name: 'Cricket' }]));
    const plain = await createDataProvider(API).getList('sport', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(plain).toEqual({ data: [{ _id: 's1', id: 's1', name: 'Cricket' }], total: 1 });
  });

  it('gets one record by its API path and maps _id to id', async () => {
    const fetchMock = mockFetch(200, envelope({ _id: 'p7', name: 'Arjun', team_id: { _id: 't1', name: 'Mavericks' } }));
    const { data } = await createDataProvider(API).getOne('player', { id: 'p7' });
    expect(lastRequest(fetchMock).url.pathname).toBe('/admin/player/p7');
    expect(data).toMatchObject({ id: 'p7', name: 'Arjun', team_id: { _id: 't1', name: 'Mavericks' } });
  });

  it('sends JSON without read-only keys and with references as their ids when no file is attached', async () => {
    const fetchMock = mockFetch(200, envelope({ _id: 'r1', firstName: 'Asha' }, 'Updated successfully'));
    await createDataProvider(API).update('registrations', {
      id: 'r1',
      data: { id: 'r1', _id: 'r1', createdAt: '2026-01-01', firstName: 'Asha', state: { _id: 'st1', name: 'Goa' } },
      previousData: { id: 'r1' },
    });
    const { url, init, headers } = lastRequest(fetchMock);
    expect(url.pathname).toBe('/admin/registrations/r1');
    expect(init.method).toBe('PUT');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ firstName: 'Asha', state: 'st1' });
  });

  it("sends back the updatedAt the edit was made on, the form's or else the cached record's", async () => {
    const fetchMock = mockFetch(200, envelope({ _id: 't1', name: 'Kings' }, 'Team updated successfully!'));
    const provider = createDataProvider(API);
    await provider.update('teams', { id: 't1', data: { name: 'Kings', updatedAt: '2026-01-02T03:04:05.678Z' }, previousData: { id: 't1', updatedAt: 'older' } });
    expect(JSON.parse(lastRequest(fetchMock).init.body as string)).toEqual({ name: 'Kings', updatedAt: '2026-01-02T03:04:05.678Z' });
    await provider.update('teams', { id: 't1', data: { name: 'Kings' }, previousData: { id: 't1', updatedAt: '2026-01-02T03:04:05.678Z' } });
    expect(JSON.parse(lastRequest(fetchMock).init.body as string)).toEqual({ name: 'Kings', updatedAt: '2026-01-02T03:04:05.678Z' });
    await provider.update('registrations', { id: 'r1', data: { status: 'approved', updatedAt: 'x' }, previousData: { id: 'r1' }, meta: { path: 'status' } });
    expect(JSON.parse(lastRequest(fetchMock).init.body as string)).toEqual({ status: 'approved' });
  });

  it('sends multipart with the file, repeated tags[] and no hand-set Content-Type when a field holds a rawFile, reporting progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.respond = { status: 201, body: envelope({ _id: 'n5', title: 'Derby day' }, 'News created successfully!') };
    const image = new File(['png'], 'cover.png', { type: 'image/png' });
    const { useUploadProgress } = await import('../../src/providers/uploadProgress');
    const { renderHook, waitFor } = await import('@testing-library/react');
    const progress = renderHook(() => useUploadProgress('news'));

    // The fake upload reports half-way as it is sent, which sets the bar: inside act(…), as a click would be.
    let pending!: ReturnType<ReturnType<typeof createDataProvider>['create']>;
    await act(async () => {
      pending = createDataProvider(API).create('news', {
        data: { title: 'Derby day', tags: ['Final', 'Cricket'], image: { rawFile: image, src: 'blob:x', title: 'cover.png' } },
      });
      await vi.waitFor(() => expect(FakeXhr.last.body?.get('title')).toBe('Derby day'));
    });
    // testing-library's waitFor, not vitest's: the progress arrives from the upload's events, which
    // React would otherwise report as updates outside act(…).
    await waitFor(() => expect(progress.result.current).toBe(50));
    // The bar is cleared once the answer is read, after the upload's last event.
    const { data } = await act(async () => {
      FakeXhr.last.finish();
      return pending;
    });

    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${API}/admin/news`);
    expect(xhr.headers['authorization']).toBe('Bearer header.payload.sig');
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.body!.getAll('tags[]')).toEqual(['Final', 'Cricket']);
    expect(xhr.body!.get('title')).toBe('Derby day');
    expect((xhr.body!.get('image') as File).name).toBe('cover.png');
    expect(data).toMatchObject({ id: 'n5', title: 'Derby day' });
    await waitFor(() => expect(progress.result.current).toBeNull());
  });

  it('keeps the current file on update when the image input was left untouched', async () => {
    const fetchMock = mockFetch(200, envelope({ _id: 'v1', title: 'Kept' }));
    await createDataProvider(API).update('videos', {
      id: 'v1',
      data: { title: 'Kept', image: { src: '/uploads/v1.webp', title: 'thumb' } },
      previousData: { id: 'v1' },
    });
    expect(JSON.parse(lastRequest(fetchMock).init.body as string)).toEqual({ title: 'Kept' });
  });

  it('hands field errors of a 400 to react-admin forms and the server message to the toast', async () => {
    mockFetch(400, { success: false, message: 'Validation failed', errors: { title: 'Title must be at least 5 characters' } });
    const failure = await createDataProvider(API).create('news', { data: { title: 'Hi' } }).catch((error) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure.status).toBe(400);
    expect(failure.message).toBe('Validation failed');
    expect(failure.body.errors).toEqual({ title: 'Title must be at least 5 characters' });
  });

  it('treats success:false as an error even with status 200', async () => {
    mockFetch(200, { success: false, message: 'Failed to fetch video details.' });
    await expect(createDataProvider(API).getOne('videos', { id: 'v1' })).rejects.toThrow('Failed to fetch video details.');
  });

  it('reports 404 with the entity named, and signs out on 401', async () => {
    mockFetch(404, { success: false, message: 'Video not found' });
    await expect(createDataProvider(API).getOne('videos', { id: 'nope' })).rejects.toMatchObject({ status: 404, message: 'Video not found' });

    mockFetch(401, { success: false, message: 'Authentication required' });
    const expired = await createDataProvider(API).getOne('videos', { id: 'v1' }).catch((error) => error);
    expect(expired.status).toBe(401);
    await expect(createAuthProvider(vi.fn()).checkError(expired)).rejects.toThrow('Your session has expired. Please sign in again.');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('sets the video flags with an explicit value and returns the record and the server message', async () => {
    const fetchMock = mockFetch(200, envelope({ _id: 'v1', isFeatured: true }, 'Video set as featured'));
    const provider = createDataProvider(API);
    const result = await provider.setFeatured('videos', { id: 'v1', value: true });
    expect(lastRequest(fetchMock).url.pathname).toBe('/admin/videos/v1/set-remove-featured');
    expect(lastRequest(fetchMock).init.method).toBe('PUT');
    expect(JSON.parse(String(lastRequest(fetchMock).init.body))).toEqual({ value: true });
    expect(result).toEqual({ data: { _id: 'v1', id: 'v1', isFeatured: true }, message: 'Video set as featured' });

    await provider.setMagicMoment('videos', { id: 'v1', value: false });
    expect(lastRequest(fetchMock).url.pathname).toBe('/admin/videos/v1/set-remove-Magic-Moment');
    expect(JSON.parse(String(lastRequest(fetchMock).init.body))).toEqual({ value: false });
  });

  it('deletes by path and answers the deleted record', async () => {
    const fetchMock = mockFetch(200, envelope(null, 'Deleted successfully'));
    const { data } = await createDataProvider(API).delete('teams', { id: 't1', previousData: { id: 't1', name: 'Kings' } });
    expect(lastRequest(fetchMock).url.pathname).toBe('/admin/teams/t1');
    expect(lastRequest(fetchMock).init.method).toBe('DELETE');
    expect(data).toEqual({ id: 't1', name: 'Kings' });
  });

  it("reads a resource's stat figures from GET /admin/{resource}/stats", async () => {
    const fetchMock = mockFetch(200, envelope({ total: 42, thisWeek: 3, categories: 5 }));
    const controller = new AbortController();
    const result = await createDataProvider(API).getStats('news', { signal: controller.signal });
    const { url, init, headers } = lastRequest(fetchMock);
    expect(url.toString()).toBe(`${API}/admin/news/stats`);
    expect(init.method ?? 'GET').toBe('GET');
    expect(init.signal).toBe(controller.signal);
    expect(headers.get('Authorization')).toBe('Bearer header.payload.sig');
    expect(result).toEqual({ data: { total: 42, thisWeek: 3, categories: 5 } });

    await createDataProvider().getStats('teams');
    expect((fetchMock.mock.calls.at(-1) as unknown as [string])[0]).toBe('/admin/teams/stats');
  });

  it("sends a list's filter with the stats call, the search as `search`", async () => {
    const fetchMock = mockFetch(200, envelope({ total: 3, upcoming: 1, played: 2 }));
    const result = await createDataProvider(API).getStats('matches', { filter: { q: 'eden', result: 'Draw', from: '2026-01-01' } });
    expect(lastRequest(fetchMock).url.toString()).toBe(`${API}/admin/matches/stats?from=2026-01-01&result=Draw&search=eden`);
    expect(result.data).toEqual({ total: 3, upcoming: 1, played: 2 });
    await createDataProvider(API).getStats('matches', { filter: {} });
    expect(lastRequest(fetchMock).url.toString()).toBe(`${API}/admin/matches/stats`);
  });

  it('reports a failed stats call as an HttpError', async () => {
    mockFetch(404, { success: false, message: 'Team not found' });
    await expect(createDataProvider(API).getStats('teams')).rejects.toMatchObject({ status: 404, message: 'Team not found' });
  });

  it('calls the same origin when no API URL is configured', async () => {
    const fetchMock = mockFetch(200, envelope({ docs: [], totalDocs: 0 }));
    await createDataProvider().getList('matches', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/admin/matches?limit=10&page=1');
  });
});
