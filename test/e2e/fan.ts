/**
 * A fan as the app makes one, through `/app/v1`: signs up, optionally links a phone, and sends a
 * registration with one player and their photo, from the places the app's form lists (the e2e
 * server's SEED=lookups fills them).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { pngOf } from './session';

export interface Fan {
  name: string;
  email: string;
  password: string;
}

/** The fan's user id and session, and the registration they sent. */
export async function fanRegistration(request: APIRequestContext, fan: Fan, options: { phone?: string } = {}) {
  const account = await request.post('/app/v1/account', { data: { name: fan.name, email: fan.email, age: 29, password: fan.password } });
  expect(account.ok(), await account.text()).toBe(true);
  const { token, user } = (await account.json()).data as { token: string; user: { _id: string } };
  const authorization = `Bearer ${token}`;
  if (options.phone) {
    const device = await request.post('/app/v1/devices', { headers: { authorization }, data: { token: options.phone, platform: 'android' } });
    expect(device.ok(), await device.text()).toBe(true);
  }

  const first = async (path: string) => ((await (await request.get(path)).json()).data as { _id: string }[])[0];
  const state = await first('/app/v1/states');
  const district = await first(`/app/v1/districts?state=${state._id}`);
  const city = await first(`/app/v1/cities?district=${district._id}`);
  const photo = { name: 'junior.png', mimeType: 'image/png', buffer: await pngOf(300, 400, '#2e7d32') };
  const [firstName, ...rest] = fan.name.split(' ');
  const sent = await request.post('/app/v1/registrations', {
    headers: { authorization },
    multipart: {
      firstName,
      lastName: rest.join(' '),
      email: fan.email,
      phone: '9876543210',
      DOB: '1995-06-07',
      GovernmentIdType: 'Aadhaar Card',
      GovernmentIdNumber: '2345 6789 4321',
      state: state._id,
      district: district._id,
      city: city._id,
      area: 'Phase 1',
      pinCode: '411057',
      address: '12, Lane 3',
      playingRole: 'Batsman',
      battingStyle: 'Right-handed',
      players: JSON.stringify([{ firstName: 'Junior', lastName: 'Fan', dob: '2011-02-03', playingRole: 'Bowler', battingStyle: 'Right-handed', bowlingStyle: null }]),
      'players.0.photo': photo,
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return { userId: user._id, authorization, registration: (await sent.json()).data._id as string };
}
