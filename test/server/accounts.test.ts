import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin, resetAdminPassword } from '../../server/auth/accounts';
import { MIN_ADMIN_PASSWORD_LENGTH as MIN_ADMIN_PASSWORD } from '../../src/domain/limits';
import { verifyPassword } from '../../server/auth/passwords';
import { lockDataDir } from '../../server/data-lock';
import type { OpenDatabase } from '../../server/db/connection';
import { findAdminByEmail } from '../../server/repositories/admins';
import { freshDatabase } from './harness';

/** An empty database for the describe block that calls it: the first admin needs one of its own. */
function emptyDatabasePerBlock() {
  const holder = {} as OpenDatabase;
  beforeAll(async () => Object.assign(holder, await freshDatabase()));
  afterAll(() => holder.close());
  return holder;
}

describe('the first admin', () => {
  const open = emptyDatabasePerBlock();

  it('is created once, with a generated password when none is configured', async () => {
    const first = await ensureAdmin(open.db, {});
    expect(first.admin.email).toBe('admin@crease.local');
    expect(first.created).toMatchObject({ generated: true });
    expect(first.created!.password.length).toBeGreaterThanOrEqual(MIN_ADMIN_PASSWORD);
    const stored = await findAdminByEmail(open.db, 'admin@crease.local');
    expect(await verifyPassword(first.created!.password, stored!.password_hash)).toBe(true);

    const again = await ensureAdmin(open.db, { email: 'other@crease.local', password: 'another-password' });
    expect(again).toEqual({ admin: expect.objectContaining({ id: first.admin.id }) });
    expect(await findAdminByEmail(open.db, 'other@crease.local')).toBeUndefined();
  });
});

describe('the first admin from the environment', () => {
  const open = emptyDatabasePerBlock();

  it('takes ADMIN_EMAIL and ADMIN_PASSWORD, and the password can be reset', async () => {
    const { admin, created } = await ensureAdmin(open.db, { email: 'boss@league.test', password: 'from-the-env' });
    expect(admin.email).toBe('boss@league.test');
    expect(created).toEqual({ password: 'from-the-env', generated: false });

    await resetAdminPassword(open.db, 'BOSS@league.test', 'a-new-password');
    const stored = await findAdminByEmail(open.db, 'boss@league.test');
    expect(await verifyPassword('a-new-password', stored!.password_hash)).toBe(true);
    expect(await verifyPassword('from-the-env', stored!.password_hash)).toBe(false);
  });

  it('refuses a short password and an unknown e-mail, changing nothing', async () => {
    const before = (await findAdminByEmail(open.db, 'boss@league.test'))!.password_hash;
    await expect(resetAdminPassword(open.db, 'boss@league.test', 'short')).rejects.toThrow(
      `The password must be at least ${MIN_ADMIN_PASSWORD} characters.`,
    );
    await expect(resetAdminPassword(open.db, 'nobody@league.test', 'long-enough-password')).rejects.toThrow(
      'No admin has the e-mail nobody@league.test.',
    );
    expect((await findAdminByEmail(open.db, 'boss@league.test'))!.password_hash).toBe(before);
  });
});

describe('the data folder lock', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'crease-lock-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses a second process on the same folder with a clear message, and frees it on release', async () => {
    const release = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `Another Crease process (a running server?) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    await release();
    const again = await lockDataDir(dataDir);
    await again();
  });
});
