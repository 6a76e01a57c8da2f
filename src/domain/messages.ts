/**
 * Every user-facing text, kept exactly as the league's original panel wrote it.
 * Validation messages are shared by the forms and the server; the rest are screen texts.
 */

import {
  LOGIN_ACCOUNT_WINDOW_MINUTES,
  MAX_BULK_IDS,
  MAX_FORM_FIELDS,
  MAX_FORM_FILES,
  MAX_IMAGE_PIXELS,
  MAX_JSON_DEPTH,
  MAX_JSON_KEYS,
  MIN_ADMIN_PASSWORD_LENGTH,
  MINUTE_WINDOW_SECONDS,
  PASSKEY_NAME_MAX,
  PASSKEYS_PER_ADMIN,
  pleaseWait,
  PRIVACY_MIN_AGE,
} from './limits';

/** Texts every list, detail page and form shares, written once. */
export const SHARED_TEXTS = {
  createdAt: 'Created At',
  actions: 'Actions',
  tryAnotherSearch: 'Try adjusting your search criteria',
  creating: 'Creating...',
  updating: 'Updating...',
  deleting: 'Deleting...',
  /** The tab of a list's every record, before tabs that each show some. */
  allTab: 'All',
} as const;

export const VALIDATION = {
  /** A list asked to sort by a field it does not sort by. */
  sortInvalid: (fields: readonly string[]) => `Lists can be sorted by ${fields.join(', ')} only`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  lastNameRequired: 'Last name is required',
  passwordTooShort: `The password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`,
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is not correct',
  passwordsDiffer: 'The two new passwords do not match',
  emailTaken: 'Another admin already has this e-mail',
  titleRequired: 'Title is required',
  titleMin5: 'Title must be at least 5 characters',
  titleMin3: 'Title must be at least 3 characters',
  categoryRequired: 'Category is required',
  categoryInvalid: 'Please choose one of the listed categories',
  videoUrlRequired: 'Video URL is required',
  videoUrlInvalid: 'Please enter a valid URL',
  thumbnailRequired: 'Thumbnail is required',
  smallDescriptionRequired: 'Small Description is required',
  smallDescriptionMin10: 'Small Description must be at least 10 characters',
  descriptionRequired: 'Description is required',
  tagInvalid: 'Please choose tags from the list',
  teamNameRequired: 'Team name is required',
  teamNameMin2: 'Team name must be at least 2 characters',
  sportSelectionRequired: 'Sport selection is required',
  sportRequired: 'Sport is required',
  nameRequired: 'Name is required',
  ageMin: 'Age must be at least 1',
  playingRoleInvalid: 'Please choose one of the listed roles',
  matchDateRequired: 'Match date is required',
  stadiumRequired: 'Stadium is required',
  teamARequired: 'Team A is required',
  teamBRequired: 'Team B is required',
  resultRequired: 'Result is required',
  resultInvalid: 'Please choose one of the listed results',
  bodyRequired: 'Body is required',
  bodyMin10: 'Body must be at least 10 characters',
  imageRequired: 'Please select an image',
  referenceNotFound: 'The selected item no longer exists',
  // Server-side checks the forms leave out, worded like the forms' own messages.
  matchDateInvalid: 'Please enter a valid match date',
  oversMin: 'Overs must be at least 1',
  teamsMustDiffer: 'Team A and Team B must be different teams',
  // A slide's or notification's target (src/domain/targets.ts).
  targetTypeInvalid: 'Please choose what it opens: a news story, a video, a match, a team or a web address',
  targetTypeRequired: 'Choose what it opens, or leave the record and address empty',
  targetIdRequired: 'Choose the record it opens',
  targetNotFound: 'The record it opens does not exist (it may have been deleted)',
  targetUrlRequired: 'Enter the web address it opens',
  targetUrlInvalid: 'Enter a web address starting with https://',
  firstNameRequired: 'First name is required',
  districtNotInState: 'The selected district is not in the selected state',
  cityNotInDistrict: 'The selected city is not in the selected district',
  statusInvalid: 'Status must be one of: approved, pending, rejected',
  idsInvalid: `Choose between 1 and ${MAX_BULK_IDS} registrations`,
  // Input no form sends but a careless or hostile client may.
  nulCharacter: 'Text must not contain a NUL character (\\0)',
  wholeNumber: 'Please enter a whole number',
} as const;

/** The side of the largest square image an upload may be. */
const SQUARE_SIDE = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS)).toLocaleString('en-US');

export const UPLOAD = {
  tooLarge: 'File size must be less than 5MB',
  teamLogoTooLarge: 'Image size should be less than 5MB',
  notAnImage: 'Please select a valid image file',
  textTooLong: 'Text must be less than 1MB',
  malformedForm: 'The form could not be read (a broken or cut-short multipart body). Please send it again.',
  tooManyFiles: `A form takes at most ${MAX_FORM_FILES} files`,
  tooManyFields: `A form takes at most ${MAX_FORM_FIELDS} fields`,
  tooManyPixels: `An image may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (${SQUARE_SIDE} × ${SQUARE_SIDE} pixels). Please send a smaller picture.`,
  notAFileRoute: 'This address takes no files: send the request as JSON (application/json), without a multipart form.',
  busy: 'The server is busy with other uploads. Nothing was saved; please try again in a few seconds.',
  storageUnavailable: 'Images cannot be stored right now (the image storage does not answer). Nothing was saved; please try again in a minute.',
} as const;

/** Fans' private files (players' photos), opened only by a signed link (server/plugins/media.ts). */
export const MEDIA = {
  badLink: 'This link to a private photo is not valid or has expired. Open the screen that showed it again to get a new link.',
  notFound: 'There is no such photo (it may have been deleted).',
} as const;

/** JSON no form sends, refused before it is read (a JSON body, or a form field holding JSON). */
export const JSON_BOUNDS = {
  tooDeep: `JSON may nest objects and arrays at most ${MAX_JSON_DEPTH} levels deep`,
  tooManyKeys: `JSON may hold at most ${MAX_JSON_KEYS} keys in all`,
} as const;

export const AUTH = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: `Too many sign-in attempts. ${pleaseWait(MINUTE_WINDOW_SECONDS)}`,
  tooManyAccountAttempts: `Too many sign-in attempts for this account. ${pleaseWait(LOGIN_ACCOUNT_WINDOW_MINUTES * 60)}`,
  signInBusy: 'The server is busy with other sign-ins. Please try again in a few seconds.',
  signInUnavailable: 'Sign-in is unavailable right now (the sign-in limits cannot be checked). Please try again in a minute.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unauthorized: 'Authentication required',
  loginSuccess: 'Login successful',
  accountDeactivated: 'Your account has been deactivated. Ask another admin to reactivate it.',
  choosePasswordFirst: 'Please choose your own password before you continue.',
} as const;

/** Two admins editing one record: the later save of a stale copy is refused. */
export const CONFLICT = {
  stale: 'This record was changed by someone else. Reload it to see their changes.',
  badVersion: 'updatedAt must be the date and time the record was read at, as the API answered it',
  reload: 'Reload',
} as const;

export const NOT_FOUND = {
  route: 'Page not found',
} as const;

/** isActive as teams, players, users and notifications show it. */
export const STATUS = { active: 'Active', inactive: 'Inactive' } as const;


/** Button labels every screen shares. */
export const ACTIONS = {
  back: 'Back',
  view: 'View',
  edit: 'Edit',
  delete: 'Delete',
  filter: 'Filter',
  clearFilter: 'All',
} as const;

export const GENERIC = {
  somethingWentWrong: 'Something went wrong',
  created: 'Created successfully',
  updated: 'Updated successfully',
  deleted: 'Deleted successfully',
  fetched: 'Fetched successfully',
  validationFailed: 'Please correct the highlighted fields',
  notAvailable: 'N/A',
} as const;

export const SHELL = {
  productName: 'Crease',
  loginTitle: 'Admin Login',
  loginSubtitle: 'Access your admin dashboard',
  rememberMe: 'Remember me',
  forgotPassword: 'Forgot password',
  signIn: 'Sign In',
  signingIn: 'Signing in...',
  signOut: 'Sign out',
  defaultName: 'Admin',
  footer: (year: number) => `© ${year} Crease. All rights reserved.`,
  totalItems: (count: number | string) => `Total Item: ${count}`,
  /** A search's estimated total (more than EXACT_TOTAL_LIMIT hits), to two significant figures: 'About 23,000'. */
  aboutCount: (estimate: number) => `About ${Number(estimate.toPrecision(2)).toLocaleString('en-US')}`,
  dashboardGreeting: "Welcome back! Here's what's happening today.",
  /** Before the greeting, with the signed-in admin's first name. */
  hello: (firstName: string) => `Hello, ${firstName}.`,
  previousPage: 'Prev',
  nextPage: 'Next',
  tableView: 'Table view',
  gridView: 'Grid view',
  cancel: 'Cancel',
  noImage: 'No image available',
  uploadProgress: 'Upload progress',
  /** The name of a spinner or bar that shows something loading, where nothing else names it (e.g. the app bar's). */
  loading: 'Loading',
  currentImage: 'current image',
  currentImageLabel: 'Current image',
  textStyle: 'Text style',
  textStyles: { paragraph: 'Normal', heading2: 'Heading', heading3: 'Subheading', heading4: 'Small heading' },
  removeImage: 'Remove image',
  keepImage: 'Keep current image',
  actions: SHARED_TEXTS.actions,
  selectRecord: (name: string) => `Select ${name}`,
} as const;

/** Headings of the pages that are not a resource's. */
export const SCREEN_TITLES = {
  dashboard: 'Dashboard',
  profile: 'Profile',
} as const;

/** Side menu labels. */
export const MENU = {
  dashboard: 'Dashboard',
  videos: 'Videos',
  addVideo: 'Add Video',
  registrations: 'Registrations',
  notifications: 'Notifications',
  slides: 'App Slides',
  news: 'News',
  addNews: 'Add News',
  teams: 'Teams',
  addTeam: 'Add Team',
  player: 'Player',
  addPlayer: 'Add Player',
  matches: 'Matches',
  addMatch: 'Add Match',
  admins: 'Admins',
  activity: 'Activity',
} as const;

/** A page the signed-in admin's role may not open (a direct URL, an old bookmark): react-admin's access-denied route. */
export const ACCESS_DENIED = {
  title: 'Access denied',
  body: (role: string) => `Your role (${role}) does not let you open this page. An owner can change your role if your work needs it.`,
} as const;

/** Shell texts the original panel did not have, for the sign-in help, the profile and the not-found page. */
export const SHELL_EXTRA = {
  emailLabel: 'Email',
  passwordLabel: 'Password',
  forgotPasswordTitle: 'Resetting a password',
  forgotPasswordBody:
    'Crease does not send reset e-mails. Ask the operator who runs the Crease server to set a new password with: npm run admin -- reset-password YOUR-EMAIL',
  close: 'Close',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  profile: 'Profile',
  settings: 'Settings',
  notFoundHint: 'The page you asked for does not exist or has moved.',
  backToDashboard: 'Back to dashboard',
  nameLabel: 'Name',
  firstNameLabel: 'First Name',
  lastNameLabel: 'Last Name',
  roleLabel: 'Role',
  userIdLabel: 'User id',
} as const;

export const DASHBOARD_TEXTS = {
  totalUsers: 'Total Users',
  totalVideos: 'Total Videos',
  totalMatches: 'Total Matches',
  notifications: 'Notifications',
  teams: 'Teams',
  players: 'Players',
  registrations: 'Registrations',
  overview: 'Overview',
  recentVideos: 'Recent Videos',
  recentRegistrations: 'Recent Registrations',
  viewAll: 'View all',
  noVideos: 'No videos uploaded yet',
  noRegistrations: 'No registrations yet',
  columns: { name: 'Name', email: 'Email', phone: 'Phone', status: 'Status', date: 'Date' },
  // Not in the original panel: the chart's range, the trend line and the load failure.
  rangeLabel: 'Chart range',
  lastDays: (days: number) => `Last ${days} days`,
  days: (days: number) => `${days} days`,
  seriesVideos: 'Videos',
  seriesRegistrations: 'Registrations',
  seriesUsers: 'Users',
  /** 'Last 30 days: 3 videos, 2 registrations, 5 users', with only the series the admin's role reads. */
  chartSummary: (days: number, counts: Partial<Record<'videos' | 'registrations' | 'users', number>>) =>
    `Last ${days} days: ${Object.entries(counts)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ')}`,
  trendVs: (days: number) => `vs previous ${days} days`,
  trendUp: (percent: number, days: number) => `Up ${percent}% compared with the previous ${days} days`,
  trendDown: (percent: number, days: number) => `Down ${percent}% compared with the previous ${days} days`,
  trendFlat: (days: number) => `No change compared with the previous ${days} days`,
  trendNone: (days: number) => `Nothing to compare with in the previous ${days} days`,
  loading: 'Loading dashboard...',
  loadFailed: 'The dashboard could not be loaded.',
  retry: 'Retry',
  notAvailable: 'N/A',
} as const;

/** The public privacy policy of the mobile app; contact details come from configuration. */
export const PRIVACY = {
  title: 'Privacy Policy',
  intro:
    'This policy explains what the Crease mobile app collects, why, and the choices you have. By using the app you agree to it.',
  sections: [
    {
      heading: 'Information we collect',
      items: [
        'Contact details: your name, e-mail address and phone number.',
        'Profile: date of birth, playing role, batting and bowling style, team and location.',
        'Credentials: your sign-in e-mail and password (stored only as a secure hash).',
        'User content: photos, registrations and anything else you upload.',
        'Device data: device model, operating system, app version and crash reports.',
      ],
    },
    {
      heading: 'How we use it',
      items: [
        'To run your account, registrations and team memberships.',
        'To show matches, news, videos and notifications relevant to you.',
        'To keep the app secure and fix problems.',
      ],
    },
    {
      heading: 'Sharing',
      items: [
        'We do not sell your information.',
        'We share it only with league organisers who need it to run competitions, with service providers who host the app for us, or when the law requires it.',
      ],
    },
    {
      heading: 'Security',
      items: ['Data travels encrypted and is stored with access limited to the people who run the league.'],
    },
    {
      heading: 'Retention',
      items: ['We keep your information while your account is active and delete it within 90 days after you close it, unless the law asks us to keep it longer.'],
    },
    {
      heading: 'Your rights',
      items: ['You may see, correct, export or delete your information, and withdraw consent at any time, by contacting us.'],
    },
    {
      heading: 'Children',
      items: [`The app is not meant for children under ${PRIVACY_MIN_AGE}. We do not knowingly collect information from anyone younger.`],
    },
    {
      heading: 'Third-party links',
      items: ['The app may link to other sites (for example video platforms). Their own privacy policies apply there.'],
    },
    {
      heading: 'Changes to this policy',
      items: ['We may update this policy; the app will tell you about significant changes before they take effect.'],
    },
  ],
  contactHeading: 'Contact us',
  contactLine: 'Questions about your privacy? Write to us or call:',
  emailLabel: 'E-mail',
  phoneLabel: 'Phone',
  availability: 'Crease is available on the Google Play Store and the Apple App Store.',
  googlePlay: 'Get it on Google Play',
  appStore: 'Download on the App Store',
} as const;

/** Admin accounts: every admin may do everything; admins just have names. */
export const ADMIN_TEXTS = {
  listTitle: 'Admins',
  searchPlaceholder: 'Search admins by name or e-mail...',
  loading: 'Loading admins...',
  addNew: 'Add Admin',
  createTitle: 'Add Admin',
  editTitle: 'Edit Admin',
  editLoading: 'Loading admin...',
  editLoadFailure: 'Failed to load the admin.',
  detailTitle: 'Admin Details',
  loadingDetail: 'Loading admin...',
  backToList: 'Back to Admins',
  fetchFailure: 'Failed to fetch the admin.',
  createSubmit: 'Add Admin',
  createBusy: 'Adding...',
  editSubmit: 'Save Admin',
  editBusy: 'Saving...',
  saveFailed: 'The admin could not be saved',
  emptySearchHint: 'Try another name or e-mail',
  emptyTitle: 'No admins found',
  name: 'Name',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  status: 'Status',
  role: 'Role',
  roleHint: 'Owner: everything, admins and the activity log too. Editor: the league\'s content. Moderator: app users and registrations. Viewer: reads the content only.',
  lastSignIn: 'Last Sign-in',
  neverSignedIn: 'Never',
  created: 'Created',
  firstPassword: 'First Password',
  firstPasswordHint: 'They will be asked to choose their own password when they first sign in.',
  newPassword: 'New Password',
  resetPassword: 'Reset Password',
  resetHint: 'Sets a new password and ends their sessions; they choose their own at the next sign-in.',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  deactivateTitle: 'Deactivate Admin',
  deactivateConfirm: (name: string) => `Deactivate ${name}? Their sessions end at once and they can no longer sign in.`,
  you: 'You',
  createSuccess: 'Admin added',
  updated: 'Admin updated',
  passwordReset: 'Password reset; their sessions have ended',
  deactivated: 'Admin deactivated; their sessions have ended',
  reactivated: 'Admin reactivated',
  notFound: 'Admin not found',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  lastActiveAdmin: 'The last active admin cannot be deactivated',
  lastActiveOwner: 'The last active owner cannot be deactivated or given another role',
  roleInvalid: 'Choose a role: owner, editor, moderator or viewer',
} as const;

/** My profile: own name and own password. */
export const PROFILE_TEXTS = {
  nameTitle: 'Your Name',
  passwordTitle: 'Change Password',
  choosePasswordTitle: 'Choose Your Password',
  choosePasswordIntro: 'Before you continue, choose a password of your own for your account.',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  repeatPassword: 'Repeat New Password',
  saveName: 'Save Name',
  savePassword: 'Change Password',
  nameSaved: 'Your name has been saved',
  nameFailed: 'Your name could not be saved',
  passwordFailed: 'Your password could not be changed',
  passwordChanged: 'Your password has been changed; your other sessions have ended',
} as const;

/** An admin's sessions: their own on the profile, another's on the Admins screens. */
export const SESSION_TEXTS = {
  title: 'Sessions',
  intro: 'Where you are signed in. End a session you do not recognise.',
  device: 'Device',
  address: 'Address',
  lastUsed: 'Last Used',
  signedIn: 'Signed In',
  thisSession: 'This session',
  unknownDevice: 'Unknown device',
  browserOn: (browser: string, system: string) => `${browser} on ${system}`,
  end: 'End',
  endLabel: (device: string) => `End the session on ${device}`,
  endOthers: 'End All Other Sessions',
  ended: 'Session ended',
  othersEnded: (count: number) => (count === 1 ? '1 other session ended' : `${count} other sessions ended`),
  endFailed: 'The session could not be ended',
  loadFailed: 'Your sessions could not be loaded.',
  notFound: 'No such session of yours is open',
  endAll: 'End All Sessions',
  endAllTitle: 'End All Sessions',
  endAllConfirm: (name: string) => `End all of ${name}'s sessions? They are signed out everywhere at once.`,
  allEnded: (count: number) => (count === 1 ? '1 session ended' : `${count} sessions ended`),
  signedOut: 'Signed out',
} as const;

/** A second factor: TOTP on the profile, the sign-in's second step, the league's policy, recovery. */
export const TWO_FACTOR_TEXTS = {
  title: 'Two-Factor Authentication',
  intro: 'A code from an authenticator app on your phone, asked for after your password.',
  statusOn: 'On: sign-in asks for a code from your authenticator app.',
  statusOff: 'Off: your password alone signs you in.',
  turnOn: 'Turn On',
  scanIntro: 'Scan this QR code with an authenticator app (or type the secret into it), then enter the 6-digit code it shows.',
  qrAlt: 'QR code to add your Crease account to an authenticator app',
  secretLabel: 'Secret',
  code: 'Code',
  confirm: 'Confirm',
  cancel: 'Cancel',
  recoveryTitle: 'Your Recovery Codes',
  recoveryIntro: 'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  recoveryDone: 'I have kept them',
  turnOff: 'Turn Off',
  turnOffIntro: 'Enter your password to turn two-factor authentication off.',
  password: 'Password',
  turnedOn: 'Two-factor authentication is on',
  turnedOff: 'Two-factor authentication is off',
  started: 'Scan the code, then confirm',
  failed: 'Two-factor authentication could not be changed',
  alreadyOn: 'Two-factor authentication is already on: turn it off first to set it up again.',
  notStarted: 'Start the set-up first.',
  notOn: 'Two-factor authentication is not on.',
  required: 'Your league requires two-factor authentication: it cannot be turned off.',
  wrongCode: 'That code is not right. Enter the current 6-digit code (or an unused recovery code).',
  wrongPassword: 'That password is not right.',
  ticketInvalid: 'Your sign-in took too long. Please enter your e-mail and password again.',
  tooManyCodes: 'Too many codes tried for this account. Please wait a few minutes, then sign in again.',
  // The sign-in's second step
  stepTitle: 'Enter Your Code',
  stepIntro: 'Open your authenticator app and enter the 6-digit code for Crease, or one of your recovery codes.',
  stepCode: 'Code or recovery code',
  stepSubmit: 'Verify',
  stepBusy: 'Verifying...',
  stepBack: 'Back to sign-in',
  codeRequired: 'Enter the code from your authenticator app, or a recovery code.',
  // The policy
  requireLabel: 'Require two-factor authentication for every admin',
  requireHint: 'Admins without it set it up at their next sign-in.',
  requireOn: 'Every admin now needs two-factor authentication',
  requireOff: 'Two-factor authentication is now optional',
  setUpFirst: 'Your league requires two-factor authentication: set it up before you continue.',
  setUpTitle: 'Set Up Two-Factor Authentication',
  // The activity log's records
  policyLabel: 'Two-factor policy',
} as const;

/** Passkeys (WebAuthn): adding them on the profile, signing in with one. */
export const PASSKEY_TEXTS = {
  title: 'Passkeys',
  intro: 'A passkey signs you in with this device\'s fingerprint, face or PIN, or a security key, instead of your password. Once you have one, signing in with your password also asks for it.',
  name: 'Passkey name',
  nameHelp: 'So you can tell your passkeys apart, e.g. "Work laptop"',
  add: 'Add a Passkey',
  none: 'You have no passkeys yet.',
  added: (name: string) => `Added ${name}`,
  lastUsed: (when: string) => `Last used ${when}`,
  neverUsed: 'Not used yet',
  addedOn: (when: string) => `Added ${when}`,
  remove: 'Remove',
  removeTitle: (name: string) => `Remove the passkey "${name}"?`,
  removeBody: 'You can no longer sign in with it. The passkey itself stays on your device until you delete it there.',
  addSucceeded: 'Your passkey has been added',
  removed: 'Your passkey has been removed',
  fetched: 'Your passkeys',
  cancelled: 'The passkey request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys here.',
  addFailed: 'The passkey could not be added',
  signIn: 'Sign in with a passkey',
  signInFailed: 'Signing in with the passkey did not work',
  orDivider: 'or',
  secondStep: 'Use your passkey',
  secondStepIntro: 'Confirm it is you with the passkey you registered.',
  // Refusals the server answers
  nameRequired: 'Give the passkey a name',
  nameTooLong: `A passkey name has at most ${PASSKEY_NAME_MAX} characters`,
  tooMany: `You already have ${PASSKEYS_PER_ADMIN} passkeys. Remove one before you add another.`,
  challengeInvalid: 'This passkey request has expired or was already used. Please try again.',
  notVerified: 'The passkey could not be verified',
  alreadyRegistered: 'This passkey is already registered',
  unknownPasskey: 'This passkey is not registered for any admin',
  notFound: 'No such passkey',
  ticketInvalid: 'Your sign-in step has expired. Please sign in again.',
  lastFactor: 'Your league requires a second factor: add another passkey or turn on two-factor authentication before you remove this one.',
} as const;

/** The activity log. */
export const ACTIVITY_TEXTS = {
  listTitle: 'Activity',
  searchPlaceholder: 'Search by record title or name...',
  loading: 'Loading activity...',
  emptyTitle: 'No activity found',
  resourceInvalid: 'The activity log has no such resource',
  actionInvalid: 'The activity log has no such action',
  when: 'When',
  admin: 'Admin',
  action: 'Action',
  resource: 'Resource',
  record: 'Record',
  changes: 'Changes',
  from: 'From',
  to: 'To',
  nobody: 'Unknown',
  byCrease: 'Crease',
  byFan: (name: string) => `${name} (app user)`,
  history: 'History',
  historyEmpty: 'No changes recorded yet.',
  historyFailure: 'The history could not be loaded.',
  empty: '(empty)',
  exportCsv: 'Export',
  exportFileName: 'activity.csv',
  exportFailure: 'Failed to export the activity log',
  csvColumns: ['When', 'Admin', 'Action', 'Resource', 'Record id', 'Record', 'Changes'],
  actions: {
    create: 'Created',
    update: 'Updated',
    delete: 'Deleted',
    reorder: 'Reordered',
    passwordReset: 'Password reset',
    passwordChange: 'Password changed',
    signIn: 'Signed in',
    signInRefused: 'Sign-in refused',
    signOut: 'Signed out',
    sessionEnd: 'Session ended',
    sessionsEnd: 'Sessions ended',
    send: 'Sent',
    schedule: 'Scheduled',
    cancel: 'Cancelled',
    retry: 'Retried',
    sendEnded: 'Delivered',
    publish: 'Published',
    unpublish: 'Unpublished',
    autoPublish: 'Published on schedule',
    autoUnpublish: 'Unpublished on schedule',
    redact: 'Personal data redacted',
    reveal: 'Viewed the government ID',
    export: 'Exported',
    totpOn: 'Two-factor turned on',
    totpOff: 'Two-factor turned off',
    recoveryCodeUsed: 'Signed in with a recovery code',
    secondFactorReset: 'Two-factor reset by the operator',
    secondFactorRefused: 'Two-factor code refused',
    passkeyAdd: 'Passkey added',
    passkeyRemove: 'Passkey removed',
    passkeySignIn: 'Signed in with a passkey',
  },
  resources: {
    // The menu says 'Player'; the log names the records 'Players'.
    player: 'Players',
    admins: 'Admins',
  },
} as const;
