/**
 * A declared entity's list on the shared list frame: search, a filter per declared filter field,
 * sortable columns, table or cards, and View, Edit and Delete as its operations allow. A resource
 * folder passes its own `columns`, `card` or `filters` where the standard ones do not fit.
 */
import { CardContent, Stack, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { FunctionField, ReferenceInput, SelectInput, useRecordContext } from 'react-admin';
import { ACTIONS, can, entityNamed, sortFieldsOf, textsOf, toChoices, type EntityDeclaration } from '../../domain';
import { Fact } from '../Fact';
import { formatDate } from '../format';
import { RecordActions } from '../RecordActions';
import { ResourceList } from '../ResourceList';
import { listTexts } from '../screenTexts';
import { Thumbnail } from '../Thumbnail';
import { declaredDeleteProps } from './deleteProps';
import { DeclaredValue, YES_NO } from './DeclaredValue';

/** Fields a row or a card shows besides the title: short values only. */
const SHOWN = new Set(['text', 'url', 'email', 'number', 'date', 'boolean', 'choice', 'ref']);

const firstImage = (entity: EntityDeclaration) => Object.keys(entity.fields).find((name) => entity.fields[name].kind === 'image');

function filterInput(entity: EntityDeclaration, name: string): ReactElement<{ source: string }> {
  const field = entity.fields[name];
  if (field.kind === 'ref') {
    const target = field.to ? entityNamed(field.to) : undefined;
    return (
      <ReferenceInput key={name} source={name} reference={field.to ?? ''} sort={{ field: target?.title ?? 'name', order: 'ASC' }}>
        <SelectInput label={field.label} optionText={target?.title ?? 'name'} emptyText={ACTIONS.clearFilter} />
      </ReferenceInput>
    );
  }
  const choices =
    field.kind === 'boolean'
      ? [
          { id: 'true', name: YES_NO.yes },
          { id: 'false', name: YES_NO.no },
        ]
      : toChoices(field.choices ?? []);
  return <SelectInput key={name} source={name} label={field.label} choices={choices} emptyText={ACTIONS.clearFilter} />;
}

/** The title, beside the first image when the entity has one. */
function TitleCell({ entity, heading = false }: { entity: EntityDeclaration; heading?: boolean }) {
  const record = useRecordContext();
  const image = firstImage(entity);
  const title = String(record?.[entity.title] ?? '');
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      {image && <Thumbnail src={record?.[image] as string | null} alt={title} width={heading ? 72 : 48} ratio="1 / 1" />}
      <Typography variant={heading ? 'subtitle1' : 'body2'} component={heading ? 'h2' : 'span'} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
    </Stack>
  );
}

function DeclaredCard({ entity }: { entity: EntityDeclaration }) {
  const record = useRecordContext();
  const shown = Object.keys(entity.fields).filter((name) => name !== entity.title && SHOWN.has(entity.fields[name].kind));
  return (
    <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <TitleCell entity={entity} heading />
      {shown.map((name) => (
        <Fact key={name} label={entity.fields[name].label}>
          <DeclaredValue entity={entity} name={name} />
        </Fact>
      ))}
      <Fact label={textsOf(entity).columnCreated}>{formatDate(record?.createdAt as string)}</Fact>
    </CardContent>
  );
}

export type DeclaredListProps = {
  entity: EntityDeclaration;
  columns?: ReactElement[];
  card?: ReactNode;
  filters?: ReactElement<{ source: string }>[];
  stats?: ReactNode;
};

export function DeclaredList({ entity, columns, card, filters, stats }: DeclaredListProps) {
  const texts = textsOf(entity);
  const sortable = new Set(sortFieldsOf(entity));
  const standardColumns = [
    <FunctionField key={entity.title} label={entity.fields[entity.title].label} sortBy={sortable.has(entity.title) ? entity.title : undefined} sortable={sortable.has(entity.title)} render={() => <TitleCell entity={entity} />} />,
    ...Object.keys(entity.fields)
      .filter((name) => name !== entity.title && SHOWN.has(entity.fields[name].kind))
      .map((name) => (
        <FunctionField key={name} label={entity.fields[name].label} sortBy={sortable.has(name) ? name : undefined} sortable={sortable.has(name)} render={() => <DeclaredValue entity={entity} name={name} />} />
      )),
    <FunctionField key="createdAt" label={texts.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
  ];
  return (
    <ResourceList
      texts={{ ...listTexts(texts), addNew: can(entity, 'create') ? texts.addNew : undefined }}
      emptyTexts={{ empty: { title: texts.emptyTitle, hint: texts.emptyHint } }}
      stats={stats}
      filters={filters ?? (entity.list.filters ?? []).map((name) => filterInput(entity, name))}
      sortFields={sortFieldsOf(entity)}
      columns={columns ?? standardColumns}
      card={card ?? <DeclaredCard entity={entity} />}
      actions={<RecordActions show={can(entity, 'show')} edit={can(entity, 'update')} delete={can(entity, 'delete') ? declaredDeleteProps(entity) : undefined} />}
      rowClick={can(entity, 'show') ? 'show' : false}
    />
  );
}
