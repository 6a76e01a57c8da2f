/**
 * A declared entity's create and edit pages, all read from its declaration: the texts (`textsOf`),
 * the standard input for each field the admin form offers (`adminFormFields`), checked by the
 * declared rules (the messages the server answers), its defaults, saved through the shared form
 * flow (a stale edit shows the conflict notice) sending only the form's fields. A `publishing`
 * entity also gets Save as draft and Schedule beside the submit button, and on edit its state.
 *
 * Slots, for what is the entity's own (pass only what differs):
 * - `inputs`: its own input in place of a field's standard one, by field name (null: none), e.g.
 *   the match's two teams; or a function of the standard one and the field's declared checks, to
 *   change a prop (`{ image: (input) => cloneElement(input, { showCurrent: false }) }`);
 * - `aside`: a column beside the inputs, `at` the start or the end (default), `width` of 12 at
 *   md (default 4), holding the image inputs (`content: 'images'`) or its own part (a preview);
 * - `children`: its own inputs after the standard ones;
 * - `errorBox`: the failure also in a box above the form;
 * - `widths`: inputs side by side, each this many of 12 columns from sm up (others a whole row);
 * - `submit`: its own save flow where it differs (a create that stays on its page, a toast button);
 * - `payload`: what it sends beyond the fields, from the values (the match's time of day).
 *
 * `<DeclaredCreate entity={news} aside={{ content: 'images' }} errorBox />`
 */
import { Card, CardContent, Grid } from '@mui/material';
import { Fragment, type ReactElement, type ReactNode } from 'react';
import { DateInput, DateTimeInput, NumberInput, ReferenceInput, SelectArrayInput, SelectInput, TextInput, type Validator } from 'react-admin';
import { adminFormFields, entityNamed, failureTextOf, formLabelOf, imageFields, IMAGE_HINT, keepImageHint, rulesOf, textsOf, toChoices, type EntityDeclaration } from '../../domain';
import { CheckboxInput } from '../CheckboxInput';
import { ImageUpload } from '../ImageUpload';
import { REMOVED_IMAGES } from '../imagePayload';
import { PublishingFormButtons, PublishingFormState, publishingSuccess, withPublishing } from '../publishing';
import { ResourceCreate, ResourceEdit } from '../ResourceCreateEdit';
import { ResourceForm, type FormSubmitOptions } from '../ResourceForm';
import { RichTextInput } from '../RichTextInput';
import { editTexts } from '../screenTexts';
import { validators } from '../validation';

type Mode = 'create' | 'update';

/** A field's standard input. */
function useStandardInput(entity: EntityDeclaration, mode: Mode) {
  const rules = rulesOf(entity, mode);
  const validate = validators(rules);
  const input = (name: string) => {
    const field = entity.fields[name];
    const common = { source: name, label: formLabelOf(field), validate: validate[name] };
    switch (field.kind) {
      case 'longtext':
        return <TextInput key={name} {...common} multiline minRows={2} fullWidth />;
      case 'richtext':
        return <RichTextInput key={name} {...common} fullWidth />;
      case 'number':
        return <NumberInput key={name} {...common} min={field.min} step={1} />;
      case 'date':
        return <DateInput key={name} {...common} />;
      case 'datetime':
        return <DateTimeInput key={name} {...common} fullWidth />;
      case 'boolean':
        return <CheckboxInput key={name} source={name} label={formLabelOf(field)} />;
      case 'choice':
        if (field.many) return <SelectArrayInput key={name} {...common} choices={toChoices(field.choices ?? [])} fullWidth />;
        return <SelectInput key={name} {...common} choices={toChoices(field.choices ?? [])} emptyText={field.required ? undefined : '—'} fullWidth />;
      case 'image':
        return (
          <ImageUpload
            key={name}
            source={name}
            label={formLabelOf(field)}
            hint={mode === 'update' ? keepImageHint(field) : IMAGE_HINT}
            rule={rules[name]}
            removable={mode === 'update' && !field.required}
          />
        );
      case 'ref': {
        const target = field.to ? entityNamed(field.to) : undefined;
        return (
          <ReferenceInput key={name} source={name} reference={field.to ?? ''} sort={{ field: target?.title ?? 'name', order: 'ASC' }}>
            <SelectInput label={formLabelOf(field)} optionText={target?.title ?? 'name'} validate={validate[name]} />
          </ReferenceInput>
        );
      }
      default:
        return <TextInput key={name} {...common} type={field.kind === 'url' ? 'url' : field.kind === 'email' ? 'email' : 'text'} fullWidth />;
    }
  };
  return { input, validate };
}

/** A date and time as its input holds it once picked ('2026-11-22T19:30', the admin's own time). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

type Values = Record<string, unknown>;

/**
 * Only the form's fields and the images removed (the data provider adds the version an edit was made
 * on); a cleared input sends an empty value, which the server reads as none; a list always as a list;
 * a picked date and time as the instant it names (an untouched one as it came).
 */
const toPayload = (entity: EntityDeclaration, own?: DeclaredFormProps['payload']) => {
  const transform = (values: Values) => {
    const payload: Values = {};
    if (values[REMOVED_IMAGES] !== undefined) payload[REMOVED_IMAGES] = values[REMOVED_IMAGES];
    for (const [name, field] of adminFormFields(entity)) {
      const value = values[name];
      if (field.kind === 'boolean') payload[name] = Boolean(value);
      else if (field.many) payload[name] = Array.isArray(value) ? value : value ? [value] : [];
      else if (field.kind === 'image') {
        if (value !== undefined) payload[name] = value;
      } else if (field.kind === 'datetime' && typeof value === 'string' && LOCAL_DATE_TIME.test(value)) payload[name] = new Date(value).toISOString();
      else if (value !== undefined) payload[name] = value === null ? '' : value;
    }
    return own ? { ...payload, ...own(values) } : payload;
  };
  return entity.publishing ? withPublishing(transform) : transform;
};

/** `card`: the column's inputs in an outlined card of their own; `phoneLast`: under the inputs on a phone, wherever it is from md up. */
export type FormAside = { content: ReactNode | 'images'; at?: 'start' | 'end'; width?: number; card?: boolean; phoneLast?: boolean };

export type DeclaredFormProps = {
  entity: EntityDeclaration;
  inputs?: Partial<Record<string, ReactNode | ((standard: ReactElement<Record<string, unknown>>, validate: Validator) => ReactNode)>>;
  aside?: FormAside;
  errorBox?: boolean;
  widths?: Partial<Record<string, number>>;
  submit?: Partial<FormSubmitOptions>;
  payload?: (values: Values) => Values;
  children?: ReactNode;
};

function DeclaredForm({ entity, mode, inputs = {}, aside, errorBox, widths, submit: own, children }: DeclaredFormProps & { mode: Mode }) {
  const texts = textsOf(entity);
  const images = imageFields(entity);
  const { input: standard, validate } = useStandardInput(entity, mode);
  const names = adminFormFields(entity).map(([name]) => name);
  const inputOf = (name: string) => {
    const own = inputs[name];
    // Keyed here, so an entity's own input needs no key of its own.
    return <Fragment key={name}>{typeof own === 'function' ? own(standard(name), validate[name]) : name in inputs ? own : standard(name)}</Fragment>;
  };
  const asideImages = aside?.content === 'images';
  const inMain = names.filter((name) => !(asideImages && images.includes(name)));
  const main = widths ? (
    <Grid container columnSpacing={2}>
      {inMain.map((name) => (
        <Grid key={name} size={{ xs: 12, sm: widths[name] ?? 12 }}>
          {inputOf(name)}
        </Grid>
      ))}
    </Grid>
  ) : (
    inMain.map(inputOf)
  );
  const success = mode === 'create' ? texts.createSuccess : texts.editSuccess;
  const submit = {
    success: entity.publishing ? publishingSuccess(success) : success,
    failure: failureTextOf(entity, mode),
    fileField: images[0],
    images,
    ...own,
  };
  const toolbar = mode === 'create' ? { submitLabel: texts.createSubmit, busyLabel: texts.createBusy } : { submitLabel: texts.editSubmit, busyLabel: texts.editBusy };
  const extra = entity.publishing && mode === 'create' ? <PublishingFormButtons mode="create" /> : undefined;
  const defaults = Object.fromEntries(
    adminFormFields(entity).flatMap(([name, field]): [string, unknown][] => (field.default !== undefined ? [[name, field.default]] : field.many ? [[name, []]] : [])),
  );
  const width = aside?.width ?? 4;
  const sideContent = asideImages ? images.map(inputOf) : aside?.content;
  const side = aside && (
    <Grid key="aside" size={{ xs: 12, md: width }} sx={aside.phoneLast ? { order: { xs: 2, md: 0 } } : undefined}>
      {aside.card ? (
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 2 }}>{sideContent}</CardContent>
        </Card>
      ) : (
        sideContent
      )}
    </Grid>
  );
  return (
    <ResourceForm
      submit={submit}
      toolbar={{ ...toolbar, extra }}
      errorBox={errorBox}
      defaultValues={mode === 'create' ? defaults : undefined}
      // A reference the record holds populated is edited by its id.
      references={adminFormFields(entity).flatMap(([name, field]) => (field.kind === 'ref' ? [name] : []))}
    >
      {entity.publishing && mode === 'update' && <PublishingFormState />}
      {aside ? (
        <Grid container spacing={3} sx={{ width: '100%' }}>
          {aside.at === 'start' && side}
          <Grid size={{ xs: 12, md: 12 - width }}>
            {main}
            {children}
          </Grid>
          {aside.at !== 'start' && side}
        </Grid>
      ) : (
        <>
          {main}
          {children}
        </>
      )}
    </ResourceForm>
  );
}

export const DeclaredCreate = (props: DeclaredFormProps) => (
  <ResourceCreate title={textsOf(props.entity).createTitle} transform={toPayload(props.entity, props.payload)}>
    <DeclaredForm {...props} mode="create" />
  </ResourceCreate>
);

export const DeclaredEdit = (props: DeclaredFormProps) => {
  const texts = textsOf(props.entity);
  return (
    <ResourceEdit texts={editTexts(texts, texts.notFound)} transform={toPayload(props.entity, props.payload)}>
      <DeclaredForm {...props} mode="update" />
    </ResourceEdit>
  );
};
