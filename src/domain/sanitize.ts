/**
 * Rich text (a news story) is HTML from the admin app's rich-text editor (tiptap) and is shown raw
 * on the detail screen and in the mobile app, so it is cleaned when stored, by the server and the
 * fake provider alike: only the editor's own formatting survives. Scripts, event handlers,
 * `javascript:` links, foreign embeds and any style other than colours and alignment are dropped.
 * Not exported from the domain's index: the admin app's own bundle never needs it.
 */
import sanitizeHtml from 'sanitize-html';
import { isNewsImageSource } from './html';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const ALIGN = { 'text-align': [/^(left|right|center|justify)$/] };
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%\s,/]+\)$/i, /^[a-z]+$/i];
const INLINE_STYLE = { color: COLOR, 'background-color': COLOR, ...ALIGN };

const LINK_HREF = /^(https?:|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', ...HEADINGS, 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'a', 'br', 'hr', 'img', 'span', 'mark',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    span: ['style'],
    mark: ['style'],
    p: ['style'],
    ...Object.fromEntries(HEADINGS.map((tag) => [tag, ['style']])),
  },
  allowedStyles: {
    span: INLINE_STYLE,
    mark: INLINE_STYLE,
    p: ALIGN,
    ...Object.fromEntries(HEADINGS.map((tag) => [tag, ALIGN])),
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Relative and other links lose their address (the text stays); a new tab never gets the opener.
    a: (tagName, { href, target }) => ({
      tagName,
      attribs: {
        ...(href && LINK_HREF.test(href.trim()) ? { href: href.trim() } : {}),
        ...(target === '_blank' ? { target, rel: 'noopener noreferrer nofollow' } : {}),
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isNewsImageSource(frame.attribs.src?.trim() ?? ''),
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
