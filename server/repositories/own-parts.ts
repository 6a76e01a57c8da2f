/**
 * What an entity's own code adds to each of its records, by the name its declaration gives
 * (`ownParts`): columns selected with the record from its table, read into the record; and the
 * stored files a delete lets go of besides the record's images, read in the delete's transaction
 * before it deletes. repositories/declared.ts reads it with every query.
 */
import { sql, type AliasedExpression } from 'kysely';
import type { OwnPartsName } from '../../src/domain/entity';
import type { Db } from '../db/connection';
import { noticeOf, readNotice } from './notices';
import { deliveryOf, readDelivery } from './sends';

type Row = Record<string, unknown>;

export interface OwnParts {
  select: (table: string) => readonly AliasedExpression<unknown, string>[];
  read: (row: Row) => Row;
  files?: (trx: Db, id: string) => Promise<string[]>;
}

export const OWN_PARTS: Record<OwnPartsName, OwnParts> = {
  // A registration's players, in the order the mobile app sent them (a delete takes them along, on
  // delete cascade, and their photos); the fan who sent it from the app (none for the demo's and a
  // deleted fan's, whose registrations are anonymised); and the notice telling that fan the decision.
  registrationParts: {
    select: (table) => [
      sql<unknown[]>`(select coalesce(json_agg(json_build_object(
          '_id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'dob', p.dob::text, 'playingRole', p.playing_role,
          'battingStyle', p.batting_style, 'bowlingStyle', p.bowling_style, 'photo', p.photo
        ) order by p.position), '[]'::json) from registration_players p where p.registration_id = ${sql.ref(`${table}.id`)})`.as('players'),
      sql<unknown>`(select json_build_object('_id', u.id, 'name', u.name) from app_users u where u.id = ${sql.ref(`${table}.user_id`)})`.as('submittedBy'),
      noticeOf(table).as('notice'),
    ],
    read: (row) => ({ players: row.players ?? [], submittedBy: row.submittedBy ?? null, notice: readNotice(row.notice as never) }),
    files: async (trx, id) => {
      const players = await trx.selectFrom('registration_players').select('photo').where('registration_id', '=', id).execute();
      return players.flatMap((player) => player.photo ?? []);
    },
  },
  notificationDelivery: {
    select: (table) => [deliveryOf(table).as('delivery')],
    read: (row) => ({ delivery: readDelivery(row.delivery as never) }),
  },
};

/** The entity's own parts, if its declaration names any. */
export const ownPartsOf = (entity: { ownParts?: OwnPartsName }): OwnParts | undefined => entity.ownParts && OWN_PARTS[entity.ownParts];
