/**
 * `GET /admin/<resource>/stats`: the figures on a list screen's stat cards, each a whole number
 * computed by the database over all of the resource's records (whatever the list's search, filters
 * or page). Every resource answers `data: Record<figure, number>`, so the admin app reads them all the
 * same way (`dataProvider.getStats(resource)`). A resource declares its figures with their meaning:
 *
 *   export const TeamStats = Stats({ total: 'All teams', active: 'Active teams', withCoach: 'Teams with a coach' });
 */
import { Type, type TInteger, type TObject } from 'typebox';

export const Stats = <K extends string>(figures: Record<K, string>): TObject<Record<K, TInteger>> =>
  Type.Object(
    Object.fromEntries(
      Object.entries<string>(figures).map(([name, description]) => [name, Type.Integer({ minimum: 0, description })]),
    ) as Record<K, TInteger>,
  );
