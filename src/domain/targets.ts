/**
 * What a slide or a notification opens in the fans' app when tapped: a news story, a video, a match,
 * a team, or an https address; or nothing. Kept as three optional fields (`targetType`, `targetId`,
 * `targetUrl`), declared here once for both entities; the app reads them as one `target`, and a push
 * carries it in its data keys (push.ts).
 */
import type { AppDerived, FieldDeclaration } from './entity';
import { VALIDATION } from './messages';

/** The kinds of record a target names, each with the declared entity it is one of. */
export const TARGET_ENTITIES = { news: 'news', video: 'videos', match: 'matches', team: 'teams' } as const;
export type TargetRecordType = keyof typeof TARGET_ENTITIES;

/** What a target can be, in the order the admin's select offers them. */
export const TARGET_TYPES = ['news', 'video', 'match', 'team', 'url'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** A target as the app reads it. */
export type Target = { type: TargetRecordType; id: string } | { type: 'url'; url: string } | null;

export const TARGET_TEXTS = {
  type: 'Opens in the app (optional)',
  typeHint: 'What a tap on it opens',
  none: 'Nothing',
  types: { news: 'A news story', video: 'A video', match: 'A match', team: 'A team', url: 'A web address (https)' } satisfies Record<TargetType, string>,
  record: { news: 'News story', video: 'Video', match: 'Match', team: 'Team' } satisfies Record<TargetRecordType, string>,
  url: 'Web address',
  urlHint: 'An https:// address',
  /** The detail's fact naming it. */
  opensLabel: 'Opens in the app',
  /** The phone preview's line under the message. */
  opens: (what: string) => `Opens: ${what}`,
} as const;

/** The three fields, declared alike on slides and notifications (after each form's own inputs). */
export const TARGET_FIELDS = {
  targetType: { kind: 'choice', label: 'Opens', choices: TARGET_TYPES, messages: { invalid: VALIDATION.targetTypeInvalid } },
  targetId: { kind: 'text', label: 'Opens record', refBy: { field: 'targetType', to: TARGET_ENTITIES } },
  targetUrl: { kind: 'url', label: 'Opens address', messages: { invalid: VALIDATION.targetUrlInvalid } },
} as const satisfies Record<string, FieldDeclaration>;

const HTTPS = /^https:\/\/[^\s/?#]+/i;

/**
 * The rule across the three, on a write's cleaned values: a record's type needs its record, `url`
 * an https address, and an id or address needs a type. The record's existence is checked by the
 * server and the fake with the other references (`refBy`).
 */
export function targetCheck(values: Record<string, unknown>): Record<string, string> {
  const { targetType: type, targetId: id, targetUrl: url } = values;
  if (!type) return id || url ? { targetType: VALIDATION.targetTypeRequired } : {};
  if (type === 'url') {
    if (!url) return { targetUrl: VALIDATION.targetUrlRequired };
    return HTTPS.test(String(url)) ? {} : { targetUrl: VALIDATION.targetUrlInvalid };
  }
  return id ? {} : { targetId: VALIDATION.targetIdRequired };
}

/** The target a record's three fields name, as the app reads it (the field not of its type is ignored). */
export function targetOf(record: Record<string, unknown>): Target {
  const type = record.targetType as TargetType | null | undefined;
  if (!type) return null;
  if (type === 'url') return typeof record.targetUrl === 'string' && record.targetUrl ? { type, url: record.targetUrl } : null;
  return typeof record.targetId === 'string' && record.targetId ? { type, id: record.targetId } : null;
}

/** The app's `target`: worked out from the three fields, described for the API's document. */
export const APP_TARGET: AppDerived = {
  value: (record) => targetOf(record),
  schema: {
    description: 'What a tap opens: a record of the app (read it at /app/v1/<news|videos|matches|teams>/{id}), an https address, or nothing',
    anyOf: [
      {
        type: 'object',
        properties: { type: { type: 'string', enum: Object.keys(TARGET_ENTITIES) }, id: { type: 'string' } },
        required: ['type', 'id'],
        additionalProperties: false,
      },
      {
        type: 'object',
        properties: { type: { type: 'string', const: 'url' }, url: { type: 'string', format: 'uri' } },
        required: ['type', 'url'],
        additionalProperties: false,
      },
      { type: 'null' },
    ],
  },
};
