/**
 * The one HTTP path to the API: adds `Accept` and the bearer token, unwraps the
 * `{ success, data, message }` envelope, and turns `success: false` into an HttpError whose
 * body keeps the server's `{ errors: { field: message } }` for react-admin forms.
 */
import { fetchUtils, HttpError } from 'react-admin';
import { reportUploadProgress } from './uploadProgress';

export type HttpOptions = fetchUtils.Options & {
  /** The resource being written, so upload progress can be read per form. */
  resource?: string;
};

export type HttpResult = {
  status: number;
  headers: Headers;
  body: string;
  /** The envelope's `data` (the whole body when the server sent no envelope). */
  json: unknown;
  message?: string;
};

/** A response as it came, before the envelope is read; a status outside 2xx is thrown as an HttpError. */
export type RawResult = { status: number; headers: Headers; body: string; json: unknown };

/** How a request reaches the API: in the browser over fetch (XMLHttpRequest for uploads); a test may pass its own. */
export type Transport = (url: string, options: HttpOptions, headers: Headers) => Promise<RawResult>;

const parseJson = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** fetch() cannot report upload progress; XMLHttpRequest can, so multipart bodies go through it. */
function sendWithProgress(url: string, options: HttpOptions, headers: Headers): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    headers.forEach((value, key) => xhr.setRequestHeader(key, value));
    const resource = options.resource ?? url;
    xhr.upload.onprogress = (event) =>
      reportUploadProgress({ resource, loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    const finish = () => reportUploadProgress(null);
    xhr.onload = () => {
      finish();
      const body = xhr.responseText;
      const json = parseJson(body);
      const responseHeaders = new Headers({ 'content-type': xhr.getResponseHeader('content-type') ?? '' });
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new HttpError(json?.message || xhr.statusText, xhr.status, json));
      } else resolve({ status: xhr.status, headers: responseHeaders, body, json });
    };
    xhr.onerror = () => {
      finish();
      reject(new HttpError('Network error', 0));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(options.body as FormData);
  });
}

const browserTransport: Transport = (url, options, headers) =>
  options.body instanceof FormData ? sendWithProgress(url, options, headers) : fetchUtils.fetchJson(url, { ...options, headers });

export function createHttpClient(getToken: () => string | null, send: Transport = browserTransport) {
  return async (url: string, options: HttpOptions = {}): Promise<HttpResult> => {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const raw = await send(url, options, headers);
    const envelope = raw.json as { success?: boolean; data?: unknown; message?: string } | undefined;
    if (envelope && typeof envelope === 'object' && 'success' in envelope) {
      if (envelope.success === false) throw new HttpError(envelope.message ?? 'Request failed', raw.status, envelope);
      return { ...raw, json: envelope.data, message: envelope.message };
    }
    return raw;
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
