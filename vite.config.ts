import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * One line for a build (`npm start`, `npm run build`, which run Vite with `--logLevel warn`) instead
 * of Vite's table of chunks: an operator starting the server wants the URL, not the file list.
 */
function buildSummary(): Plugin {
  let started = 0;
  return {
    name: 'crease-build-summary',
    apply: 'build',
    buildStart() {
      started = performance.now();
    },
    writeBundle(options, bundle) {
      const files = Object.values(bundle);
      const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.type === 'chunk' ? file.code : file.source), 0);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Admin app built in ${seconds} s: ${files.length} files, ${Math.round(bytes / 1024)} KB in ${relative(process.cwd(), options.dir ?? 'dist')}/`);
    },
  };
}

/**
 * react-admin's translator (node-polyglot) requires `object.entries`, a polyfill that brings
 * get-intrinsic, call-bind and a dozen more packages (about 5 KB gzipped) into every signed-in
 * page; every browser the app supports has `Object.entries` itself.
 */
function nativeObjectEntries(): Plugin {
  const id = '\0native-object-entries';
  return {
    name: 'crease-native-object-entries',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'object.entries' ? id : null),
    load: (loaded) => (loaded === id ? 'module.exports = Object.entries;' : null),
  };
}

/**
 * react-admin's lists import a CSV writer (jsonexport, about 3.5 KB gzipped) for their default
 * export action, which no screen here offers; this loads it on first use instead, with the same
 * call (its callback or promise answers come later either way).
 */
function lazyCsvWriter(): Plugin {
  const id = '\0lazy-jsonexport';
  let real = '';
  return {
    name: 'crease-lazy-csv-writer',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'jsonexport/dist/index.js' || importer === id) return null;
      real = (await this.resolve(source, importer, { skipSelf: true }))?.id ?? '';
      return real ? id : null;
    },
    load: (loaded) =>
      loaded === id ? `export default (...args) => import(${JSON.stringify(real)}).then((module) => module.default(...args));` : null,
  };
}

/**
 * Every text file of the build also written Brotli-compressed at its highest quality (`.br`) and
 * gzipped at its highest level (`.gz`): the server sends those as they are (server/plugins/spa.ts),
 * so a script costs no compression CPU per request, and Brotli's smaller files reach browsers that
 * take it. Files under 1 KB, and those compression would not shrink, stay as they are.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'crease-precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(join(dir, file));
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipped(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await writeFile(join(dir, `${file}.br`), br);
          if (gz.length < content.length) await writeFile(join(dir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

const appSource = `${fileURLToPath(new URL('./src/', import.meta.url))}`;
/** A module of the admin app (src/), other than the entry main.tsx, which runs for its effects. */
const isAppModule = (id: string) => id.startsWith(appSource) && !id.endsWith('/main.tsx');

/**
 * Server test files that run once, in server-postgres, when a PostgreSQL is given; without one they run
 * in the server project. Two servers need one PostgreSQL (on PGlite those tests show themselves skipped).
 * A restart's scheduled job is the same on either database, and starting real servers is the slowest
 * thing the suite does. Tests whose child processes behave differently by database (the admin command's
 * socket, the data folder's lock, the push's leases after a kill) run on both.
 */
const ONCE_ON_POSTGRES = [
  'test/server/two-servers.test.ts',
  'test/server/push-two-servers.test.ts',
  'test/server/app-two-servers.test.ts',
  'test/server/fan-two-servers.test.ts',
  'test/server/publishing-restart.test.ts',
];

const apiPort = Number(process.env.PORT ?? 8080);
const api = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [react(), buildSummary(), nativeObjectEntries(), lazyCsvWriter(), precompress()],
  server: {
    // `npm run dev`: Vite serves the app with hot reload and hands API and upload calls to the server.
    proxy: { '/admin': api, '/uploads': api, '/docs': api, '/healthz': api },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The app's own modules have no import-time side effects (none is imported for its effects alone),
      // so a screen that imports one frame from a barrel (`from '../../common'`) gets that frame only,
      // not every module the barrel re-exports: without this, every list page downloaded the image
      // upload's file-type sniffing and dropzone (the forms' code) in one shared chunk.
      treeshake: { moduleSideEffects: (id) => (isAppModule(id) ? false : undefined) },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine (CI), so every test
    // file ran after the other and the second core sat idle. One worker per core.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // A worker loads fastify, kysely, PGlite and the server's modules once and runs its files one after
          // the other on them (each file loading them again cost about 2.5 s of a 2-core machine): every file
          // builds its own app on its own database and closes it, fake clocks are restored where they are taken.
          isolate: false,
          include: ['test/server/**/*.test.ts', 'test/domain/**/*.test.ts', 'test/docs/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? ONCE_ON_POSTGRES : [],
          globalSetup: ['test/server/global-setup.ts', 'test/server/server-bundle.ts'],
          env: { CREASE_TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The same API suite again on a real PostgreSQL, when one is given.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                environment: 'node',
                isolate: false,
                include: ['test/server/**/*.test.ts'],
                // What opens no database (npm start's signals, the scaffold, the PGlite folder's lock, the fake FCM) runs once, above.
                exclude: ['test/server/npm-start.test.ts', 'test/server/scaffold.test.ts', 'test/server/data-lock.test.ts', 'test/server/fake-fcm.test.ts'],
                globalSetup: ['test/server/postgres-template.ts', 'test/server/server-bundle.ts'],
                env: { CREASE_TEST_DB: 'postgres' },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          // Every file renders the same app: a worker loads react-admin, MUI and the app once and runs
          // its files one after the other on them (each file loading them again cost a second or more).
          // setup.ts clears what a test leaves behind, whichever file it is in.
          isolate: false,
          globals: true,
          include: ['test/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['test/ui/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
  optimizeDeps: {
    // One copy of react-router for the app and for react-admin, pre-bundled together: with two,
    // react-admin refuses the app's routes ("[Route] is not a <Route> component").
    include: ['react', 'react-dom', 'react-router', 'react-router-dom'],
  },
});
