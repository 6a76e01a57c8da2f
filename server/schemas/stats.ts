/**
 * `GET /admin/<resource>/stats`: the figures an entity declares (`list.stats`), each a whole number
 * computed by the database, with its meaning. Every resource answers `data: Record<figure, number>`,
 * so the admin app reads them all the same way (`dataProvider.getStats(resource)`). Stats counted
 * over what the list selects take the list's search and filters, less its paging, order and the tabs
 * the figures count by.
 */
import { Type, type TInteger } from 'typebox';
import { statTabsOf, type EntityDeclaration } from '../../src/domain/entity';
import { listQuerySchema } from './declared';

export function statsSchema(entity: EntityDeclaration) {
  const { total, figures = {} } = entity.list.stats!;
  const figure = (description: string): TInteger => Type.Integer({ minimum: 0, description });
  return Type.Object({ total: figure(total), ...Object.fromEntries(Object.entries(figures).map(([name, { about }]) => [name, figure(about)])) });
}

/** The query of listed stats; none for stats over every record. */
export function statsQuerySchema(entity: EntityDeclaration) {
  if (!entity.list.stats?.listed) return undefined;
  const left = new Set(['page', 'limit', 'sort', 'order', ...statTabsOf(entity)]);
  return Type.Object(Object.fromEntries(Object.entries(listQuerySchema(entity).properties).filter(([name]) => !left.has(name))));
}

/** The route's summary: what it counts, over what. */
export function statsSummary(entity: EntityDeclaration) {
  const { listed, figures = {} } = entity.list.stats!;
  const names = Object.keys(figures);
  const many = entity.label.many.toLowerCase();
  if (listed) return `Counts for the list tabs (${['all', ...names].join(', ')}) over the ${many} the search and filters select`;
  return `Stat figures over all ${many}: ${['total', ...names].join(', ')}`;
}
