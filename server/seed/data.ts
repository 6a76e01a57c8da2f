/**
 * Fixed reference data for the demo league: real grounds, real places, the usual cricket vocabulary.
 * Everything random is drawn by the seeded faker in index.ts; this file only holds what should read as real.
 */

export const SPORTS = ['Cricket', 'Football', 'Kabaddi', 'Hockey', 'Badminton'] as const;

export const STADIUMS = [
  'Wankhede Stadium, Mumbai',
  'Eden Gardens, Kolkata',
  'M. Chinnaswamy Stadium, Bengaluru',
  'M. A. Chidambaram Stadium, Chennai',
  'Arun Jaitley Stadium, Delhi',
  'Narendra Modi Stadium, Ahmedabad',
  'Rajiv Gandhi International Stadium, Hyderabad',
  'Sawai Mansingh Stadium, Jaipur',
  "Lord's, London",
  'Melbourne Cricket Ground, Melbourne',
  'Sydney Cricket Ground, Sydney',
  'Newlands, Cape Town',
] as const;

export const BOWLING_STYLES = [
  'Right-arm fast',
  'Right-arm fast-medium',
  'Right-arm medium',
  'Left-arm fast',
  'Left-arm fast-medium',
  'Left-arm medium',
  'Off-spin',
  'Leg-spin',
  'Left-arm orthodox spin',
  'Left-arm wrist spin',
] as const;

/** Styles a specialist bowler of each kind is drawn from. */
export const PACE_STYLES = BOWLING_STYLES.slice(0, 6);
export const SPIN_STYLES = BOWLING_STYLES.slice(6);

export const BATTING_HEADEDNESS = [
  { battings_type: 'Right-handed', description: 'Bats with the right hand on the bottom of the handle; stands to the off side of a right-arm bowler.' },
  { battings_type: 'Left-handed', description: 'Bats with the left hand on the bottom of the handle; changes the angles for bowlers and fielders.' },
] as const;

export const BATTING_ORDERS: ReadonlyArray<{ order: number; position: string }> = [
  { order: 1, position: 'Opener' },
  { order: 2, position: 'Opener' },
  { order: 3, position: 'Top order' },
  { order: 4, position: 'Top order' },
  { order: 5, position: 'Middle order' },
  { order: 6, position: 'Middle order' },
  { order: 7, position: 'Middle order' },
  { order: 8, position: 'Lower order' },
  { order: 9, position: 'Lower order' },
  { order: 10, position: 'Tail' },
  { order: 11, position: 'Tail' },
];

export interface DistrictData {
  name: string;
  /** First three digits of the district's PIN codes. */
  pin: string;
  cities: readonly string[];
}

export interface StateData {
  name: string;
  districts: readonly DistrictData[];
}

/** A realistic subset of Indian states, their districts and towns, with each district's PIN prefix. */
export const STATES: readonly StateData[] = [
  {
    name: 'Maharashtra',
    districts: [
      { name: 'Mumbai Suburban', pin: '400', cities: ['Andheri', 'Borivali', 'Kurla'] },
      { name: 'Pune', pin: '411', cities: ['Pune', 'Pimpri-Chinchwad', 'Baramati'] },
      { name: 'Nagpur', pin: '440', cities: ['Nagpur', 'Kamptee', 'Umred'] },
      { name: 'Nashik', pin: '422', cities: ['Nashik', 'Malegaon', 'Sinnar'] },
    ],
  },
  {
    name: 'Karnataka',
    districts: [
      { name: 'Bengaluru Urban', pin: '560', cities: ['Bengaluru', 'Yelahanka', 'Anekal'] },
      { name: 'Mysuru', pin: '570', cities: ['Mysuru', 'Nanjangud', 'Hunsur'] },
      { name: 'Dakshina Kannada', pin: '575', cities: ['Mangaluru', 'Puttur', 'Bantwal'] },
      { name: 'Belagavi', pin: '590', cities: ['Belagavi', 'Gokak', 'Athani'] },
    ],
  },
  {
    name: 'Tamil Nadu',
    districts: [
      { name: 'Coimbatore', pin: '641', cities: ['Coimbatore', 'Pollachi', 'Mettupalayam'] },
      { name: 'Madurai', pin: '625', cities: ['Madurai', 'Melur', 'Thirumangalam'] },
      { name: 'Tiruchirappalli', pin: '620', cities: ['Tiruchirappalli', 'Srirangam', 'Manapparai'] },
      { name: 'Chengalpattu', pin: '603', cities: ['Tambaram', 'Chengalpattu', 'Maraimalai Nagar'] },
    ],
  },
  {
    name: 'West Bengal',
    districts: [
      { name: 'North 24 Parganas', pin: '743', cities: ['Barasat', 'Barrackpore', 'Bidhannagar'] },
      { name: 'Howrah', pin: '711', cities: ['Howrah', 'Uluberia', 'Bally'] },
      { name: 'Darjeeling', pin: '734', cities: ['Darjeeling', 'Siliguri', 'Kurseong'] },
      { name: 'Purba Bardhaman', pin: '713', cities: ['Bardhaman', 'Kalna', 'Katwa'] },
    ],
  },
  {
    name: 'Uttar Pradesh',
    districts: [
      { name: 'Lucknow', pin: '226', cities: ['Lucknow', 'Malihabad', 'Mohanlalganj'] },
      { name: 'Kanpur Nagar', pin: '208', cities: ['Kanpur', 'Bilhaur', 'Ghatampur'] },
      { name: 'Varanasi', pin: '221', cities: ['Varanasi', 'Ramnagar'] },
      { name: 'Gautam Buddh Nagar', pin: '201', cities: ['Noida', 'Greater Noida', 'Dadri'] },
    ],
  },
  {
    name: 'Gujarat',
    districts: [
      { name: 'Ahmedabad', pin: '380', cities: ['Ahmedabad', 'Sanand', 'Dholka'] },
      { name: 'Surat', pin: '395', cities: ['Surat', 'Bardoli', 'Mandvi'] },
      { name: 'Vadodara', pin: '390', cities: ['Vadodara', 'Padra', 'Dabhoi'] },
      { name: 'Rajkot', pin: '360', cities: ['Rajkot', 'Gondal', 'Jetpur'] },
    ],
  },
  {
    name: 'Rajasthan',
    districts: [
      { name: 'Jaipur', pin: '302', cities: ['Jaipur', 'Chomu', 'Sanganer'] },
      { name: 'Jodhpur', pin: '342', cities: ['Jodhpur', 'Phalodi', 'Bilara'] },
      { name: 'Udaipur', pin: '313', cities: ['Udaipur', 'Mavli'] },
      { name: 'Ajmer', pin: '305', cities: ['Ajmer', 'Kishangarh', 'Beawar'] },
    ],
  },
  {
    name: 'Kerala',
    districts: [
      { name: 'Ernakulam', pin: '682', cities: ['Kochi', 'Aluva', 'Perumbavoor'] },
      { name: 'Thiruvananthapuram', pin: '695', cities: ['Thiruvananthapuram', 'Neyyattinkara', 'Attingal'] },
      { name: 'Kozhikode', pin: '673', cities: ['Kozhikode', 'Vadakara', 'Koyilandy'] },
    ],
  },
];

/** Neighbourhood names used for a registration's `area`. */
export const AREAS = [
  'MG Road', 'Gandhi Nagar', 'Shivaji Nagar', 'Indira Nagar', 'Rajaji Nagar', 'Nehru Colony', 'Station Road',
  'Civil Lines', 'Model Town', 'Sector 12', 'Sector 21', 'Old Town', 'Market Yard', 'Lake View', 'Temple Street',
  'Railway Colony', 'Subhash Nagar', 'Ambedkar Nagar', 'Patel Nagar', 'Green Park',
];

export const STREET_NAMES = ['Tilak', 'Nehru', 'Gokhale', 'Tagore', 'Netaji', 'Sardar Patel', 'Vivekananda', 'Sarojini', 'Ashoka', 'Rajendra Prasad', 'Azad', 'Bhagat Singh'];

export const STREET_WORDS = ['Main Road', 'Cross Road', 'Lane', 'Street', 'Marg', 'Path', 'Layout', 'Extension'];

export interface TeamData {
  name: string;
  initials: string;
  colors: [string, string];
  active: boolean;
}

export const TEAMS: readonly TeamData[] = [
  { name: 'Mumbai Monsoons', initials: 'MM', colors: ['#0b4f8a', '#f2b632'], active: true },
  { name: 'Chennai Cyclones', initials: 'CC', colors: ['#f2c200', '#1d3c78'], active: true },
  { name: 'Bengaluru Blazers', initials: 'BB', colors: ['#b3121f', '#1a1a1a'], active: true },
  { name: 'Kolkata Tigers', initials: 'KT', colors: ['#4b2a83', '#d4a017'], active: true },
  { name: 'Delhi Dusters', initials: 'DD', colors: ['#17479e', '#e03a3e'], active: true },
  { name: 'Hyderabad Hawks', initials: 'HH', colors: ['#f26522', '#111111'], active: true },
  { name: 'Jaipur Jaguars', initials: 'JJ', colors: ['#e4007c', '#0f2a5f'], active: true },
  { name: 'Lucknow Lancers', initials: 'LL', colors: ['#1f8a70', '#f4f1de'], active: false },
];

export const TOURNAMENTS = ['Crease Premier League 2025', 'Crease Challenger Cup', 'Monsoon T20 Trophy'] as const;

export const MATCH_FORMATS: ReadonlyArray<{ format: string; overs: number }> = [
  { format: 'T20', overs: 20 },
  { format: 'T20', overs: 20 },
  { format: 'One Day', overs: 50 },
  { format: 'T10', overs: 10 },
];

export const MATCH_TIMES = ['10:00', '14:00', '15:30', '19:30'] as const;

// The app's registrations take these too.
export { GOVERNMENT_ID_TYPES } from '../../src/domain/app-registrations';

export const TUTORIAL_TITLES = [
  'How to bowl the perfect yorker',
  'The cover drive, step by step',
  'Leg-spin grips explained',
  'Wicketkeeping footwork drills',
  'Reading the pitch before the toss',
  'Running between the wickets: calling and backing up',
  'Playing spin with soft hands',
  'Slip catching drills for club cricketers',
  'Death bowling: slower balls that work',
  'Building an innings in a T20 chase',
  'Fast bowling run-up rhythm',
  'Fielding: the long barrier and the slide',
];

export const INTERVIEW_TOPICS = [
  'the pressure of the powerplay',
  'finding form after injury',
  'his first league hundred',
  'leading a young dressing room',
  'bowling at the death',
  'playing at home in front of a full house',
  'the road to the final',
  'learning from the senior pros',
];

export const NOTIFICATION_TEMPLATES: ReadonlyArray<{ title: string; body: string }> = [
  { title: 'Match day!', body: '{A} take on {B} at {S} tonight. Gates open two hours before the first ball.' },
  { title: 'Registrations are open', body: 'Trials for the new season are open. Register your squad in the app before the deadline.' },
  { title: 'New highlights', body: 'Watch the best moments from {A} vs {B} in the Videos section now.' },
  { title: 'Ticket alert', body: 'Tickets for {A} vs {B} at {S} are selling fast. Book yours in the app.' },
  { title: 'Squad announced', body: '{A} have named their squad for the {T}. See the full list in Teams.' },
  { title: 'Rain delay', body: 'Play at {S} is delayed by rain. We will post an update at the next inspection.' },
  { title: 'Magic moment', body: 'That catch! Relive the magic moment of the week from {A} vs {B}.' },
  { title: 'Result', body: '{A} beat {B} in a thriller at {S}. Read the full match report in News.' },
  { title: 'Fan poll', body: 'Who was your player of the week? Cast your vote in the app before Sunday.' },
  { title: 'Schedule update', body: 'The {T} fixture list has been updated. Check the new timings for your team.' },
];
