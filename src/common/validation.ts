import type { Validator } from 'react-admin';
import { checkField, type FieldRule, type FormRules } from '../domain';

/**
 * react-admin validators made from the shared rules in src/domain/rules.ts, so forms show the
 * same messages the server answers: `<TextInput source="title" validate={validators(rulesOf(videos, 'create')).title} />`.
 */
export const validators = <R extends FormRules>(rules: R) =>
  Object.fromEntries(
    Object.entries(rules).map(([field, rule]) => [field, ((value: unknown) => checkField(rule as FieldRule, value)) as Validator]),
  ) as Record<keyof R, Validator>;
