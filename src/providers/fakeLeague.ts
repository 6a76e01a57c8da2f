/** A small, fixed league for the in-memory provider: enough rows to page, search and filter. */
import { MATCH_RESULTS, NEWS_TAGS, PLAYER_ROLES, VIDEO_CATEGORIES } from '../domain';

export type Row = Record<string, unknown> & { _id: string; createdAt: string };
export type Tables = Record<string, Row[]>;

export const FAKE_ADMIN = {
  _id: 'u-admin',
  name: 'Asha Rao',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'admin@crease.local',
  role: 'admin',
};
export const FAKE_ADMIN_PASSWORD = 'crease-demo';

const day = (n: number) => new Date(Date.UTC(2026, 10, 20) - n * 86_400_000).toISOString();
const rows = <T extends Record<string, unknown>>(prefix: string, items: T[]): (T & Row)[] =>
  items.map((item, index) => ({ _id: `${prefix}-${index + 1}`, createdAt: day(index), ...item }));

const pick = <T,>(list: readonly T[], index: number) => list[index % list.length];

const TEAM_NAMES = ['Mumbai Mavericks', 'Chennai Chargers', 'Delhi Dynamos', 'Kolkata Knights'];
const COACHES = ['R. Shastri', 'S. Fleming', '', 'B. McCullum'];
const PLAYER_NAMES = [
  'Arjun Mehta', 'Rohit Iyer', 'Kiran Patil', 'Vikram Rao', 'Sanjay Nair', 'Dev Malhotra',
  'Aman Gill', 'Rahul Das', 'Nikhil Sen', 'Farhan Ali', 'Ishaan Kapoor', 'Manoj Tiwari',
];
const USER_NAMES = [
  'Priya Sharma', 'Karan Joshi', 'Meera Pillai', 'Anil Kumar', 'Sneha Reddy', 'Vivek Menon',
  'Pooja Gupta', 'Rajesh Singh', 'Divya Iyer', 'Harsh Vora', 'Lakshmi Nair', 'Tarun Bose',
  'Neha Jain', 'Suresh Babu', 'Kavya Rao', 'Imran Khan', 'Anjali Desai', 'Gaurav Shah',
  'Ritu Verma', 'Deepak Yadav', 'Sunita Patel', 'Ajay Mishra', 'Nisha Kulkarni', 'Rohan Ghosh', 'Tanvi Mehra',
];

export function createLeague(): Tables {
  const sport = rows('sport', [{ name: 'Cricket' }]);
  const stadium = rows('stadium', [{ name: 'Wankhede Stadium' }, { name: 'Eden Gardens' }, { name: 'M. Chinnaswamy Stadium' }]);
  const state = rows('state', [{ name: 'Maharashtra' }, { name: 'Karnataka' }]);
  const district = rows('district', [
    { name: 'Mumbai', state: 'state-1' },
    { name: 'Pune', state: 'state-1' },
    { name: 'Bengaluru Urban', state: 'state-2' },
  ]);
  const city = rows('city', [
    { name: 'Andheri', district: 'district-1' },
    { name: 'Kothrud', district: 'district-2' },
    { name: 'Whitefield', district: 'district-3' },
  ]);
  const bowling = rows('bowling', [{ style: 'Right-arm fast' }, { style: 'Left-arm spin' }, { style: 'Leg spin' }]);
  const batting = rows('batting', [
    { battingsType: 'Right-handed', description: 'Bats right-handed' },
    { battingsType: 'Left-handed', description: 'Bats left-handed' },
  ]);
  const battingOrder = rows('order', [
    { order: 'Opener', position: 1 },
    { order: 'Middle order', position: 4 },
    { order: 'Lower order', position: 8 },
  ]);
  const teamRef = (index: number) => ({ _id: `team-${index + 1}`, name: TEAM_NAMES[index], coach: COACHES[index] });

  const teams = rows(
    'team',
    TEAM_NAMES.map((name, index) => ({
      name,
      coach: COACHES[index],
      sport: { _id: 'sport-1', name: 'Cricket' },
      logo: '',
      isActive: index !== 2,
      players: [],
    })),
  );
  const players = rows(
    'player',
    PLAYER_NAMES.map((name, index) => ({
      name,
      age: 19 + (index % 15),
      image: '',
      isActive: true,
      team_id: teamRef(index % TEAM_NAMES.length),
      team: teamRef(index % TEAM_NAMES.length),
      bowling: pick(bowling, index),
      batting: pick(batting, index),
      battingOrder: pick(battingOrder, index),
      playingRole: pick(PLAYER_ROLES, index),
      videoUrl: '',
    })),
  );
  const matches = rows(
    'match',
    Array.from({ length: 6 }, (_, index) => ({
      matchDate: day(index * 3).slice(0, 10),
      stadium: pick(stadium, index).name,
      teamA: { ...teamRef(index % 4), sportDetails: { name: 'Cricket' } },
      teamB: { ...teamRef((index + 1) % 4), sportDetails: { name: 'Cricket' } },
      result: pick(MATCH_RESULTS, index),
      teamA_Flag: '',
      teamB_Flag: '',
      stadium_image: '',
    })),
  );
  const uploader = { _id: FAKE_ADMIN._id, firstName: FAKE_ADMIN.firstName, lastName: FAKE_ADMIN.lastName, role: 'admin' };
  const videos = rows(
    'video',
    Array.from({ length: 14 }, (_, index) => ({
      title: `${pick(TEAM_NAMES, index)} ${pick(['highlights', 'nets session', 'post-match chat', 'batting drill'], index)} #${index + 1}`,
      category: pick(VIDEO_CATEGORIES, index),
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      image: '',
      user_id: uploader,
      isFeatured: index % 4 === 0,
      isMagicMoment: index % 5 === 0,
    })),
  );
  const news = rows(
    'news',
    Array.from({ length: 6 }, (_, index) => ({
      title: `${pick(TEAM_NAMES, index)} clinch a thriller`,
      small_description: 'A last-over finish decided the game in front of a full house.',
      description: '<p>The chase went down to the final ball.</p>',
      tags: [pick(NEWS_TAGS, index), pick(NEWS_TAGS, index + 2)],
      category: pick(['Match report', 'Analysis'], index),
      image: '',
    })),
  );
  const users = rows(
    'user',
    USER_NAMES.map((name, index) => ({
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.in`,
      age: 18 + (index % 30),
      isActive: index % 7 !== 0,
    })),
  );
  const registrations = rows(
    'registration',
    USER_NAMES.slice(0, 8).map((name, index) => {
      const [firstName, lastName] = name.split(' ');
      return {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@example.in`,
        phone: `98${String(10000000 + index * 1234567).slice(0, 8)}`,
        DOB: `199${index}-0${(index % 9) + 1}-15`,
        GovernmentIdType: 'Aadhaar',
        GovernmentIdNumber: `XXXX-XXXX-${1000 + index}`,
        state: { _id: pick(state, index)._id, name: pick(state, index).name },
        district: { _id: pick(district, index)._id, name: pick(district, index).name },
        city: { _id: pick(city, index)._id, name: pick(city, index).name },
        area: 'Main Road',
        pinCode: `4000${10 + index}`,
        address: `${index + 12}, Main Road`,
        playingRole: pick(PLAYER_ROLES, index),
        battingStyle: pick(['Right-handed', 'Left-handed'], index),
        status: pick(['approved', 'pending', 'rejected'], index),
        players: [],
      };
    }),
  );
  const notifications = rows(
    'notification',
    Array.from({ length: 5 }, (_, index) => ({
      title: `Match day ${index + 1}`,
      body: `Tickets for match day ${index + 1} are now on sale in the app.`,
      image: '',
      isActive: true,
    })),
  );
  const slides = rows('slide', [{ image: '/favicon.svg' }, { image: '/favicon.svg' }, { image: '/favicon.svg' }]);

  return {
    sport, stadium, state, district, city,
    'bowling-style': bowling,
    'batting-headedness': batting,
    'batting-order': battingOrder,
    teams, player: players, matches, videos, news, users, registrations, notifications, slides,
  };
}
