/**
 * How deep and how wide JSON text may be before it is parsed: the JSON body parser (plugins/json-body.ts)
 * and a form field holding JSON (a registration's players) are both bounded by it.
 */
import { MAX_JSON_DEPTH, MAX_JSON_KEYS } from '../../src/domain/limits';
import { JSON_BOUNDS } from '../../src/domain/messages';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** Where the string opened at `start` ends (its closing quote), or the text's end when it is never closed. */
function stringEnd(text: string, start: number): number {
  let end = start;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
  }
}

/**
 * Why JSON text is refused unread: nested deeper than MAX_JSON_DEPTH, or more than MAX_JSON_KEYS keys
 * in all (each `:` outside a string is one key). Undefined when within both; text that is no JSON is
 * left for the parser to refuse. A loop, not a recursion: it must hold on the input it guards against.
 */
export function jsonBoundsError(text: string): string | undefined {
  let depth = 0;
  let keys = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) i = stringEnd(text, i);
    else if (OPENERS.has(char)) {
      if (++depth > MAX_JSON_DEPTH) return JSON_BOUNDS.tooDeep;
    } else if (CLOSERS.has(char)) depth--;
    else if (char === COLON && ++keys > MAX_JSON_KEYS) return JSON_BOUNDS.tooManyKeys;
  }
  return undefined;
}
