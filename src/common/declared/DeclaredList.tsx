/**
 * A declared entity's list on the shared list frame, all read from its declaration: the title and
 * texts (`textsOf`), the stat cards (`list.stats`), search, a filter per `list.filters` field
 * (labelled by its `filterLabel`, else its label), the columns (`list.columns`, else every short
 * field), the sortable ones (`list.sort`), table or cards, tabs splitting it at the present moment
 * (`list.split`) with their counts, the range's from and to filters (`list.range`), and View, Edit and
 * Delete as its operations allow. A `publishing` entity also gets its state column and the state and overdue filters.
 *
 * Slots, for what is the entity's own (pass only what differs):
 * - `values`: its own rendering of a field's value, in the cell and on the standard card
 *   (`{ tags: <TagChips /> }`; see DeclaredValue.tsx); the title's, its whole cell (a video's thumbnail,
 *   title and category), under the title field's `columnLabel` if it has one;
 * - `card`: its own card content for the grid and the phone (`<NewsCard />`);
 * - `columns`: its own columns (react-admin fields with a key and a label), after the declared ones;
 * - `filters`: its own filter inputs, after the declared ones;
 * - `stats`: its own row of figures in place of the declared stat cards;
 * - `deleteConfirm`: the delete question of a row or a card, where it names the record;
 * - `filterInputs`: its own filter input in place of a declared filter's, by field name (null: none,
 *   e.g. registrations' status, which its tabs filter); `tabs` and `bulkActionButtons`, as on ResourceList;
 * - `actions`: its own buttons for a row and a card in place of View, Edit and Delete;
 * - `emptyTexts`: the empty state's texts where the entity's own differ (no hint).
 *
 * `<DeclaredList entity={news} values={NEWS_VALUES} card={<NewsCard />} />`
 */
import { CardContent, Stack, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { DateInput, FunctionField, ReferenceInput, SelectInput, useRecordContext, type RaRecord } from 'react-admin';
import { ACTIONS, can, entityNamed, PUBLISHING_TEXTS, rangeLabelsOf, sortFieldsOf, splitTabsOf, textsOf, toChoices, type EntityDeclaration } from '../../domain';
import { activeFilter } from '../activeFilter';
import { ListTabs, useTabCounts } from '../ListTabs';
import { Fact } from '../Fact';
import { formatDate } from '../format';
import { lineClamp } from '../lineClamp';
import { PublishingState, publishingFilters, type PublishingRecord } from '../publishing';
import { RecordActions } from '../RecordActions';
import { ResourceList, type EmptyTexts, type ResourceListProps } from '../ResourceList';
import { ResourceStats } from '../ResourceStats';
import { listTexts } from '../screenTexts';
import { Thumbnail } from '../Thumbnail';
import { declaredDeleteProps } from './deleteProps';
import { ValueOf, YES_NO, type OwnValues } from './DeclaredValue';

/** Fields a row or a card shows besides the title: short values only. */
const SHOWN = new Set(['text', 'url', 'email', 'number', 'date', 'boolean', 'choice', 'ref']);

/** Long text in a cell: its first two lines, so rows keep their height. */
const LONG = new Set(['longtext', 'richtext']);

/**
 * `list.columns`, where given, is the whole table: the title's column only where it is named, and
 * each image named its own column (a player's picture before the name; a match is its teams, no title).
 * Unless given: the title with the first image beside it, then every short field.
 */
const firstImage = (entity: EntityDeclaration) => (entity.list.columns ? undefined : Object.keys(entity.fields).find((name) => entity.fields[name].kind === 'image'));

/** The columns besides the title, in order: `createdAt` is Created where the declaration places it. */
const shownColumns = (entity: EntityDeclaration): string[] =>
  entity.list.columns?.filter((name) => name !== entity.title) ?? Object.keys(entity.fields).filter((name) => name !== entity.title && SHOWN.has(entity.fields[name].kind));

/** The fields shown after the title, in a row and on the standard card (Created follows them on the card). */
const shownFields = (entity: EntityDeclaration) => shownColumns(entity).filter((name) => name !== 'createdAt');

function filterInput(entity: EntityDeclaration, name: string): ReactElement<{ source: string }> {
  const field = entity.fields[name];
  if (name === 'isActive') return activeFilter(field.filterLabel ?? field.label);
  if (field.kind === 'ref') {
    const target = field.to ? entityNamed(field.to) : undefined;
    return (
      <ReferenceInput key={name} source={name} reference={field.to ?? ''} sort={{ field: target?.title ?? 'name', order: 'ASC' }}>
        <SelectInput label={field.filterLabel ?? field.label} optionText={target?.title ?? 'name'} emptyText={ACTIONS.clearFilter} />
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
  return <SelectInput key={name} source={name} label={field.filterLabel ?? field.label} choices={choices} emptyText={ACTIONS.clearFilter} />;
}

/**
 * A range's day as an instant of the admin's own day: 'from' its start, 'to' its end, so a record
 * at 23:30 local time is inside the range that ends that day.
 */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);

function rangeFilters(entity: EntityDeclaration) {
  const labels = rangeLabelsOf(entity);
  if (!labels) return [];
  return [<DateInput key="from" source="from" label={labels.from} parse={dayStart} />, <DateInput key="to" source="to" label={labels.to} parse={dayEnd} />];
}

/** The split's tabs, each with its count over what the search and filters select. */
function SplitTabs({ entity }: { entity: EntityDeclaration }) {
  const split = splitTabsOf(entity)!;
  const counts = useTabCounts(split.source);
  return <ListTabs source={split.source} label={split.label} tabs={split.tabs.map((tab) => ({ ...tab, count: counts?.[tab.value ?? 'total'] }))} />;
}

/** The title, beside the first image when the entity has one. */
function TitleCell({ entity, heading = false }: { entity: EntityDeclaration; heading?: boolean }) {
  const record = useRecordContext();
  const image = firstImage(entity);
  const title = String(record?.[entity.title] ?? '');
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      {image && <Thumbnail src={record?.[image] as string | null} alt={title} width={heading ? 72 : 48} ratio="1 / 1" />}
      <Typography variant={heading ? 'subtitle1' : 'body2'} component={heading ? 'h2' : 'span'} sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
        {title}
      </Typography>
    </Stack>
  );
}

function DeclaredCard({ entity, values }: { entity: EntityDeclaration; values?: OwnValues }) {
  const record = useRecordContext();
  return (
    <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <TitleCell entity={entity} heading />
      {entity.publishing && <PublishingState record={record as PublishingRecord} />}
      {shownFields(entity).map((name) => (
        <Fact key={name} label={entity.fields[name].label}>
          <ValueOf entity={entity} name={name} values={values} />
        </Fact>
      ))}
      <Fact label={textsOf(entity).columnCreated}>{formatDate(record?.createdAt as string)}</Fact>
    </CardContent>
  );
}

/** A cell: the entity's own value, else the standard one (long text clamped to two lines). */
function Cell({ entity, name, values }: { entity: EntityDeclaration; name: string; values?: OwnValues }) {
  if (values?.[name] !== undefined || !LONG.has(entity.fields[name].kind)) return <ValueOf entity={entity} name={name} values={values} />;
  return (
    <Typography variant="body2" color="text.secondary" component="div" sx={{ ...lineClamp(2), maxWidth: 420 }}>
      <ValueOf entity={entity} name={name} />
    </Typography>
  );
}

export type DeclaredListProps = {
  entity: EntityDeclaration;
  values?: OwnValues;
  card?: ReactNode;
  columns?: ReactElement[];
  filters?: ReactElement<{ source: string }>[];
  stats?: ReactNode;
  deleteConfirm?: (record: RaRecord) => string;
  filterInputs?: Partial<Record<string, ReactElement<{ source: string }> | null>>;
  actions?: ReactNode;
  emptyTexts?: Partial<EmptyTexts>;
} & Pick<ResourceListProps, 'tabs' | 'bulkActionButtons'>;

export function DeclaredList({ entity, values, card, columns, filters, stats, deleteConfirm, filterInputs, actions, emptyTexts, ...frame }: DeclaredListProps) {
  const texts = textsOf(entity);
  const sortable = new Set(sortFieldsOf(entity));
  const title = entity.fields[entity.title];
  const created = <FunctionField key="createdAt" label={texts.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />;
  const placed = shownColumns(entity).includes('createdAt');
  const declared = shownColumns(entity).map((name) =>
    name === 'createdAt' ? (
      created
    ) : (
      <FunctionField key={name} label={entity.fields[name].columnLabel ?? entity.fields[name].label} sortBy={sortable.has(name) ? name : undefined} sortable={sortable.has(name)} render={() => <Cell entity={entity} name={name} values={values} />} />
    ),
  );
  const titleAt = entity.list.columns ? entity.list.columns.indexOf(entity.title) : 0;
  const titleColumn = (
    <FunctionField
      key={entity.title}
      label={title.columnLabel ?? title.label}
      sortBy={sortable.has(entity.title) ? entity.title : undefined}
      sortable={sortable.has(entity.title)}
      render={() => values?.[entity.title] ?? <TitleCell entity={entity} />}
    />
  );
  const standardColumns = [
    ...(titleAt < 0 ? declared : [...declared.slice(0, titleAt), titleColumn, ...declared.slice(titleAt)]),
    ...(columns ?? []),
    ...(entity.publishing ? [<FunctionField key="status" label={PUBLISHING_TEXTS.status} sortable={false} render={(record) => <PublishingState record={record} />} />] : []),
    ...(placed ? [] : [created]),
  ];
  const figures = entity.list.stats && [
    { key: 'total', label: texts.statTotal },
    ...Object.entries(entity.list.stats.figures ?? {}).flatMap(([key, { label }]) => (label ? [{ key, label }] : [])),
  ];
  return (
    <ResourceList
      texts={{ ...listTexts(texts), addNew: can(entity, 'create') ? texts.addNew : undefined }}
      emptyTexts={{
        // With a button to add the first one, no hint to search otherwise.
        empty: { title: texts.emptyTitle, hint: texts.emptyAction ? undefined : texts.emptyHint, action: texts.emptyAction },
        searching: { title: texts.emptySearchTitle, hint: texts.emptyHint },
        ...emptyTexts,
      }}
      stats={stats ?? (figures && <ResourceStats figures={figures} />)}
      filters={[
        ...(entity.list.filters ?? []).flatMap((name) => (filterInputs?.[name] === null ? [] : [filterInputs?.[name] ?? filterInput(entity, name)])),
        ...rangeFilters(entity),
        ...(filters ?? []),
        ...(entity.publishing ? publishingFilters() : []),
      ]}
      sortFields={sortFieldsOf(entity)}
      columns={standardColumns}
      card={card ?? <DeclaredCard entity={entity} values={values} />}
      actions={actions ?? <RecordActions show={can(entity, 'show')} edit={can(entity, 'update')} delete={can(entity, 'delete') ? { ...declaredDeleteProps(entity), ...(deleteConfirm && { confirmContent: deleteConfirm }) } : undefined} />}
      rowClick={can(entity, 'show') ? 'show' : false}
      tabs={entity.list.split ? <SplitTabs entity={entity} /> : undefined}
      {...frame}
    />
  );
}
