import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import { LOOKUPS, type LookupDeclaration } from '../../../src/domain/lookups';
import { listLookup } from '../../repositories/lookups';
import { ok, responses } from '../../schemas/envelope';
import { BattingHeadedness, BattingOrder, BowlingStyle, Sport, Stadium } from '../../schemas/lookups';
import { reads } from '../../auth/route-access';

/** The dropdowns' reference lists: `data` is the plain list of records (small, so never paged). */
const lookupRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // Takes any lookup's record schema, so its rows are unknown here: the response schema writes them.
  const lookupRoute = (path: string, summary: string, record: TSchema, lookup: LookupDeclaration) =>
    app.get(
      path,
      { config: reads('lookups'), schema: { tags: ['lookups'], summary, response: responses(Type.Array(record)) } },
      async () => ok(await listLookup<unknown>(db, lookup), GENERIC.fetched),
    );

  lookupRoute('/sport', 'Sports, by name', Sport, LOOKUPS.sport);
  lookupRoute('/stadium', 'Stadiums, by name', Stadium, LOOKUPS.stadium);
  lookupRoute('/bowling-style', 'Bowling styles, by name', BowlingStyle, LOOKUPS['bowling-style']);
  lookupRoute('/batting-headedness', 'Batting headedness, by type', BattingHeadedness, LOOKUPS['batting-headedness']);
  lookupRoute('/batting-order', 'Batting orders, in batting order', BattingOrder, LOOKUPS['batting-order']);
};

export default lookupRoutes;
