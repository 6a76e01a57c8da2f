/**
 * Runs once per `vitest run` and project: bundles the server and the admin command (server/main.ts,
 * server/cli/admin.ts) into plain JavaScript with esbuild (which tsx brings), so the tests that start
 * them as child processes (process.ts) run them with `node` alone. Under tsx a start spent about 2.5 s
 * loading the server's TypeScript and resolving its packages; the bundle loads in under a second.
 * `npm start` and `npm run admin` still run the sources through tsx (npm-start.test.ts covers that).
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    serverBundle: string;
  }
}

export default async function setup(project: TestProject) {
  // Inside the checkout, so the bundle's imports of packages (left out of it) find node_modules.
  const outdir = join(process.cwd(), 'node_modules', '.cache', `crease-test-server-${process.pid}-${project.name}`);
  await build({
    entryPoints: { main: 'server/main.ts', admin: 'server/cli/admin.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [
      {
        // A module that finds a file next to itself (the migrations folder, the push sender's thread)
        // keeps finding it next to its source, not next to the bundle.
        name: 'crease-own-url',
        setup(bundler) {
          bundler.onLoad({ filter: /[\\/]server[\\/].*\.ts$/ }, async ({ path }) => ({
            contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  project.provide('serverBundle', outdir);
  return () => rm(outdir, { recursive: true, force: true });
}
