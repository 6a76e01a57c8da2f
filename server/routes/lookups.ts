import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import { GENERIC } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import {
  BATTING_HEADEDNESS,
  BATTING_ORDERS,
  BOWLING_STYLES,
  listLookup,
  SPORTS,
  STADIUMS,
  type Lookup,
} from '../repositories/lookups';
import { ok, responses } from '../schemas/envelope';
import { BattingHeadedness, BattingOrder, BowlingStyle, Sport, Stadium } from '../schemas/lookups';

/** The dropdowns' reference lists: `data` is the plain list of records (small, so never paged). */
const lookupRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const lookupRoute = <T extends TSchema>(path: string, summary: string, record: T, lookup: Lookup<Static<T>>) =>
    app.get(
      path,
      { schema: { tags: ['lookups'], summary, response: responses(Type.Array(record)) } },
      async () => ok(await listLookup(db, lookup), GENERIC.fetched),
    );

  lookupRoute('/sport', 'Sports, by name', Sport, SPORTS);
  lookupRoute('/stadium', 'Stadiums, by name', Stadium, STADIUMS);
  lookupRoute('/bowling-style', 'Bowling styles, by name', BowlingStyle, BOWLING_STYLES);
  lookupRoute('/batting-headedness', 'Batting headedness, by type', BattingHeadedness, BATTING_HEADEDNESS);
  lookupRoute('/batting-order', 'Batting orders, in batting order', BattingOrder, BATTING_ORDERS);
};

export default lookupRoutes;
