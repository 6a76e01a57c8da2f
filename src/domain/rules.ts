/**
 * Validation rules per form, written once as data.
 * The server turns them into request schemas (validation, types, OpenAPI) and error maps;
 * the admin app turns them into react-admin validators. Neither side restates a rule.
 */
import { ROLES } from './access';
import { MIN_ADMIN_PASSWORD_LENGTH } from './limits';
import { ADMIN_TEXTS, VALIDATION as V } from './messages';

export type FieldRule = {
  required?: string;
  minLength?: readonly [number, string];
  min?: readonly [number, string];
  oneOf?: readonly [readonly string[], string];
  url?: string;
  email?: string;
  /** The value must read as a calendar date or a date-time. */
  date?: string;
  /** The value must be a calendar day (YYYY-MM-DD) that has come: today or before, from 1900 (a date of birth). */
  past?: string;
  image?: { tooLarge: string; notAnImage: string };
};
export type FormRules = Record<string, FieldRule>;


export const LOGIN_RULES = {
  email: { required: V.emailRequired, email: V.emailInvalid },
  password: { required: V.passwordRequired },
} satisfies FormRules;

/** A new admin password (an admin's first one, a reset, or one's own). */
const newPassword = { required: V.passwordRequired, minLength: [MIN_ADMIN_PASSWORD_LENGTH, V.passwordTooShort] } as const;

/** An admin's role (src/domain/access.ts). */
const adminRole = { oneOf: [ROLES, ADMIN_TEXTS.roleInvalid] } as const;

export const ADMIN_CREATE_RULES = {
  firstName: { required: V.firstNameRequired },
  lastName: { required: V.lastNameRequired },
  email: { required: V.emailRequired, email: V.emailInvalid },
  password: newPassword,
  /** Absent: DEFAULT_ROLE (an editor). */
  role: adminRole,
} satisfies FormRules;

/** An edit sends only what changes: names, the role, the active flag (outside the rules), or a new password. */
export const ADMIN_UPDATE_RULES = {
  firstName: { minLength: [1, V.firstNameRequired] },
  lastName: { minLength: [1, V.lastNameRequired] },
  password: { minLength: newPassword.minLength },
  role: adminRole,
} satisfies FormRules;

export const PROFILE_NAME_RULES = {
  firstName: { required: V.firstNameRequired },
  lastName: { required: V.lastNameRequired },
} satisfies FormRules;

export const PASSWORD_CHANGE_RULES = {
  currentPassword: { required: V.currentPasswordRequired },
  newPassword,
  repeatPassword: { required: V.passwordRequired },
} satisfies FormRules;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Characters that show nothing (zero-width spaces and joiners, bidi marks, fillers, the blank braille cell). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** The text as a reader sees it: a title of zero-width spaces is as empty as one of spaces. */
const visibleText = (value: string) => value.replace(INVISIBLE, '').trim();

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && visibleText(value) === '') ||
  (Array.isArray(value) && value.length === 0);

/** A calendar year every database keeps: JavaScript reads dates 270,000 years out, PostgreSQL stops at 4713 BC. */
const isStorableDate = (text: string) => {
  const time = Date.parse(text);
  const year = new Date(time).getUTCFullYear();
  return !Number.isNaN(time) && year >= 1 && year <= 9999;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day ('2025-02-30' is none, whatever Date.parse makes of it), from 1900 to today in UTC. */
const isPastDay = (text: string) => {
  const parts = DAY.exec(text);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && time <= Date.now();
};

const isUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Checks one value against one field's rule and answers the first failing message.
 * File checks (size, type) are left to whoever holds the bytes; this covers everything else.
 */
export function checkField(rule: FieldRule, value: unknown): string | undefined {
  if (isBlank(value)) return rule.required;
  if (rule.image) return undefined;
  const values = Array.isArray(value) ? value : [value];
  for (const item of values) {
    const text = String(item).trim();
    if (rule.minLength && visibleText(text).length < rule.minLength[0]) return rule.minLength[1];
    if (rule.min && !Number.isInteger(Number(item))) return V.wholeNumber;
    if (rule.min && !(Number(item) >= rule.min[0])) return rule.min[1];
    if (rule.oneOf && !rule.oneOf[0].includes(text)) return rule.oneOf[1];
    if (rule.url && !isUrl(text)) return rule.url;
    if (rule.email && !EMAIL_PATTERN.test(text)) return rule.email;
    if (rule.date && !isStorableDate(text)) return rule.date;
    if (rule.past && !isPastDay(text)) return rule.past;
  }
  return undefined;
}

/** Checks a whole payload; answers `{ field: message }` for every failing field (empty when valid). */
export function checkForm(rules: FormRules, values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const message = checkField(rule, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
