/**
 * What the benchmarks share: child processes each in a process group of their own (tsx and npx run
 * the real program as a grandchild, which a kill of the child alone would leave running), the
 * server started as `npm start` starts it, and a signed-in session the way the app keeps it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const BIN = join(process.cwd(), 'node_modules', '.bin');

interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** Where its output goes: the bench's own terminal, nowhere, or a file (appended). */
  output?: 'inherit' | 'ignore' | { file: string };
  /** Answers true once the process serves; polled for up to a minute. */
  ready: () => Promise<boolean>;
}

/** Starts `command` in its own process group and waits until it is ready; throws if it exits or never gets there. */
export async function startInGroup(command: string, args: string[], { env, output = 'inherit', ready }: StartOptions): Promise<ChildProcess> {
  const out = typeof output === 'object' ? openSync(output.file, 'a') : output;
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out], detached: true });
  const describe = `${command} ${args.join(' ')}${typeof output === 'object' ? ` (see ${output.file})` : ''}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${describe} exited ${child.exitCode}`);
    if (await ready().catch(() => false)) return child;
    await sleep(250);
  }
  await stopGroup(child);
  throw new Error(`${describe} did not start`);
}

/** Stops the whole group and waits (up to 15 s) for the child to exit; a group already gone is fine. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await Promise.race([exited, sleep(15_000)]);
}

/** The server as `npm start` runs it (tsx server/main.ts) on 127.0.0.1:`port`, once /healthz answers. */
export const startServer = (port: number, env: NodeJS.ProcessEnv, output?: StartOptions['output']) =>
  startInGroup(join(BIN, 'tsx'), ['server/main.ts'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    output,
    ready: async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
  });

export type Session = { token: string; user: { _id: string } };

/** Signs in through the API, as the sign-in page does. */
export async function signIn(base: string, admin: { email: string; password: string }): Promise<Session> {
  const response = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { token, user } = (await response.json()) as Session;
  return { token, user };
}

/**
 * Runs in the page (Playwright's addInitScript or evaluate): stores the session as the app keeps it
 * (src/providers/session.ts), so the page opens signed in.
 */
export function storeSession(session: Session) {
  localStorage.setItem('token', session.token);
  localStorage.setItem('userId', session.user._id);
  localStorage.setItem('user', JSON.stringify(session.user));
}
