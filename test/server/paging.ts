/**
 * Paging checks every list shares: with 25 records seeded (newest first by default), the first,
 * last and past-the-end pages and the page-size cap answer the paged shape every list shares.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { MAX_PAGE_SIZE } from '../../src/domain/limits';

type List = (query: string) => Promise<LightMyRequestResponse>;

export async function expectEmptyPage(list: List): Promise<void> {
  const res = await list('');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    success: true,
    data: { docs: [], totalDocs: 0, limit: 10, page: 1, totalPages: 1, prevPage: null, nextPage: null },
  });
}

/** `field` tells the records apart; pages must neither repeat nor skip one. */
export async function expectPagesOf25(list: List, field: string): Promise<void> {
  const names = (data: { docs: Record<string, unknown>[] }) => data.docs.map((doc) => doc[field]);
  const first = (await list('')).json().data;
  expect(first).toMatchObject({ totalDocs: 25, limit: 10, page: 1, totalPages: 3, prevPage: null, nextPage: 2 });
  expect(first.docs).toHaveLength(10);

  const last = (await list('?page=3')).json().data;
  expect(last).toMatchObject({ page: 3, totalPages: 3, prevPage: 2, nextPage: null });
  expect(last.docs).toHaveLength(5);

  const past = (await list('?page=9')).json().data;
  expect(past).toMatchObject({ docs: [], totalDocs: 25, page: 9, totalPages: 3, prevPage: 3, nextPage: null });

  const all = (await list(`?limit=${MAX_PAGE_SIZE + 50}`)).json().data;
  expect(all.limit).toBe(MAX_PAGE_SIZE);
  expect(new Set(names(all)).size).toBe(25);
  expect(names(all)).toEqual([...names(first), ...names((await list('?page=2')).json().data), ...names(last)]);

  for (const query of ['?page=0', '?limit=0', '?page=abc', '?sort=password', '?order=sideways']) {
    const res = await list(query);
    expect(res.statusCode, query).toBe(400);
    expect(res.json().success).toBe(false);
  }
}
