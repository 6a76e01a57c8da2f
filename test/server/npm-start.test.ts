/**
 * `npm start` under a process manager: SIGTERM or SIGINT sent to npm reaches the server, which drains and
 * exits, and nothing it started is left running. (`npm run serve` is `npm start` without the build.)
 */
import { spawn, execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, describe, it } from 'vitest';
import { dataDirWithDatabase, freePort, serverEnv } from './process';

/** Every process below `pid`, children first seen first. */
function descendants(pid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const rows = out.trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

// The two signals' servers start side by side: each test mostly waits for its own processes.
describe.concurrent.each(['SIGTERM', 'SIGINT'] as const)('npm run serve, sent %s', (signal) => {
  it('drains the server and leaves no process behind', async ({ expect }) => {
    const dataDir = await dataDirWithDatabase('crease-npm-start-');
    folders.push(dataDir);
    const port = await freePort();
    // PGlite on its own folder whatever the project: this is about processes, not the database.
    const env = { ...serverEnv({ dataDir, port, admin: { email: 'admin@test.local', password: 'correct horse battery' } }), DATABASE_URL: '', LOG_LEVEL: 'info' };
    const npm = spawn('npm', ['run', 'serve', '--silent'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    npm.stdout.on('data', (chunk: Buffer) => (log += chunk));
    npm.stderr.on('data', (chunk: Buffer) => (log += chunk));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));

    for (let tries = 0; !log.includes('Crease is running at'); tries++) {
      if (tries > 2400 || npm.exitCode !== null) throw new Error(`the server did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).ok).toBe(true);
    // No SMTP_URL here: the operator is told once what that gives up.
    expect(log.split("Fans' e-mails cannot be verified: sign-ups are taken unverified").length - 1).toBe(1);
    const started = descendants(npm.pid!);
    expect(started.length).toBeGreaterThan(0);

    npm.kill(signal);
    await exited;
    for (let tries = 0; started.some(alive) && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 50));

    expect(started.filter(alive)).toEqual([]);
    expect(log).toContain(`"signal":"${signal}"`);
    expect(log).toContain('shutting down');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    // Two servers start from source side by side here: on two busy cores that alone has taken a minute.
  }, 150_000);
});
