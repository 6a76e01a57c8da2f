/**
 * A client's text cleaned before any check: a NUL byte is refused at its field, other control
 * characters are dropped (newline and tab stay), passwords are left as typed (plugins/text-input.ts says why).
 */
import { VALIDATION } from '../../src/domain/messages';
import { isUploadedImage } from '../storage/images';

/** Control characters (C0, DEL, C1) other than newline and tab. */
const CONTROL = /[^\P{Cc}\n\t]/gu;
/** Fields kept as typed: changing a password would lock its owner out. */
export const VERBATIM = /password/i;

/** Objects and arrays a walk goes into: an uploaded image is a value of its own. */
export const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  !!value && typeof value === 'object' && !isUploadedImage(value);

/**
 * The cleaned value; a field holding a NUL anywhere inside is added to `errors`. Routes call it for
 * text they decode themselves (a form field holding JSON), which the text-input hook (plugins/text-input.ts) saw only as its escapes.
 * Nested values are cleaned in place by a loop, not a recursion, so no depth overflows the stack.
 */
export function clean(value: unknown, field: string, errors: Record<string, string>): unknown {
  const cleanText = (text: string) => {
    if (text.includes('\0')) errors[field] ??= VALIDATION.nulCharacter;
    return text.replace(CONTROL, '');
  };
  if (typeof value === 'string') return cleanText(value);
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const container = pending.pop();
    if (!isContainer(container)) continue;
    const holder = container as Record<string, unknown>;
    for (const key of Object.keys(holder)) {
      if (!Array.isArray(container) && VERBATIM.test(key)) continue;
      const item = holder[key];
      if (typeof item === 'string') holder[key] = cleanText(item);
      else if (isContainer(item)) pending.push(item);
    }
  }
  return value;
}
