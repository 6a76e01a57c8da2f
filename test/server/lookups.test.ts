import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerWithLookups, type Lookups } from './fixtures';
import type { TestServer } from './harness';

let server: TestServer;
let lookups: Lookups;
beforeAll(async () => {
  ({ server, lookups } = await createServerWithLookups());
});
afterAll(() => server.close());

const data = async (path: string) => {
  const res = await server.request({ method: 'GET', url: `/admin/${path}` });
  expect(res.statusCode, path).toBe(200);
  expect(res.json()).toMatchObject({ success: true });
  return res.json().data;
};

describe('lookup lists', () => {
  it('answers sports and stadiums as plain lists, by name', async () => {
    expect(await data('sport')).toEqual([
      { _id: lookups.cricket, name: 'Cricket' },
      { _id: lookups.football, name: 'Football' },
    ]);
    expect((await data('stadium')).map((s: { name: string }) => s.name)).toEqual(['Eden Gardens', 'Wankhede Stadium']);
  });

  it('answers bowling styles and batting headedness, by name', async () => {
    expect(await data('bowling-style')).toEqual([
      { _id: lookups.pace, style: 'Left-arm fast' },
      { _id: lookups.spin, style: 'Right-arm off spin' },
    ]);
    expect(await data('batting-headedness')).toEqual([
      { _id: expect.any(String), battingsType: 'Left-handed', description: null },
      { _id: lookups.rightHanded, battingsType: 'Right-handed', description: 'Bats right-handed' },
    ]);
  });

  it('answers batting orders in batting order', async () => {
    expect(await data('batting-order')).toEqual([
      { _id: lookups.opener, order: 1, position: 'Opener' },
      { _id: lookups.middle, order: 4, position: 'Middle order' },
    ]);
  });

  it('answers an empty list for an empty table', async () => {
    await server.db.deleteFrom('stadiums').execute();
    expect(await data('stadium')).toEqual([]);
  });

  it('needs a token', async () => {
    for (const path of ['sport', 'stadium', 'bowling-style', 'batting-headedness', 'batting-order']) {
      expect((await server.app.inject({ method: 'GET', url: `/admin/${path}` })).statusCode, path).toBe(401);
    }
  });
});
