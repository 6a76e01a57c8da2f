import '@testing-library/jest-dom/vitest';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach } from 'vitest';

// The UI suites share two cores with the API suites; react-admin's lazy views can take
// longer than testing-library's 1 s default to appear under that load, and a file's first
// render (its modules loaded cold) took over 5 s on a busy machine. A passing wait ends as soon
// as the page shows; only a failing one waits this long.
configure({ asyncUtilTimeout: 15_000 });

/**
 * `object[method] = wrap(object[method])`, once: with `isolate: false` (vite.config.ts) a worker runs
 * this file again before each test file, over modules it has already loaded and patched.
 */
const PATCHED = Symbol('patched by test/ui/setup.ts');
function patchOnce<T extends object, K extends keyof T>(object: T, method: K, wrap: (original: T[K]) => T[K]) {
  if ((object[method] as { [PATCHED]?: true })[PATCHED]) return;
  object[method] = Object.assign(wrap(object[method]) as object, { [PATCHED]: true }) as T[K];
}

// A query that finds nothing inside waitFor/findBy* throws on every poll, and testing-library printed
// the whole page into each of those errors (about 7% of the UI suite's time); a wait that times out
// prints the page once itself, as it is then. A query failing outside a wait still prints it.
// (`_disableExpensiveErrorDiagnostics` is how testing-library itself tells a poll from a plain query.)
const polling = () => (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics === true;
const config = { ...getConfig() };
patchOnce(config, 'getElementError', (getElementError) => (message, container) => {
  if (!polling()) return getElementError(message, container);
  const error = new Error(message ?? '');
  error.name = 'TestingLibraryElementError';
  return error;
});
configure({ getElementError: config.getElementError });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The rich-text editor (tiptap, on the news form) measures the page; jsdom has no layout.
document.elementFromPoint ??= () => null;
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

// jsdom has no scrolling; react-admin scrolls to the top after a navigation.
window.scrollTo = () => {};

// react-admin logs every rejected data provider call with console.error, a development aid. The
// tests script those rejections and assert what the admin sees instead; anything else still prints.
patchOnce(console, 'error', (consoleError) => (...args: unknown[]) => {
  if (args[0] instanceof HttpError) return;
  consoleError.apply(console, args);
});

// React Query (under react-admin) retries a failed load three times, waiting 1 s, 2 s and 4 s; a test
// that scripts a failure waited those 7 s for the message. The retries stay, the waits are 20 ms.
const client = QueryClient.prototype as unknown as { defaultQueryOptions(options: object): { retryDelay?: unknown } };
patchOnce(client, 'defaultQueryOptions', (defaultQueryOptions) =>
  function (this: QueryClient, options) {
    const defaulted = defaultQueryOptions.call(this, options);
    defaulted.retryDelay ??= 20;
    return defaulted;
  },
);
