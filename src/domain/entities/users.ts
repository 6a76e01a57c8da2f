/**
 * The mobile app's users: read here, never written (the app signs them up). Their list counts
 * every user and each status; the demo league generates its users itself (server/seed, fakeLeague).
 */
import { defineEntity, textsOf } from '../entity';
import { SHARED_TEXTS } from '../messages';

export const users = defineEntity({
  name: 'users',
  table: 'app_users',
  label: { one: 'User', many: 'Users' },
  fields: {
    name: { kind: 'text', label: 'Name', required: true },
    email: { kind: 'email', label: 'Email', required: true },
    age: { kind: 'number', label: 'Age', min: 0 },
    isActive: { kind: 'boolean', label: 'Status', default: true },
  },
  title: 'name',
  list: { search: ['name', 'email'], filters: ['isActive'], sort: ['name'], counted: ['isActive'] },
  versioned: false,
  operations: ['list', 'show'],
  menu: { label: 'User', after: 'videos' },
  texts: { listTitle: 'User Management' },
  demo: [],
});

/** The user screens' texts: the declared ones, and the stat card and status filter of their own. */
export const USER_TEXTS = {
  ...textsOf(users),
  statTotal: 'Total users',
  statusFilter: users.fields.isActive.label,
  columnName: users.fields.name.label,
  columnEmail: users.fields.email.label,
  columnAge: users.fields.age.label,
  columnStatus: users.fields.isActive.label,
  emptySearchHint: SHARED_TEXTS.tryAnotherSearch,
} as const;
