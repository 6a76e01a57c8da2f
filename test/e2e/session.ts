/**
 * Shared steps of the e2e specs: each worker's own admin (admin.ts), signing in through the form,
 * signing in once and reusing the session, and records made through the API. The server allows 10
 * sign-ins a minute, so specs that visit many pages reuse one session instead of signing in for every test.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { apiPathOf, entityNamed, lookupOf, type EntityDeclaration } from '../../src/domain';
import { adminOfWorker, E2E_ADMIN, type E2EAdmin } from './admin';
import { withLock } from './lock';

/** Signs in through the form as this worker's admin (or `as`, on a server of a spec file's own). */
export async function signIn(page: Page, as?: E2EAdmin) {
  const admin = as ?? (await workerAdmin(page.request));
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: false }).first().fill(admin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signInToken(request: APIRequestContext, admin: { email: string; password: string }): Promise<string> {
  const response = await request.post('/admin/login', { data: { email: admin.email, password: admin.password } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data.token as string;
}

let account: Promise<{ admin: E2EAdmin; token?: string }> | undefined;

/**
 * This worker's own admin account, made once per worker: worker 0's is the one the server starts
 * with; another worker's is added by that one on its first use and given its own password, as a new
 * admin does at first sign-in (answered with the session that change gives). A worker started again
 * after a failure finds it made: the run's file says so.
 */
function workerAccount(request: APIRequestContext): Promise<{ admin: E2EAdmin; token?: string }> {
  account ??= (async () => {
    const info = test.info();
    const admin = adminOfWorker(info.parallelIndex);
    const made = runFile(info, `admin-${info.parallelIndex}.json`);
    if (admin === E2E_ADMIN || existsSync(made)) return { admin };
    const first = `${admin.password}-first`;
    const added = await request.post('/admin/admins', {
      headers: bearer(await signInToken(request, E2E_ADMIN)),
      // An owner, as the first admin is: the specs reach every screen.
      data: { firstName: admin.firstName, lastName: admin.lastName, email: admin.email, password: first, role: 'owner' },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const chosen = await request.put('/admin/profile/password', {
      headers: bearer(await signInToken(request, { email: admin.email, password: first })),
      data: { currentPassword: first, newPassword: admin.password, repeatPassword: admin.password },
    });
    expect(chosen.ok(), await chosen.text()).toBe(true);
    mkdirSync(dirname(made), { recursive: true });
    writeFileSync(made, JSON.stringify({ email: admin.email }));
    return { admin, token: (await chosen.json()).data.token as string };
  })().catch((error: unknown) => {
    account = undefined;
    throw error;
  });
  return account;
}

/** This worker's own admin (see workerAccount). */
export const workerAdmin = async (request: APIRequestContext): Promise<E2EAdmin> => (await workerAccount(request)).admin;

let token: Promise<string> | undefined;

/**
 * A bearer token for this worker's admin (POST /admin/login answers `{ data: { token } }`), asked for
 * once per worker: every sign-in counts against the server's limit of 10 a minute.
 */
export function apiToken(request: APIRequestContext): Promise<string> {
  token ??= (async () => {
    const { admin, token: made } = await workerAccount(request);
    return made ?? (await signInToken(request, admin));
  })().catch((error: unknown) => {
    token = undefined;
    throw error;
  });
  return token;
}

/** The total a list shows under it ('Total Item: 4'), once it shows one. */
export async function listTotal(page: Page): Promise<number> {
  const total = page.getByText(/^Total Item: \d+$/);
  await expect(total).toBeVisible();
  return Number((await total.textContent())!.replace(/\D/g, ''));
}

/** A video with a real PNG thumbnail, made through the API; answers its id. */
export async function createVideo(request: APIRequestContext, title: string, token?: string): Promise<string> {
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#166534' } }).png().toBuffer();
  const response = await request.post('/admin/videos', {
    headers: { Authorization: `Bearer ${token ?? (await apiToken(request))}` },
    multipart: {
      title,
      category: 'Match Highlights',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      image: { name: 'thumb.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data._id;
}

/**
 * Files kept for the whole run under the project's output folder (emptied when a run starts), so a
 * worker restarted after a failed test reuses them instead of signing in again.
 */
const runFile = (info: TestInfo, name: string) => join(info.project.outputDir, '.run', name);

/** Signs in through the form once per worker and answers the storage-state file holding that session. */
export async function sharedSession(browser: Browser, info: TestInfo): Promise<string> {
  const file = runFile(info, `admin-session-${info.parallelIndex}.json`);
  if (existsSync(file)) return file;
  mkdirSync(dirname(file), { recursive: true });
  const context = await browser.newContext({ baseURL: info.project.use.baseURL });
  await signIn(await context.newPage());
  await context.storageState({ path: file });
  await context.close();
  return file;
}

/** A record made once per run for the specs that only look at it (`key` names it among them). */
export async function sharedRecord(info: TestInfo, key: string, create: () => Promise<string>): Promise<string> {
  const file = runFile(info, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).id;
  const id = await create();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ id }));
  return id;
}

export const sharedVideo = (request: APIRequestContext, info: TestInfo, key: string) =>
  sharedRecord(info, `video-${key}`, () => createVideo(request, `${key} highlights ${Date.now()}`));

/** A news article with an image, a tag and formatted text, made through the API; answers its id. */
export async function createNews(request: APIRequestContext, title: string, token?: string): Promise<string> {
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#7c2d12' } }).png().toBuffer();
  const response = await request.post('/admin/news', {
    headers: { Authorization: `Bearer ${token ?? (await apiToken(request))}` },
    multipart: {
      title,
      small_description: 'A last-over finish decided the game',
      description: '<p>The chase went down to the <strong>final ball</strong>.</p><ul><li>Runs: 187</li></ul>',
      'tags[]': 'Final',
      image: { name: 'news.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data._id;
}

export const sharedNews = (request: APIRequestContext, info: TestInfo, key: string) =>
  sharedRecord(info, `news-${key}`, () => withLock('news', () => createNews(request, `${key} news ${Date.now()}`)));

/** A plain PNG for an image field. */
export const pngOf = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** A lookup list's records (`sport`, `stadium`…), which the e2e server's SEED=lookups fills. */
export async function lookup(request: APIRequestContext, path: string, token: string): Promise<{ _id: string; name: string }[]> {
  const response = await request.get(`/admin/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data;
}

/** A cricket team with a coach and a logo, made through the API; answers its id. */
export async function createTeam(request: APIRequestContext, name: string, token: string): Promise<string> {
  return withLock('teams', () => addTeam(request, name, token));
}

async function addTeam(request: APIRequestContext, name: string, token: string): Promise<string> {
  const cricket = (await lookup(request, 'sport', token)).find((sport) => sport.name === 'Cricket')!;
  const response = await request.post('/admin/teams', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      name,
      sport: cricket._id,
      coach: `${name.split(' ')[0]} Coach`,
      isActive: 'true',
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: await pngOf(200, 200, '#1e3a8a') },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data._id;
}

/** A player with a picture in the team `teamId`, made through the API with the first of each lookup; answers its id. */
export async function createPlayer(request: APIRequestContext, name: string, teamId: string, token: string): Promise<string> {
  const [bowling, batting, battingOrder] = await Promise.all(
    ['bowling-style', 'batting-headedness', 'batting-order'].map(async (path) => (await lookup(request, path, token))[0]._id),
  );
  const response = await request.post('/admin/player', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      name,
      age: '26',
      team_id: teamId,
      playingRole: 'All-rounder',
      bowling,
      batting,
      battingOrder,
      image: { name: 'player.png', mimeType: 'image/png', buffer: await pngOf(240, 240, '#9a3412') },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data._id;
}

/** A team with one player, made once per run for the specs that only look at them; answers both ids. */
export async function sharedSquad(request: APIRequestContext, info: TestInfo, key: string): Promise<{ team: string; player: string }> {
  const token = await apiToken(request);
  const team = await sharedRecord(info, `team-${key}`, () => createTeam(request, `${key} Rangers ${Date.now()}`, token));
  const player = await sharedRecord(info, `player-${key}`, () => createPlayer(request, `${key} Opener ${Date.now()}`, team, token));
  return { team, player };
}

/** Tests of the calling file start signed in, from the one session of the run (no sign-in of their own). */
export const startSignedIn = () =>
  test.use({ storageState: async ({ browser }, provide, info) => provide(await sharedSession(browser, info)) });

/**
 * A record of a declared entity made through the API from its first demo row (with an image for
 * each image field, and the records its references name); answers its id.
 */
export async function createDeclared(request: APIRequestContext, entity: EntityDeclaration): Promise<string> {
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0f766e' } }).png().toBuffer();
  // A list goes as one part per value, as the admin app sends it.
  const multipart = new FormData();
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = (entity.demo[0] as Record<string, unknown> | undefined)?.[name];
    // A reference to a lookup names the first of its rows.
    if (lookupOf(field)) multipart.append(name, (await (await request.get(`/admin/${field.to}`, { headers })).json()).data[0]._id);
    // A reference to a declared entity names a record made for it (one per field: a match's two teams differ).
    else if (field.kind === 'ref' && entityNamed(field.to ?? '')) multipart.append(name, await createDeclared(request, entityNamed(field.to!)!));
    else if (field.kind === 'image') multipart.append(name, new Blob([new Uint8Array(png)], { type: 'image/png' }), `${name}.png`);
    else if (Array.isArray(value)) for (const item of value) multipart.append(name, String(item));
    else if (value !== undefined && value !== null) multipart.append(name, String(value));
  }
  const response = await request.post(`/admin/${apiPathOf(entity)}`, { headers, multipart });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data._id;
}
