/** A small, fixed league for the in-memory provider: enough rows to page, search and filter. */
import { ENTITIES, NEWS_TAGS, PLAYER_ROLES, PUSH_TEXTS, toMinute, VIDEO_CATEGORIES, type DeliveryState, type MatchResult } from '../domain';
import { demoRows } from './fakeDeclared';
import type { StoredDelivery } from './fakeOwnParts';
import type { Role } from '../domain/access';
import type { Row, Tables } from './fakeTables';


export const FAKE_ADMIN = {
  _id: 'u-admin',
  name: 'Asha Rao',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'admin@crease.local',
  role: 'owner' as Role,
};
export const FAKE_ADMIN_PASSWORD = 'crease-demo';

const day = (n: number) => new Date(Date.UTC(2026, 10, 20) - n * 86_400_000).toISOString();
const rows = <T extends Record<string, unknown>>(prefix: string, items: T[]): (T & Row)[] =>
  items.map((item, index) => ({ _id: `${prefix}-${index + 1}`, createdAt: day(index), ...item }));

/** Days before the moment the league is created (the news' 'This Week' figure counts from now). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

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

/** The news articles: their age, category and description HTML (what the rich-text editor stores). */
const NEWS_STORIES: Array<{ daysAgo: number; category: string | null; description: string }> = [
  { daysAgo: 1, category: 'Match report', description: '<p>The chase went down to the <strong>final ball</strong>.</p>' },
  {
    daysAgo: 3,
    category: 'Analysis',
    description: '<p>A textbook <em>cover</em> drive sealed it.</p><ul><li>Runs: 187</li><li>Wickets: 6</li></ul>',
  },
  {
    daysAgo: 10,
    category: 'Team news',
    description:
      '<p>Read the <a href="https://example.com/report" target="_blank" rel="noopener noreferrer nofollow">full report</a> &amp; the scorecard.</p>',
  },
  { daysAgo: 20, category: 'Match report', description: '<p>The chase went down to the final ball.</p>' },
  { daysAgo: 40, category: null, description: '<p>The chase went down to the final ball.</p>' },
  { daysAgo: 75, category: 'Analysis', description: '<h2>Verdict</h2><p>The chase went down to the final ball.</p>' },
];

/** The matches: days from now (negative: played), the stadium's index, the two teams' indexes and the result. */
const MATCH_FIXTURES: Array<{ inDays: number; stadium: number; teams: [number, number]; result: MatchResult }> = [
  { inDays: 2, stadium: 0, teams: [0, 1], result: 'No Result' },
  { inDays: 9, stadium: 1, teams: [1, 2], result: 'No Result' },
  { inDays: -1, stadium: 2, teams: [2, 3], result: 'Team A Won' },
  { inDays: -5, stadium: 0, teams: [3, 0], result: 'Team B Won' },
  { inDays: -12, stadium: 1, teams: [0, 2], result: 'Draw' },
  { inDays: -20, stadium: 2, teams: [1, 3], result: 'Team A Won' },
];

/** A send of the league's phones so far: every device answered but `pending`. */
const delivered = (state: DeliveryState, counts: Partial<StoredDelivery>): StoredDelivery => ({
  state, sendAt: null, targeted: 1284, sent: 0, failed: 0, gone: 0, reasons: {}, message: null, ...counts,
});

/**
 * The notifications' sends, one of each state a screen draws differently: match day 1 goes out
 * tomorrow, 2 is going out, 3 reached most phones, 4 every phone, and 5 none (FCM refused the key).
 */
const NOTIFICATION_DELIVERIES: StoredDelivery[] = [
  delivered('scheduled', { targeted: 0, sendAt: toMinute(new Date(Date.now() + 26 * 3_600_000)).toISOString() }),
  delivered('sending', { sent: 803, failed: 4, gone: 2, reasons: { UNAVAILABLE: 4 } }),
  delivered('partly-sent', { sent: 1248, failed: 23, gone: 13, reasons: { UNAVAILABLE: 14, INVALID_ARGUMENT: 9 } }),
  delivered('sent', { targeted: 1271, sent: 1264, gone: 7 }),
  delivered('failed', { targeted: 1262, failed: 1262, reasons: { UNAUTHENTICATED: 1262 }, message: PUSH_TEXTS.credentialsRefused }),
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
  // As the server answers them: `order` the number in the batting order, `position` its name.
  const battingOrder = rows('order', [
    { order: 1, position: 'Opener' },
    { order: 4, position: 'Middle order' },
    { order: 8, position: 'Lower order' },
  ]);

  const teams = rows(
    'team',
    TEAM_NAMES.map((name, index) => ({
      name,
      coach: COACHES[index],
      sport: 'sport-1',
      logo: null,
      isActive: index !== 2,
    })),
  );
  const players = rows(
    'player',
    PLAYER_NAMES.map((name, index) => ({
      name,
      age: 19 + (index % 15),
      image: null,
      isActive: true,
      team_id: `team-${(index % TEAM_NAMES.length) + 1}`,
      bowling: pick(bowling, index)._id,
      batting: pick(batting, index)._id,
      battingOrder: pick(battingOrder, index)._id,
      playingRole: pick(PLAYER_ROLES, index),
      videoUrl: null,
    })),
  );
  // Dated from now, like the list's tabs: match-1 and match-2 are upcoming, the other four played.
  const matches = rows(
    'match',
    MATCH_FIXTURES.map(({ inDays, stadium: at, teams: [a, b], result }, index) => ({
      matchDate: daysAgo(-inDays),
      matchTime: null,
      stadium: stadium[at]._id,
      teamA: `team-${a + 1}`,
      teamB: `team-${b + 1}`,
      result,
      // One match with all three pictures, for the forms' keep-or-remove images.
      teamA_Flag: index === 0 ? '/uploads/fake/match-1-team-a.png' : null,
      teamB_Flag: index === 0 ? '/uploads/fake/match-1-team-b.png' : null,
      stadium_image: index === 0 ? '/uploads/fake/match-1-stadium.png' : null,
      title: index === 0 ? 'Season opener' : null,
      overs: index === 0 ? 20 : null,
      format: index === 0 ? 'T20' : null,
      umpire: index === 0 ? 'K. Dharmasena' : null,
      tournament: index === 0 ? 'Premier League' : null,
    })),
  );
  const videos = rows(
    'video',
    Array.from({ length: 14 }, (_, index) => ({
      title: `${pick(TEAM_NAMES, index)} ${pick(['highlights', 'nets session', 'post-match chat', 'batting drill'], index)} #${index + 1}`,
      category: pick(VIDEO_CATEGORIES, index),
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      image: null,
      user_id: FAKE_ADMIN._id,
      isFeatured: index % 4 === 0,
      isMagicMoment: index % 5 === 0,
    })),
  );
  // Dated back from now rather than from the league's fixed day, so that the list's 'This Week' card
  // counts news-1 and news-2 and no other; categories: 'Match report', 'Analysis', 'Team news' (news-5 has none).
  const news = rows(
    'news',
    NEWS_STORIES.map((story, index) => ({
      title: `${pick(TEAM_NAMES, index)} clinch a thriller`,
      small_description: 'A last-over finish decided the game in front of a full house.',
      description: story.description,
      tags: [pick(NEWS_TAGS, index), pick(NEWS_TAGS, index + 2)],
      category: story.category,
      // One article with a picture, for the forms' keep-or-remove image.
      image: index === 0 ? '/uploads/fake/news-1.png' : null,
      createdAt: daysAgo(story.daysAgo),
    })),
  );
  const users = rows(
    'user',
    USER_NAMES.map((name, index) => ({
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.in`,
      age: 18 + (index % 30),
      isActive: index % 7 !== 0,
      source: 'demo',
      lastSignInAt: null,
      emailVerified: true,
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
        GovernmentIdNumber: `${4321 + index} 8765 ${9010 + index}`,
        state: pick(state, index)._id,
        district: pick(district, index)._id,
        city: pick(city, index)._id,
        area: 'Main Road',
        pinCode: `4000${10 + index}`,
        address: `${index + 12}, Main Road`,
        playingRole: pick(PLAYER_ROLES, index),
        battingStyle: pick(['Right-handed', 'Left-handed'], index),
        status: pick(['approved', 'pending', 'rejected'], index),
        players: [],
        // Every other one sent from the app by the user of the same name; the rest added for the demo.
        userId: index % 2 === 0 ? users[index]._id : null,
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
      delivery: NOTIFICATION_DELIVERIES[index],
    })),
  );
  // In carousel order, slide-1 first.
  const slides = rows('slide', [1, 2, 3].map((position) => ({ image: '/favicon.svg', position })));

  return {
    sport, stadium, state, district, city,
    'bowling-style': bowling,
    'batting-headedness': batting,
    'batting-order': battingOrder,
    // A declared entity starts with its declaration's demo rows, unless the league generates its own (users).
    ...Object.fromEntries(ENTITIES.map((entity) => [entity.name, demoRows(entity)])),
    teams, player: players, matches, videos, news, users, registrations, notifications, slides,
  };
}
