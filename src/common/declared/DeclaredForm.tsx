/**
 * A declared entity's create and edit pages: the standard input for each field kind (none for what
 * the server keeps alone), checked by the declared rules (the messages the server answers), saved
 * through the shared form flow (a stale edit shows the conflict notice). `children` adds the
 * entity's own inputs after the standard ones.
 */
import type { ReactNode } from 'react';
import { DateInput, NumberInput, ReferenceInput, SelectArrayInput, SelectInput, TextInput } from 'react-admin';
import { adminFormFields, entityNamed, formLabelOf, imageFields, IMAGE_HINT, rulesOf, textsOf, toChoices, type EntityDeclaration } from '../../domain';
import { CheckboxInput } from '../CheckboxInput';
import { ImageUpload } from '../ImageUpload';
import { failureMessage } from '../LoadError';
import { ResourceCreate, ResourceEdit } from '../ResourceCreateEdit';
import { ResourceForm } from '../ResourceForm';
import { RichTextInput } from '../RichTextInput';
import { editTexts } from '../screenTexts';
import { validators } from '../validation';

function DeclaredInputs({ entity, mode }: { entity: EntityDeclaration; mode: 'create' | 'update' }) {
  const rules = rulesOf(entity, mode);
  const validate = validators(rules);
  return (
    <>
      {adminFormFields(entity).map(([name, field]) => {
        const common = { source: name, label: formLabelOf(field), validate: validate[name] };
        switch (field.kind) {
          case 'longtext':
            return <TextInput key={name} {...common} multiline minRows={3} fullWidth />;
          case 'richtext':
            return <RichTextInput key={name} {...common} fullWidth />;
          case 'number':
            return <NumberInput key={name} {...common} step={1} />;
          case 'date':
            return <DateInput key={name} {...common} />;
          case 'boolean':
            return <CheckboxInput key={name} source={name} label={formLabelOf(field)} />;
          case 'choice':
            if (field.many) return <SelectArrayInput key={name} {...common} choices={toChoices(field.choices ?? [])} fullWidth />;
            return <SelectInput key={name} {...common} choices={toChoices(field.choices ?? [])} emptyText={field.required ? undefined : '—'} />;
          case 'image':
            return <ImageUpload key={name} source={name} label={formLabelOf(field)} hint={IMAGE_HINT} rule={rules[name]} removable={mode === 'update' && !field.required} />;
          case 'ref': {
            const target = field.to ? entityNamed(field.to) : undefined;
            return (
              <ReferenceInput key={name} source={name} reference={field.to ?? ''} sort={{ field: target?.title ?? 'name', order: 'ASC' }} filter={field.where}>
                <SelectInput label={formLabelOf(field)} optionText={target?.title ?? 'name'} validate={validate[name]} />
              </ReferenceInput>
            );
          }
          default:
            return <TextInput key={name} {...common} type={field.kind === 'url' ? 'url' : field.kind === 'email' ? 'email' : 'text'} fullWidth />;
        }
      })}
    </>
  );
}

/** A cleared input sends an empty value, which the server reads as none. */
const toPayload = (entity: EntityDeclaration) => (values: Record<string, unknown>) => {
  const payload = { ...values };
  for (const [name, field] of adminFormFields(entity)) {
    if (field.kind === 'boolean') payload[name] = Boolean(payload[name]);
    else if (field.kind !== 'image' && payload[name] === null) payload[name] = field.many ? [] : '';
  }
  return payload;
};

function DeclaredForm({ entity, mode, children }: { entity: EntityDeclaration; mode: 'create' | 'update'; children?: ReactNode }) {
  const texts = textsOf(entity);
  const images = imageFields(entity);
  const submit = {
    success: mode === 'create' ? texts.createSuccess : texts.editSuccess,
    failure: (error: unknown) => failureMessage(error, mode === 'create' ? texts.createFailure : texts.editFailure),
    fileField: images[0],
    images,
  };
  const toolbar = mode === 'create' ? { submitLabel: texts.createSubmit, busyLabel: texts.createBusy } : { submitLabel: texts.editSubmit, busyLabel: texts.editBusy };
  const defaults = Object.fromEntries(adminFormFields(entity).flatMap(([name, field]) => (field.default === undefined ? [] : [[name, field.default]])));
  return (
    <ResourceForm submit={submit} toolbar={toolbar} defaultValues={mode === 'create' ? defaults : undefined}>
      <DeclaredInputs entity={entity} mode={mode} />
      {children}
    </ResourceForm>
  );
}

export const DeclaredCreate = ({ entity, children }: { entity: EntityDeclaration; children?: ReactNode }) => (
  <ResourceCreate title={textsOf(entity).createTitle} transform={toPayload(entity)}>
    <DeclaredForm entity={entity} mode="create">
      {children}
    </DeclaredForm>
  </ResourceCreate>
);

export const DeclaredEdit = ({ entity, children }: { entity: EntityDeclaration; children?: ReactNode }) => {
  const texts = textsOf(entity);
  return (
    <ResourceEdit texts={editTexts(texts, texts.notFound)} transform={toPayload(entity)}>
      <DeclaredForm entity={entity} mode="update">
        {children}
      </DeclaredForm>
    </ResourceEdit>
  );
};
