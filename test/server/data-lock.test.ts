import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../server/data-lock';

/** A pid that belonged to a process which has since exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the data folder lock', () => {
  let dataDir: string;
  let lockPath: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'crease-lock-'));
    lockPath = join(dataDir, 'server.lock');
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('records the holder and removes its lock on release', async () => {
    const release = await lockDataDir(dataDir);
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over at once a lock whose process was killed', async () => {
    await writeFile(lockPath, JSON.stringify({ pid: deadPid() }));
    const started = Date.now();
    const release = await lockDataDir(dataDir);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
  });

  it('takes over a lock whose pid now belongs to a later process (a restarted container)', async () => {
    await writeFile(lockPath, JSON.stringify({ pid: process.pid, started: '1' }));
    const release = await lockDataDir(dataDir);
    const holder = JSON.parse(await readFile(lockPath, 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid });
    expect(holder.started).not.toBe('1');
    await release();
  });

  it('takes over an unreadable lock and the folder lock of earlier versions', async () => {
    await writeFile(lockPath, '');
    const releaseUnreadable = await lockDataDir(dataDir);
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    await releaseUnreadable();

    await mkdir(lockPath);
    const releaseFolder = await lockDataDir(dataDir);
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    await releaseFolder();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses while another live process holds the folder, and leaves its lock alone', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const lock = JSON.stringify({ pid: holder.pid });
      await writeFile(lockPath, lock);
      await expect(lockDataDir(dataDir)).rejects.toThrow(`is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder. Its pid is ${holder.pid}.`);
      expect(await readFile(lockPath, 'utf8')).toBe(lock);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('lets only one of several takers in at once', async () => {
    // A race: tried many times, since one try may happen to run its takers one after another.
    for (let round = 0; round < 25; round++) {
      await writeFile(lockPath, JSON.stringify({ pid: deadPid() }));
      const results = await Promise.allSettled([lockDataDir(dataDir), lockDataDir(dataDir), lockDataDir(dataDir)]);
      const winners = results.filter((result) => result.status === 'fulfilled');
      expect(winners, `round ${round}`).toHaveLength(1);
      await winners[0].value();
    }
  });
});
