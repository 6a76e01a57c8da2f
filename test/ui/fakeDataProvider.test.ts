import { createFakeDataProvider } from '../../src/providers/fakeDataProvider';

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

  it("rejects invalid payloads with the spec's messages as field errors", async () => {
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

  it('flips the video flags and says so', async () => {
    const provider = createFakeDataProvider();
    const before = (await provider.getOne('videos', { id: 'video-2' })).data.isFeatured;
    const result = await provider.toggleFeatured('videos', { id: 'video-2' });
    expect(result.data.isFeatured).toBe(!before);
    expect(result.message).toBe(before ? 'Video removed from featured' : 'Video set as featured');
  });
});
