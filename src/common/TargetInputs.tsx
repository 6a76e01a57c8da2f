/**
 * What a slide or a notification opens in the fans' app (src/domain/targets.ts), after the form's
 * own inputs: a select of what it opens, then a picker of the record (searched on the server as
 * typed) or the https address. Checked as the server checks it (`targetCheck`); the record's
 * existence is the server's to say. `useTargetLabel` names the choice for a preview ('Opens: …').
 */
import { AutocompleteInput, ReferenceInput, SelectInput, TextInput, useGetOne, useGetRecordRepresentation, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { TARGET_ENTITIES, TARGET_TEXTS, TARGET_TYPES, targetCheck, type TargetRecordType, type TargetType } from '../domain';

const TYPE_CHOICES = TARGET_TYPES.map((type) => ({ id: type, name: TARGET_TEXTS.types[type] }));

/** One field's message of the rule across the three, as the server words it. */
const checked =
  (name: 'targetType' | 'targetId' | 'targetUrl'): Validator =>
  (_value, values) =>
    targetCheck(values ?? {})[name];

const isRecordType = (type: unknown): type is TargetRecordType => typeof type === 'string' && type in TARGET_ENTITIES;

export function TargetInputs() {
  const type = useWatch({ name: 'targetType' }) as TargetType | '' | null | undefined;
  return (
    <>
      <SelectInput
        source="targetType"
        label={TARGET_TEXTS.type}
        choices={TYPE_CHOICES}
        emptyText={TARGET_TEXTS.none}
        helperText={TARGET_TEXTS.typeHint}
        validate={checked('targetType')}
        fullWidth
      />
      {isRecordType(type) && (
        // Keyed by type, so another kind of record starts the picker afresh.
        <ReferenceInput key={type} source="targetId" reference={TARGET_ENTITIES[type]} perPage={25}>
          <AutocompleteInput label={TARGET_TEXTS.record[type]} validate={checked('targetId')} filterToQuery={(q) => ({ q })} fullWidth />
        </ReferenceInput>
      )}
      {type === 'url' && (
        <TextInput source="targetUrl" type="url" label={TARGET_TEXTS.url} helperText={TARGET_TEXTS.urlHint} validate={checked('targetUrl')} fullWidth />
      )}
    </>
  );
}

/** Only the target's fields the chosen type uses, as the API takes them (none when it opens nothing). */
export function targetPayload(values: Record<string, unknown>): Record<string, string> {
  const { targetType: type, targetId: id, targetUrl: url } = values;
  if (type === 'url' && typeof url === 'string') return { targetType: type, targetUrl: url.trim() };
  if (isRecordType(type) && typeof id === 'string') return { targetType: type, targetId: id };
  return {};
}

/** A record's target in words, for a preview or a detail: the record's name or the address; undefined when it opens nothing (or while it loads). */
export function useTargetLabel({ targetType: type, targetId: id, targetUrl: url }: Record<string, unknown>): string | undefined {
  const resource = isRecordType(type) ? TARGET_ENTITIES[type] : 'news';
  const represent = useGetRecordRepresentation(resource);
  const { data } = useGetOne(resource, { id: String(id) }, { enabled: isRecordType(type) && typeof id === 'string' && id !== '' });
  if (type === 'url') return typeof url === 'string' && url.trim() ? url.trim() : undefined;
  if (!isRecordType(type) || !data) return undefined;
  const name = represent(data);
  return typeof name === 'string' && name ? name : TARGET_TEXTS.record[type];
}

/** The target as the form holds it, in words (see useTargetLabel). */
export function useChosenTargetLabel(): string | undefined {
  const [targetType, targetId, targetUrl] = useWatch({ name: ['targetType', 'targetId', 'targetUrl'] }) as unknown[];
  return useTargetLabel({ targetType, targetId, targetUrl });
}
