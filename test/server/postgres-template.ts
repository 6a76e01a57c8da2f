/**
 * Runs once per `vitest run` in the server-postgres project: makes one migrated PostgreSQL database, so
 * every test file's throw-away database is a copy of it (`create database … template`) instead of an
 * empty one migrated again; migrating took one to three seconds a database on a quiet machine, and over
 * fifteen on a loaded one. The PGlite project's template is global-setup.ts's.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection';
import { throwAwayPostgres } from './process';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await throwAwayPostgres(`crease_template_${randomBytes(3).toString('hex')}`);
  const database = await openDatabase({ url: template.url }); // migrates
  await database.close();
  project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
  return template.drop;
}
