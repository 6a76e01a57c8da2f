/**
 * Locks between the e2e workers, for the few assertions on a shared total (a list's count, the
 * devices a send reaches) that another worker adding rows of the same kind would break: the tests
 * that count a kind hold its lock from the first reading to the last, and whatever makes records of
 * that kind holds it while it does. A lock is a file in the run's own folder (E2E_LOCK_DIR, made in
 * playwright.config.ts) holding its owner's pid, so one left by a worker that died is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';

/** The kinds of record whose totals some test counts. */
export type LockName = 'devices' | 'matches' | 'news' | 'slides' | 'teams';

const held = new Map<LockName, number>();

const dir = () => {
  const path = process.env.E2E_LOCK_DIR;
  if (!path) throw new Error('E2E_LOCK_DIR is not set (playwright.config.ts sets it)');
  mkdirSync(path, { recursive: true });
  return path;
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function tryTake(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number(readFileSync(file, 'utf8').trim() || 'NaN');
    // Written but not yet filled in (NaN), or its owner is alive: wait. A dead owner's lock is taken over.
    if (Number.isFinite(owner) && !alive(owner)) rmSync(file, { force: true });
    return false;
  }
}

/**
 * Runs `body` holding the named locks (taken in one order, so two holders never wait on each other;
 * taken again by the same worker, a lock is just counted). Time spent waiting is added to the test's timeout.
 */
export async function withLock<T>(names: LockName | LockName[], body: () => Promise<T>): Promise<T> {
  const wanted = [...new Set(Array.isArray(names) ? names : [names])].sort();
  const taken: LockName[] = [];
  const started = Date.now();
  try {
    for (const name of wanted) {
      if (!held.has(name)) {
        const file = join(dir(), `${name}.lock`);
        while (!tryTake(file)) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      held.set(name, (held.get(name) ?? 0) + 1);
      taken.push(name);
    }
    const waited = Date.now() - started;
    if (waited > 1000 && test.info().timeout > 0) test.info().setTimeout(test.info().timeout + waited);
    return await body();
  } finally {
    for (const name of taken.reverse()) {
      const count = held.get(name)! - 1;
      if (count > 0) held.set(name, count);
      else {
        held.delete(name);
        rmSync(join(dir(), `${name}.lock`), { force: true });
      }
    }
  }
}
