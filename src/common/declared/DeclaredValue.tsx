/**
 * A declared field's value as the screens show it: text, a link, a date, yes or no (`isActive`: an
 * Active or Inactive badge, and its list filter says so too), an image, the named record or lookup entry.
 *
 * Slot: `values` (OwnValues), an entity's own rendering of a field's value, by field name, e.g.
 * `{ tags: <TagChips /> }`. Each is an element that reads the record from the record context; the
 * list's cells, the cards' and the detail page's facts all take it in place of the standard value,
 * so an entity states it once (src/resources/news/NewsParts.tsx).
 */
import { Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ReferenceField, TextField, useRecordContext } from 'react-admin';
import { entityNamed, GENERIC, htmlText, lookupOf, type EntityDeclaration } from '../../domain';
import { ActiveBadge } from '../ActiveBadge';
import { formatDate, formatDateTime } from '../format';
import { ImagePreview } from '../media';

export const YES_NO = { yes: 'Yes', no: 'No' } as const;

/** An entity's own value elements, by field name (see above). */
export type OwnValues = Partial<Record<string, ReactNode>>;

/** A field's own value where the entity gives one, else the standard one. */
export const ValueOf = ({ values, ...standard }: { entity: EntityDeclaration; name: string; values?: OwnValues; empty?: string }) =>
  values?.[standard.name] !== undefined ? <>{values[standard.name]}</> : <DeclaredValue {...standard} />;

/** `empty`: what a value not set reads, else 'N/A'. */
export function DeclaredValue({ entity, name, empty = GENERIC.notAvailable }: { entity: EntityDeclaration; name: string; empty?: string }) {
  const record = useRecordContext();
  const field = entity.fields[name];
  const stored = record?.[name] as string | number | boolean | readonly string[] | null | undefined;
  // `isActive` is a record's status wherever it is declared: an Active or Inactive badge.
  if (field.kind === 'boolean') return name === 'isActive' ? <ActiveBadge active={Boolean(stored)} /> : <>{stored ? YES_NO.yes : YES_NO.no}</>;
  // A list reads as its values, one after another; an empty one as none.
  const value = Array.isArray(stored) ? stored.join(', ') : (stored as string | number | null | undefined);
  if (value === null || value === undefined || value === '') return <Typography component="span" color="text.secondary">{empty}</Typography>;
  switch (field.kind) {
    case 'url':
      return (
        <Link href={String(value)} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
          {String(value)}
        </Link>
      );
    case 'email':
      return <Link href={`mailto:${String(value)}`}>{String(value)}</Link>;
    case 'date':
      return <>{formatDate(String(value))}</>;
    case 'datetime':
      return <>{formatDateTime(String(value))}</>;
    case 'richtext':
      return <>{htmlText(String(value))}</>;
    case 'image':
      return <ImagePreview src={String(value)} alt={field.label} height={120} />;
    case 'ref': {
      // A lookup arrives populated: its entry by the field its list is read in order of.
      const lookup = lookupOf(field);
      if (lookup) return <Box>{String((stored as unknown as Record<string, unknown>)[lookup.orderBy] ?? empty)}</Box>;
      const target = field.to ? entityNamed(field.to) : undefined;
      return (
        <ReferenceField source={name} reference={field.to ?? ''} link="show">
          <TextField source={target?.title ?? 'name'} />
        </ReferenceField>
      );
    }
    default:
      return <Box>{String(value)}</Box>;
  }
}

const Box = ({ children }: { children: string }) => (
  <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
    {children}
  </Typography>
);
