/**
 * Registrations, sent by the mobile app: a person, their place (state, district and city, lookups
 * answered populated, the district lying in the state and the city in the district), their playing
 * role and batting style, and a status admins moderate. Admins list, read, edit and delete them (no
 * create); the edit form changes only the person and the place. What is registrations' own stays
 * in their own modules (server/routes/admin/registrations.ts and its repository and schemas): the status
 * workflow (one and in bulk), the CSV export and each registration's
 * players (registration_players), answered with every registration.
 */
import { PEOPLE_ACCESS } from '../access';
import { defineEntity, rulesOf, textsOf } from '../entity';
import { DEFAULT_REGISTRATION_STATUS, REGISTRATION_STATUSES } from '../enums';
import { MENU, VALIDATION } from '../messages';
import type { ActivityChange } from '../records';

export const registrations = defineEntity({
  name: 'registrations',
  label: { one: 'Registration', many: 'Registrations' },
  fields: {
    firstName: { kind: 'text', label: 'First Name', columnLabel: 'Full Name', required: true, messages: { required: VALIDATION.firstNameRequired } },
    lastName: { kind: 'text', label: 'Last Name' },
    email: { kind: 'email', label: 'Email' },
    phone: { kind: 'text', label: 'Phone' },
    DOB: { kind: 'date', label: 'DOB', column: 'dob', form: false },
    GovernmentIdType: { kind: 'text', label: 'Government ID Type', column: 'government_id_type', form: false },
    // Answered masked ('XXXX-XXXX-9012'); the whole number by the reveal call (logged) and in the CSV.
    GovernmentIdNumber: { kind: 'text', label: 'Government ID Number', column: 'government_id_number', form: false, masked: true, access: { read: PEOPLE_ACCESS.read } },
    state: { kind: 'ref', to: 'state', label: 'State' },
    district: { kind: 'ref', to: 'district', label: 'District', within: 'state', messages: { notWithin: VALIDATION.districtNotInState } },
    city: { kind: 'ref', to: 'city', label: 'City', within: 'district', messages: { notWithin: VALIDATION.cityNotInDistrict } },
    area: { kind: 'text', label: 'Area' },
    pinCode: { kind: 'text', label: 'Pin Code', column: 'pin_code' },
    address: { kind: 'text', label: 'Address' },
    playingRole: { kind: 'text', label: 'Playing Role', form: false },
    battingStyle: { kind: 'text', label: 'Batting Style', form: false },
    // The mobile app may write any status (shown as not approved), or none; the tabs filter by the listed ones.
    status: {
      kind: 'text',
      label: 'Status',
      form: false,
      default: DEFAULT_REGISTRATION_STATUS,
      filterChoices: REGISTRATION_STATUSES,
      blankIs: DEFAULT_REGISTRATION_STATUS,
      messages: { invalid: VALIDATION.statusInvalid },
    },
  },
  title: 'firstName',
  titleParts: ['firstName', 'lastName'],
  list: {
    search: ['firstName', 'lastName', 'email', 'phone'],
    filters: ['status', 'state', 'district', 'city', 'playingRole'],
    sort: ['createdAt', 'firstName'],
    columns: ['firstName', 'email', 'DOB', 'phone', 'city', 'playingRole', 'status'],
    stats: {
      total: 'Registrations the search and filters select (every status)',
      listed: true,
      figures: {
        pending: { about: 'Of those, pending ones (a missing status counts as pending)', counts: { filter: 'status', value: 'pending' } },
        approved: { about: 'Of those, approved ones', counts: { filter: 'status', value: 'approved' } },
        rejected: { about: 'Of those, rejected ones', counts: { filter: 'status', value: 'rejected' } },
      },
    },
    counted: ['status'],
  },
  access: PEOPLE_ACCESS,
  versioned: true,
  ownParts: 'registrationParts',
  operations: ['list', 'show', 'update', 'delete'],
  menu: { label: MENU.registrations },
  texts: {
    searchPlaceholder: 'Search by name, email or phone...',
    editSubmit: 'Update',
    editSuccess: 'Updated successfully',
  },
  demo: [
    { firstName: 'Asha', lastName: 'Patil', email: 'asha@example.in', phone: '9810000000', playingRole: 'Batsman', status: 'pending' },
    { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in', phone: '9811234567', playingRole: 'Bowler', status: 'approved' },
  ],
});

/**
 * The edit form's rules: the original panel checked only the e-mail format; these also keep the first
 * name, which lists show and search by. The places are ids that must exist and nest.
 */
export const REGISTRATION_RULES = rulesOf(registrations, 'update');

/**
 * The registration screens' texts: the declared ones, and those no field's label gives (the full
 * name, the detail page's sections, 'Pincode' as the detail page writes it) and the moderation's
 * (status tabs, approve and reject, bulk, CSV export). Field labels are read from the fields.
 */
export const REGISTRATION_TEXTS = {
  ...textsOf(registrations),
  basicInformation: 'Basic Information',
  location: 'Location',
  playingInfo: 'Playing Info',
  players: 'Players',
  pinCode: 'Pincode',
  bowlingStyle: 'Bowling Style',
  playerPhoto: (name: string) => `Photo of ${name}`,
  tabsLabel: 'Registrations by status',
  tabPending: 'Pending',
  tabApproved: 'Approved',
  tabRejected: 'Rejected',
  approve: 'Approve',
  reject: 'Reject',
  approved: 'Registration approved',
  rejected: 'Registration rejected',
  statusFailure: 'Failed to update the status',
  bulkApproved: (count: number) => `${count} ${count === 1 ? 'registration' : 'registrations'} approved`,
  bulkRejected: (count: number) => `${count} ${count === 1 ? 'registration' : 'registrations'} rejected`,
  exportCsv: 'Export',
  exportFailure: 'Failed to export registrations',
  exportFileName: 'registrations.csv',
  notFoundIds: (ids: readonly string[]) => `Registrations not found: ${ids.join(', ')}`,
  pendingCount: (count: number) => `${count} pending`,
  /**
   * The CSV's header row: the list's columns, then status, location and address, then the government
   * ID whole (added last, so the columns a spreadsheet already reads keep their places).
   */
  csvColumns: [
    'Full Name', 'Email', 'DOB', 'Phone', 'City', 'Playing Role', 'Status', 'Created At', 'State', 'District', 'Area', 'Pincode', 'Address',
    registrations.fields.GovernmentIdType.label, registrations.fields.GovernmentIdNumber.label,
  ],
  showIdNumber: 'Show',
  hideIdNumber: 'Hide',
  showIdNumberLabel: 'Show the full government ID number',
  hideIdNumberLabel: 'Hide the government ID number',
  revealFailure: 'The government ID number could not be shown',
  submittedBy: 'Submitted by',
  submittedOn: 'on',
  submittedOnly: 'Submitted on',
  /** The export's entry in the activity log: the search is noted, never kept (it may name a person, whom a deletion must erase). */
  exportSearchNotKept: 'yes (not kept)',
} as const;

/** The filters an export names in the activity log, in this order, after the rows it held. */
const EXPORT_LOGGED = ['status', ...(registrations.list.filters ?? []).filter((name) => name !== 'status')] as const;

/**
 * What the activity log records of a CSV export: how many rows it held, each filter it was asked
 * with (as sent), and whether it searched. The same on the server and in the fake.
 */
export function registrationExportChanges(filters: Readonly<Record<string, unknown>>, rows: number): ActivityChange[] {
  const given = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));
  return [
    { field: 'rows', before: null, after: rows },
    ...EXPORT_LOGGED.flatMap((name) => (given(filters[name]) === null ? [] : [{ field: name, before: null, after: given(filters[name]) }])),
    ...(given(filters.search) === null ? [] : [{ field: 'search', before: null, after: REGISTRATION_TEXTS.exportSearchNotKept }]),
  ];
}
