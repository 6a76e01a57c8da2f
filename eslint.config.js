import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The server's floors, top to bottom: a module imports from its own floor and the floors below, never
 * from one above, so a change low down is read without the code over it, and no cycle crosses floors.
 * Below them all is src/domain, the one part of src/ the server imports.
 */
const SERVER_FLOORS = [
  // Start-up: main.ts reads the settings (config.ts) and starts the app; the command line does the same.
  ['main.ts', 'config.ts', 'cli'],
  // The app builder, and what main.ts runs beside it: the admin socket, backups, the seed, the scaffold.
  ['app.ts', 'admin-socket.ts', 'backup.ts', 'seed', 'scaffold'],
  ['plugins'],
  ['routes', 'jobs'],
  // What routes and jobs are built on: sign-in, push, stored images, mail, and HTTP's own parts (limits, kept answers, cursors).
  ['auth', 'push', 'storage', 'mail', 'http'],
  ['repositories'],
  ['schemas', 'db'],
  ['errors.ts', 'redis.ts', 'data-lock.ts', 'clock.ts'],
];

const FLOOR_ORDER = SERVER_FLOORS.map((floor) => floor.join(', ')).join(' → ');

/** One zone per floor and each entry above it. */
const floorZones = () =>
  SERVER_FLOORS.flatMap((floor, index) =>
    SERVER_FLOORS.slice(0, index)
      .flat()
      .map((above) => ({
        target: floor.map((entry) => `server/${entry}`),
        from: `server/${above}`,
        message: `server/${above} is on a floor above this one (${FLOOR_ORDER}).`,
      })),
  );

export default tseslint.config(
  // test/app-client/app-v1.ts is generated (npm run openapi:types).
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'test/app-client/app-v1.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: floorZones() }] },
  },
  {
    // The server shares only the domain (entities, rules, texts) with the admin app; anything else
    // under src/ is browser code.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!domain(/|$))',
              message: 'The server may import only src/domain from the admin app.',
            },
          ],
        },
      ],
    },
  },
);
