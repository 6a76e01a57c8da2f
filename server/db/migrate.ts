import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001_initial';
import * as passwordChangedAt from './migrations/0002_admin_password_changed_at';
import * as newsDescriptionText from './migrations/0003_news_description_text';
import * as slidePosition from './migrations/0004_slide_position';
import * as updatedAt from './migrations/0005_updated_at';
import * as listCounts from './migrations/0006_list_counts';
import * as userEmailSearch from './migrations/0007_user_email_search';
import * as adminChanges from './migrations/0010_admin_changes';

/** Migrations are listed here rather than read from disk, so they run the same under tsx, tests and bundlers. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_admin_password_changed_at': passwordChangedAt,
  '0003_news_description_text': newsDescriptionText,
  '0004_slide_position': slidePosition,
  '0005_updated_at': updatedAt,
  '0006_list_counts': listCounts,
  '0007_user_email_search': userEmailSearch,
  '0010_admin_changes': adminChanges,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
