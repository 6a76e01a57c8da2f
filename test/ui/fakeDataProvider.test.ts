import { EXACT_TOTAL_LIMIT, htmlText } from '../../src/domain';
import { createFakeDataProvider } from '../../src/providers/fakeDataProvider';
import { createLeague } from '../../src/providers/fakeLeague';

const list = (filter: Record<string, unknown> = {}, page = 1, perPage = 10) => ({
  pagination: { page, perPage },
  sort: { field: 'id', order: 'ASC' as const },
  filter,
});

describe('fakeDataProvider', () => {
  it('pages like the server: a slice and the full total', async () => {
    const provider = createFakeDataProvider();
    const first = await provider.getList('videos', list({}, 1, 10));
    const second = await provider.getList('videos', list({}, 2, 10));
    expect(first.total).toBe(14);
    expect(first.data).toHaveLength(10);
    expect(second.data).toHaveLength(4);
    expect(first.data[0].id).toBe(first.data[0]._id);
  });

  it('flags a search past EXACT_TOTAL_LIMIT hits as the server does (the pager says About), not a list or a narrower search', async () => {
    const league = createLeague();
    const at = new Date().toISOString();
    league.users = Array.from({ length: EXACT_TOTAL_LIMIT + 1 }, (_, n) => ({ _id: `user-${n}`, createdAt: at, name: `Fan ${n}`, email: `fan${n}@example.in`, age: 20, isActive: true }));
    const provider = createFakeDataProvider(league);
    const broad = await provider.getList('users', list({ q: 'fan' }));
    expect(broad).toMatchObject({ total: EXACT_TOTAL_LIMIT + 1, meta: { totalIsEstimate: true } });
    expect((await provider.getList('users', list())).meta).toBeUndefined();
    expect((await provider.getList('users', list({ q: 'fan 1' }))).meta).toBeUndefined();
  });

  it('searches the fields the server searches, case-insensitively, and applies exact filters', async () => {
    const provider = createFakeDataProvider();
    const byTitle = await provider.getList('videos', list({ q: 'MAVERICKS' }));
    expect(byTitle.data.length).toBeGreaterThan(0);
    expect(byTitle.data.every((video) => /mavericks/i.test(video.title))).toBe(true);
    const practice = await provider.getList('videos', list({ category: 'Practice' }));
    expect(practice.data.every((video) => video.category === 'Practice')).toBe(true);
    const byTeam = await provider.getList('player', list({ team_id: 'team-2' }));
    expect(byTeam.total).toBe(3);
  });

  it("rejects invalid payloads with the rules' messages as field errors", async () => {
    const failure = await createFakeDataProvider().create('news', { data: { title: 'Hi', small_description: 'short' } }).catch((e) => e);
    expect(failure.status).toBe(400);
    expect(failure.body.errors).toMatchObject({
      title: 'Title must be at least 5 characters',
      small_description: 'Small Description must be at least 10 characters',
      description: 'Description is required',
    });
  });

  it('answers 404 naming the entity', async () => {
    await expect(createFakeDataProvider().getOne('videos', { id: 'missing' })).rejects.toMatchObject({ status: 404, message: 'Video not found' });
  });

  it('stores file fields, refusing non-images and files over 5MB', async () => {
    const provider = createFakeDataProvider();
    const image = new File(['x'], 'logo.png', { type: 'image/png' });
    const { data } = await provider.create('teams', { data: { name: 'Goa Gladiators', sport: 'sport-1', logo: { rawFile: image } } });
    expect(typeof data.logo).toBe('string');
    expect((await provider.getOne('teams', { id: data.id })).data.name).toBe('Goa Gladiators');

    const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
    await expect(provider.create('teams', { data: { name: 'Goa Gladiators', sport: 'sport-1', logo: { rawFile: text } } })).rejects.toMatchObject({
      status: 415,
      message: 'Please select a valid image file',
    });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await expect(provider.create('teams', { data: { name: 'Goa Gladiators', sport: 'sport-1', logo: { rawFile: huge } } })).rejects.toMatchObject({
      status: 413,
    });
  });

  it('clears the image fields an edit names in removeImages, keeps a new file, and never stores removeImages', async () => {
    const provider = createFakeDataProvider();
    const image = new File(['x'], 'pitch.png', { type: 'image/png' });
    const fields = { title: 'Derby day report', small_description: 'Ten characters at least.', description: '<p>Hi</p>' };
    const { data: created } = await provider.create('news', { data: { ...fields, image: { rawFile: image } } });
    expect(typeof created.image).toBe('string');

    // Each edit starts from the record as the last one left it (its updatedAt is the version).
    let current = created;
    const update = async (data: Record<string, unknown>) => {
      const result = await provider.update('news', { id: created.id, data, previousData: current });
      current = result.data;
      return result;
    };
    const kept = await update({ ...fields, title: 'Derby day, edited' });
    expect(kept.data.image).toBe(created.image);

    const removed = await update({ ...fields, title: 'Derby day, photo removed', image: created.image, removeImages: ['image'] });
    expect(removed.data.image).toBeNull();
    expect(removed.data).not.toHaveProperty('removeImages');
    const stored = (await provider.getOne('news', { id: created.id })).data;
    expect(stored.image).toBeNull();
    expect(stored).not.toHaveProperty('removeImages');
    expect(stored.title).toBe('Derby day, photo removed');

    const replaced = await update({ ...fields, image: { rawFile: image }, removeImages: ['image'] });
    expect(typeof replaced.data.image).toBe('string');
    expect(replaced.data).not.toHaveProperty('removeImages');
  });

  it('counts the news figures over every article: total, the last 7 days, distinct categories', async () => {
    const provider = createFakeDataProvider();
    expect(await provider.getStats('news')).toEqual({ data: { total: 6, thisWeek: 2, categories: 3 } });

    await provider.create('news', {
      data: { title: 'Derby day report', small_description: 'Ten characters at least.', description: '<p>Hi</p>', category: 'Preview' },
    });
    await provider.create('news', {
      data: { title: 'Second derby report', small_description: 'Ten characters at least.', description: '<p>Hi</p>', category: ' ' },
    });
    expect((await provider.getStats('news')).data).toEqual({ total: 8, thisWeek: 4, categories: 4 });
    await provider.delete('news', { id: 'news-1' });
    expect((await provider.getStats('news')).data).toEqual({ total: 7, thisWeek: 3, categories: 4 });
  });

  it('counts "this week" back from now, whenever the league was made', async () => {
    const league = createLeague();
    league.news[0].createdAt = new Date(Date.now() - 8 * 86_400_000).toISOString();
    expect((await createFakeDataProvider(league).getStats('news')).data.thisWeek).toBe(1);
  });

  it('answers 404 for a resource without figures, naming it like the server', async () => {
    await expect(createFakeDataProvider().getStats('videos')).rejects.toMatchObject({ status: 404, message: 'Video not found' });
  });

  it('counts teams (all, active, with a coach) and players like the server, over every row', async () => {
    const provider = createFakeDataProvider();
    expect((await provider.getStats('teams')).data).toEqual({ total: 4, active: 3, withCoach: 3 });
    expect((await provider.getStats('player')).data).toEqual({ total: 12 });
    await provider.create('teams', { data: { name: 'Goa Gladiators', sport: 'sport-1', coach: '  ', isActive: false } });
    expect((await provider.getStats('teams')).data).toEqual({ total: 5, active: 3, withCoach: 3 });
  });

  it('reads teams with their player count and, on the detail, their squad; players with their team under both names', async () => {
    const provider = createFakeDataProvider();
    const { data: teams } = await provider.getList('teams', list({ sport: 'sport-1', isActive: 'false' }));
    expect(teams.map((team) => [team.name, team.playerCount])).toEqual([['Delhi Dynamos', 3]]);
    const { data: team } = await provider.getOne('teams', { id: 'team-2' });
    // By name, as the server lists a squad.
    expect(team.players.map((player: { name: string }) => player.name)).toEqual(['Dev Malhotra', 'Farhan Ali', 'Rohit Iyer']);
    expect(team.players[0].team).toEqual({ _id: 'team-2', name: 'Chennai Chargers', coach: 'S. Fleming' });
    expect((await provider.getList('player', list({ playingRole: 'Bowler', team_id: 'team-2' }))).data.map((p) => p.name)).toEqual(['Rohit Iyer']);
  });

  it('stores the ids a player or team form sends as populated references, and refuses ids naming nothing', async () => {
    const provider = createFakeDataProvider();
    const { data } = await provider.create('player', {
      data: { name: 'New Pick', age: 22, team_id: 'team-1', bowling: 'bowling-2', batting: 'batting-1', battingOrder: 'order-2' },
    });
    expect(data).toMatchObject({
      team_id: { _id: 'team-1', name: 'Mumbai Mavericks', coach: 'R. Shastri' },
      team: { _id: 'team-1', name: 'Mumbai Mavericks' },
      bowling: { _id: 'bowling-2', style: 'Left-arm spin' },
      batting: { _id: 'batting-1', battingsType: 'Right-handed', description: 'Bats right-handed' },
      battingOrder: { _id: 'order-2', order: 4, position: 'Middle order' },
    });
    const cleared = await provider.update('player', { id: data.id, data: { ...data, team_id: '' }, previousData: data });
    expect(cleared.data).toMatchObject({ team_id: null, team: null });
    await expect(provider.create('teams', { data: { name: 'Nowhere XI', sport: 'sport-404' } })).rejects.toMatchObject({
      status: 400,
      body: { errors: { sport: 'The selected item no longer exists' } },
    });
  });

  it("deletes a team and keeps its players, without a team, as the server's foreign key does", async () => {
    const provider = createFakeDataProvider();
    await provider.delete('teams', { id: 'team-2' });
    const { data: player } = await provider.getOne('player', { id: 'player-2' });
    expect(player).toMatchObject({ name: 'Rohit Iyer', team_id: null, team: null });
    expect((await provider.getList('player', list({ team_id: 'team-2' }))).total).toBe(0);
  });

  it("searches news descriptions by their text, not their markup, and keeps the tag filter", async () => {
    const provider = createFakeDataProvider();
    const ids = async (filter: Record<string, unknown>) => (await provider.getList('news', list(filter))).data.map((n) => n.id);
    expect(await ids({ q: 'cover drive' })).toEqual(['news-2']);
    expect(await ids({ q: 'FINAL BALL' })).toEqual(['news-1', 'news-4', 'news-5', 'news-6']);
    expect(await ids({ q: 'report & the' })).toEqual(['news-3']);
    expect(await ids({ q: 'verdict the chase' })).toEqual(['news-6']);
    for (const markup of ['strong', 'href', 'example.com', '<p>', 'li>', '&amp;', '187Wickets']) expect(await ids({ q: markup }), markup).toEqual([]);
    expect(await ids({ tags: 'Final' })).toEqual(['news-2', 'news-6']);
    expect(await ids({ tags: 'Final', q: 'cover' })).toEqual(['news-2']);
    expect((await provider.getOne('news', { id: 'news-2' })).data.description).toContain('<em>cover</em>');
  });

  it('reads HTML as the server does', () => {
    expect(htmlText('<p>Great <strong>cover</strong> drive</p>')).toBe('Great cover drive');
    expect(htmlText('<p><b>K</b>ohli</p><p>next&nbsp;&nbsp;line</p>')).toBe('Kohli next line');
    expect(htmlText('<p>1 &lt; 2 &amp;lt; R&amp;D &quot;q&quot; it&#39;s</p><hr />')).toBe('1 < 2 &lt; R&D "q" it\'s');
  });

  it('sets the video flags and says so', async () => {
    const provider = createFakeDataProvider();
    const before = (await provider.getOne('videos', { id: 'video-2' })).data.isFeatured;
    const result = await provider.setFeatured('videos', { id: 'video-2', value: !before });
    expect(result.data.isFeatured).toBe(!before);
    expect(result.message).toBe(before ? 'Video removed from featured' : 'Video set as featured');
    expect((await provider.setFeatured('videos', { id: 'video-2', value: !before })).data.isFeatured).toBe(!before);
  });

  it('refuses an edit made on an older updatedAt with a 409 and changes nothing', async () => {
    const provider = createFakeDataProvider();
    const { data: read } = await provider.getOne('teams', { id: 'team-1' });
    const saved = await provider.update('teams', { id: 'team-1', data: { ...read, name: 'First save' }, previousData: read });
    expect(saved.data.updatedAt > read.updatedAt).toBe(true);
    const stale = provider.update('teams', { id: 'team-1', data: { ...read, name: 'Second save' }, previousData: read });
    await expect(stale).rejects.toMatchObject({ status: 409, message: 'This record was changed by someone else. Reload it to see their changes.' });
    expect((await provider.getOne('teams', { id: 'team-1' })).data.name).toBe('First save');
  });

  describe('matches, as the server answers them', () => {
    const ids = async (filter: Record<string, unknown>, sort = { field: 'id', order: 'ASC' as 'ASC' | 'DESC' }) =>
      (await createFakeDataProvider().getList('matches', { ...list(filter), sort })).data.map((m) => m.id);
    const day = (inDays: number) => new Date(Date.now() + inDays * 86_400_000).toISOString();

    it('splits upcoming from played against now, each in its own order, and filters by a match-date range', async () => {
      expect(await ids({ when: 'upcoming' })).toEqual(['match-1', 'match-2']);
      expect(await ids({ when: 'played' })).toEqual(['match-3', 'match-4', 'match-5', 'match-6']);
      expect(await ids({ when: 'upcoming' }, { field: 'matchDate', order: 'DESC' })).toEqual(['match-2', 'match-1']);
      expect(await ids({ from: day(-6), to: day(3) }, { field: 'matchDate', order: 'ASC' })).toEqual(['match-4', 'match-3', 'match-1']);
      expect(await ids({ q: 'eden' })).toEqual(['match-2', 'match-5']);
    });

    it('counts all, upcoming and played over what the search and filters select, whatever the tab', async () => {
      const provider = createFakeDataProvider();
      expect((await provider.getStats('matches')).data).toEqual({ total: 6, upcoming: 2, played: 4 });
      expect((await provider.getStats('matches', { filter: { q: 'eden', when: 'played' } })).data).toEqual({ total: 2, upcoming: 1, played: 1 });
      expect((await provider.getStats('matches', { filter: { result: 'Team A Won' } })).data).toEqual({ total: 2, upcoming: 0, played: 2 });
    });

    it('reads the stadium and teams sent as ids back populated, and refuses a team playing itself', async () => {
      const provider = createFakeDataProvider();
      const data = { matchDate: day(4), stadium: 'stadium-2', teamA: 'team-3', teamB: 'team-4', result: 'No Result' };
      const { data: created } = await provider.create('matches', { data });
      expect(created).toMatchObject({
        stadium: { _id: 'stadium-2', name: 'Eden Gardens' },
        teamA: { _id: 'team-3', name: 'Delhi Dynamos', sportDetails: { name: 'Cricket' } },
        teamB: { _id: 'team-4', name: 'Kolkata Knights' },
      });
      const same = await provider.update('matches', { id: created.id, data: { ...data, teamB: 'team-3' }, previousData: created }).catch((e) => e);
      expect(same.body.errors).toEqual({ teamB: 'Team A and Team B must be different teams' });
      const { data: edited } = await provider.update('matches', { id: created.id, data: { ...data, result: 'Draw' }, previousData: created });
      expect(edited).toMatchObject({ id: created.id, result: 'Draw', stadium: { name: 'Eden Gardens' } });
      expect((await provider.getList('matches', list())).total).toBe(7);
    });
  });
});
