/**
 * The mobile app's users: the app signs them up (routes/app/account.ts); admins only deactivate and reactivate them. Their list counts
 * every user and each status; the demo league generates its users itself (server/seed, fakeLeague).
 */
import { PEOPLE_ACCESS } from '../access';
import { defineEntity, textsOf } from '../entity';
import { USER_SOURCES } from '../fans';

export const users = defineEntity({
  name: 'users',
  table: 'app_users',
  label: { one: 'User', many: 'Users' },
  fields: {
    name: { kind: 'text', label: 'Name', required: true },
    email: { kind: 'email', label: 'Email', required: true },
    age: { kind: 'number', label: 'Age', min: 0 },
    isActive: { kind: 'boolean', label: 'Status', default: true },
    // Kept by the server: a fan's sign-up in the app is 'app'; the demo league's users (and every user before accounts) 'demo'.
    source: { kind: 'choice', label: 'Signed up', choices: USER_SOURCES, default: 'demo', form: false },
    lastSignInAt: { kind: 'datetime', label: 'Last sign-in', column: 'last_sign_in_at', form: false },
    // Kept by the server: false from a sign-up until its e-mailed link is opened (users before verification, and the demo's, count as verified).
    emailVerified: { kind: 'boolean', label: 'Email verified', default: true, form: false },
  },
  title: 'name',
  list: { search: ['name', 'email'], filters: ['isActive'], sort: ['name'], counted: ['isActive'], columns: ['name', 'email', 'emailVerified', 'age', 'source', 'lastSignInAt', 'createdAt', 'isActive'], stats: { total: 'All app users' } },
  show: { facts: ['email', 'emailVerified', 'age', 'isActive', 'source', 'lastSignInAt', 'createdAt'] },
  access: PEOPLE_ACCESS,
  versioned: false,
  operations: ['list', 'show'],
  menu: { label: 'User' },
  texts: { listTitle: 'User Management', statTotal: 'Total users' },
  demo: [],
});

/** The user texts no rule derives: never signed in, and (de)activation with the server's answers. */
export const USER_TEXTS = {
  ...textsOf(users),
  never: 'Never',
  deactivate: 'Deactivate',
  activate: 'Activate',
  deactivated: 'User deactivated: their sessions have ended and they cannot sign in',
  activated: 'User activated: they can sign in again',
  isActiveInvalid: 'isActive must be true or false',
} as const;
