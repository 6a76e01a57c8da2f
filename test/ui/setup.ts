import '@testing-library/jest-dom/vitest';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach } from 'vitest';

// The UI suites share two cores with the API suites; react-admin's lazy views can take
// longer than testing-library's 1 s default to appear under that load, and a file's first
// render (its modules loaded cold) took over 5 s on a busy machine. A passing wait ends as soon
// as the page shows; only a failing one waits this long.
configure({ asyncUtilTimeout: 15_000 });

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
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (args[0] instanceof HttpError) return;
  consoleError(...args);
};

// React Query (under react-admin) retries a failed load three times, waiting 1 s, 2 s and 4 s; a test
// that scripts a failure waited those 7 s for the message. The retries stay, the waits are 20 ms.
const client = QueryClient.prototype as unknown as { defaultQueryOptions(options: object): { retryDelay?: unknown } };
const defaultQueryOptions = client.defaultQueryOptions;
client.defaultQueryOptions = function (this: QueryClient, options) {
  const defaulted = defaultQueryOptions.call(this, options);
  defaulted.retryDelay ??= 20;
  return defaulted;
};
