import { randomUUID } from 'node:crypto';
import { link, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Who holds the folder. The start time tells a live holder from a later process that got its pid. */
interface Holder {
  pid: number;
  started?: string;
}

/** The process's start time in clock ticks since boot (Linux); undefined elsewhere or for a gone process. */
async function startTimeOf(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // Fields after the command name, which may itself hold spaces and parentheses; starttime is field 22.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isLive(holder: Holder): Promise<boolean> {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !isRunning(holder.pid)) return false;
  if (!holder.started) return true;
  const started = await startTimeOf(holder.pid);
  return started === undefined || started === holder.started;
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return typeof value.pid === 'number' ? { pid: value.pid, started: value.started } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes a dead holder's lock, one taker at a time: two servers starting together may both find it
 * dead, and the second must not remove the lock the first has just taken. Whoever holds the takeover
 * file checks the lock again and removes it only if it is still the dead one; the others wait a moment
 * and try again. A takeover lasts milliseconds, so a takeover file older than a few seconds was left
 * by a process killed during one, and is cleared.
 */
async function removeStale(path: string, stale: string): Promise<void> {
  const takeover = `${path}.takeover`;
  try {
    await writeFile(takeover, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const since = await stat(takeover).then((info) => Date.now() - info.mtimeMs, () => 0);
    if (since > TAKEOVER_STALE_MS) await rm(takeover, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    return;
  }
  try {
    if ((await heldLock(path)) === stale) await rm(path, { force: true });
  } finally {
    await rm(takeover, { force: true });
  }
}

const TAKEOVER_STALE_MS = 5000;

async function linked(draft: string, path: string): Promise<boolean> {
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock's text; undefined when it just went away. Earlier versions locked with a folder, which no process holds any more. */
async function heldLock(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code !== 'EISDIR') throw error;
    await rm(path, { recursive: true, force: true });
    return undefined;
  }
}

/**
 * Takes the data folder for this process: PGlite has no lock of its own, and two processes on one
 * folder would silently lose writes. The lock file names the holder's pid, so a lock left by a
 * killed process is taken over at once instead of blocking restarts. Answers the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, 'server.lock');
  const mine = JSON.stringify({ pid: process.pid, started: await startTimeOf(process.pid) } satisfies Holder);
  const release = async () => {
    if ((await readFile(path, 'utf8').catch(() => undefined)) === mine) await rm(path, { force: true });
  };
  // Written aside and linked into place, so no one ever reads a half-written lock as a dead one.
  const draft = `${path}.${randomUUID()}.new`;
  await writeFile(draft, mine);
  try {
    // Enough tries to wait out other takers clearing a dead lock (20 ms a wait).
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await linked(draft, path)) return release;
      const held = await heldLock(path);
      if (held === undefined) continue;
      const holder = parseHolder(held);
      if (holder && (await isLive(holder))) {
        throw new Error(
          `Another Crease process (a running server?) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder. Its pid is ${holder.pid}.`,
        );
      }
      await removeStale(path, held);
    }
  } finally {
    await rm(draft, { force: true });
  }
  throw new Error(`Could not take the lock on the data folder ${dataDir}: it keeps changing hands.`);
}
