/**
 * The plain text of stored news HTML, computed as the server's `news.description_text` column
 * does (migration 0003), so search, the list's description and the detail page's counts all
 * read the same words: inline formatting tags vanish, every other tag is a space, the common
 * entities are decoded (`&amp;` last) and whitespace runs become one space.
 */
export const htmlText = (html: string): string =>
  html
    .replace(/<\/?(a|b|strong|em|i|u|s|code|span|mark)(\s[^>]*)?\/?>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** True when HTML shows nothing: no text and no picture (an empty editor sends `<p></p>`). */
export const isBlankHtml = (html: string): boolean => !/<(img|hr)\b/i.test(html) && htmlText(html) === '';

/** Words as the detail page's 'Word Count' counts them: runs of text between spaces. */
export const wordCount = (text: string) => (text === '' ? 0 : text.split(' ').length);

/**
 * Where a news picture may come from: a file of this server's uploads (a plain name, never a path
 * that climbs out of the folder such as `/uploads/../admin/…`) or an https address.
 */
export const isNewsImageSource = (src: string): boolean => {
  if (/^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(src)) return !src.includes('..');
  try {
    return new URL(src).protocol === 'https:' && /^https:\/\//i.test(src);
  } catch {
    return false;
  }
};
