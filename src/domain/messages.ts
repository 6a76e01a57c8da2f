/**
 * Every user-facing text of the spec (SPEC §2, §5, §8), kept exactly as written there.
 * Validation messages are shared by the forms and the server; the rest are screen texts.
 */

import { PRIVACY_MIN_AGE } from './limits';

export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
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
  // Server-side checks the spec's forms leave out, worded like the spec's own messages.
  matchDateInvalid: 'Please enter a valid match date',
  oversMin: 'Overs must be at least 1',
  teamsMustDiffer: 'Team A and Team B must be different teams',
  firstNameRequired: 'First name is required',
  districtNotInState: 'The selected district is not in the selected state',
  cityNotInDistrict: 'The selected city is not in the selected district',
} as const;

export const UPLOAD = {
  tooLarge: 'File size must be less than 5MB',
  teamLogoTooLarge: 'Image size should be less than 5MB',
  notAnImage: 'Please select a valid image file',
  textTooLong: 'Text must be less than 1MB',
} as const;

export const AUTH = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unauthorized: 'Authentication required',
  loginSuccess: 'Login successful',
} as const;

export const NOT_FOUND = {
  video: 'Video not found',
  news: 'News not found',
  team: 'Team not found',
  player: 'Player not found',
  match: 'Match not found',
  user: 'User not found',
  notification: 'Notification not found',
  registration: 'Registration not found',
  slide: 'Slide not found',
  route: 'Page not found',
} as const;

export const VIDEO_TEXTS = {
  listTitle: 'Video Management',
  addNew: 'Add New Video',
  emptyTitle: 'No videos found',
  emptyHint: 'Try adjusting your search criteria',
  loading: 'Loading videos...',
  deleteTitle: 'Delete Video',
  deleteConfirm: (title: string) => `Are you sure you want to delete "${title}"? This action cannot be undone.`,
  deleteConfirmDetail: 'Are you sure you want to delete this video? This action cannot be undone.',
  deleting: 'Deleting...',
  createTitle: 'Add New Video',
  createSubmit: 'Add Video',
  createBusy: 'Adding...',
  createSuccess: 'Video added successfully!',
  createFailure: 'Failed to add video. Please try again.',
  detailTitle: 'Video Details',
  statusActions: 'Status & Actions',
  setFeatured: 'Set Featured',
  removeFeatured: 'Remove Featured',
  setMagicMoment: 'Set Magic Moment',
  removeMagicMoment: 'Remove Magic Moment',
  backToList: 'Back to Videos',
  fetchFailure: 'Failed to fetch video details.',
  toggleFailure: 'Something went wrong',
  deleteSuccess: 'Video deleted successfully',
  deleteFailure: 'Failed to delete video',
  editTitle: 'Edit Video',
  editLoading: 'Loading video data...',
  editThumbnail: 'Update Thumbnail (Optional)',
  editThumbnailHint: 'Leave empty to keep current thumbnail',
  editSubmit: 'Update Video',
  editBusy: 'Updating...',
  editSuccess: 'Video updated successfully!',
  editFailure: 'Failed to update video. Please try again.',
  editLoadFailure: 'Failed to load video data.',
  featuredOn: 'Video set as featured',
  featuredOff: 'Video removed from featured',
  magicOn: 'Video set as magic moment',
  magicOff: 'Video removed from magic moments',
  deleted: 'Video deleted successfully',
  // Screen texts the spec implies but does not spell out (labels, placeholders, states).
  searchPlaceholder: 'Search videos by title or category...',
  categoryFilter: 'Category',
  columnDetails: 'Video Details',
  columnUploader: 'Uploaded By',
  columnCreated: 'Created Date',
  columnActions: 'Actions',
  fieldTitle: 'Video Title',
  fieldCategory: 'Category',
  fieldVideoUrl: 'Video URL',
  fieldThumbnail: 'Thumbnail Image',
  videoPreview: 'Video Preview',
  videoPreviewHint: 'Paste a YouTube link to see the video here',
  thumbnailPreview: 'Thumbnail Preview',
  currentThumbnail: 'Current Thumbnail',
  featured: 'Featured',
  notFeatured: 'Not featured',
  magicMoment: 'Magic Moment',
  notMagicMoment: 'Not a magic moment',
  sortTitle: 'Title',
  sortCreated: 'Created Date',
  loadingDetail: 'Loading video details...',
} as const;

/** News, team and player outcomes the server answers with (SPEC §8). */
export const NEWS_TEXTS = {
  createSuccess: 'News created successfully!',
  editSuccess: 'News updated successfully',
  deleteSuccess: 'News deleted successfully',
} as const;

export const TEAM_TEXTS = {
  createSuccess: 'Team created successfully!',
  editSuccess: 'Team updated successfully!',
  deleteSuccess: 'Team deleted successfully!',
} as const;

export const PLAYER_TEXTS = {
  createSuccess: 'Player created successfully',
  editSuccess: 'Player updated successfully',
} as const;

export const MATCH_TEXTS = {
  createSuccess: 'Match created successfully!',
  editSuccess: 'Match updated successfully!',
} as const;

export const REGISTRATION_TEXTS = {
  deleteSuccess: 'Registration deleted successfully!',
} as const;

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
  noResults: 'Try adjusting your search criteria',
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
  footer: '© 2024 Crease. All rights reserved.',
  totalItems: (count: number) => `Total Item: ${count}`,
  dashboardGreeting: "Welcome back! Here's what's happening today.",
  previousPage: 'Prev',
  nextPage: 'Next',
  tableView: 'Table view',
  gridView: 'Grid view',
  cancel: 'Cancel',
  noImage: 'No image available',
  placeholder: 'Placeholder: this screen is not built yet.',
  uploadProgress: 'Upload progress',
} as const;

/** Headings of each screen; the spec's where it names one, plain ones elsewhere. */
export const SCREEN_TITLES = {
  dashboard: 'Dashboard',
  profile: 'Profile',
  videos: { list: 'Video Management', show: 'Video Details', edit: 'Edit Video', create: 'Add New Video' },
  news: { list: 'News Management', show: 'News Details', edit: 'Edit News Article', create: 'Add News Article' },
  teams: { list: 'Team Management', show: 'Team Details', edit: 'Edit Team', create: 'Create Team' },
  player: { list: 'Player Management', show: 'Player Details', edit: 'Edit Player', create: 'Add Player' },
  matches: { list: 'Match Management', show: 'Match Details', edit: 'Edit Match', create: 'Create New Match' },
  users: { list: 'User Management', show: 'User Details' },
  registrations: { list: 'Registrations', show: 'Registration Details', edit: 'Edit Registration' },
  notifications: { list: 'Notifications Management', show: 'Notification Details', create: 'Create Notification' },
  slides: 'App Slides',
} as const;

/** Side menu labels (SPEC §2.2). */
export const MENU = {
  dashboard: 'Dashboard',
  videos: 'Videos',
  addVideo: 'Add Video',
  users: 'User',
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
} as const;

/** Shell texts beyond the spec's, for the sign-in help, the profile and the not-found page. */
export const SHELL_EXTRA = {
  emailLabel: 'Email',
  passwordLabel: 'Password',
  forgotPasswordTitle: 'Resetting a password',
  forgotPasswordBody:
    'Crease does not send reset e-mails. Ask the operator who runs the Crease server to set a new password with: npm run admin -- reset-password YOUR-EMAIL',
  close: 'Close',
  profile: 'Profile',
  settings: 'Settings',
  notFoundHint: 'The page you asked for does not exist or has moved.',
  backToDashboard: 'Back to dashboard',
  nameLabel: 'Name',
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
  // Beyond the spec: the chart's range, the trend line and the load failure.
  rangeLabel: 'Chart range',
  lastDays: (days: number) => `Last ${days} days`,
  days: (days: number) => `${days} days`,
  seriesVideos: 'Videos',
  seriesRegistrations: 'Registrations',
  seriesUsers: 'Users',
  chartSummary: (days: number, videos: number, registrations: number, users: number) =>
    `Last ${days} days: ${videos} videos, ${registrations} registrations, ${users} users`,
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

/** The public privacy policy of the mobile app (SPEC §1); contact details come from configuration. */
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
