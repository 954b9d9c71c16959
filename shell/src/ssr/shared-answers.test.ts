/**
 * @jest-environment node
 */
import { LoadCache } from 'shared/load';
import { sharedAnswers, withHeaders } from './shared-answers';

const later = <T>(value: T, ms = 5) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

it('serves renders asking for the same load from one fetch, at once or within the time kept', async () => {
  let time = 0;
  const answers = sharedAnswers({ ttlMs: 2000, now: () => time });
  const fetcher = jest.fn(() => later([{ id: 1 }]));
  const [a, b] = await Promise.all([new LoadCache(true, {}, answers).fetch('t/faqs', fetcher), new LoadCache(true, {}, answers).fetch('t/faqs', fetcher)]);
  expect(a).toEqual({ data: [{ id: 1 }] });
  expect(b).toEqual({ data: [{ id: 1 }] });
  time = 1999;
  const third = new LoadCache(true, {}, answers);
  const kept = third.fetch('t/faqs', fetcher);
  // Kept: React's `use` reads it without waiting (the promise says it is fulfilled).
  expect(kept).toMatchObject({ status: 'fulfilled', value: { data: [{ id: 1 }] } });
  expect(third.toJSON()).toEqual({ 't/faqs': [{ id: 1 }] });
  await new LoadCache(true, {}, answers).fetch('t/slides', fetcher);
  expect(fetcher).toHaveBeenCalledTimes(2);
  // Past the time kept, and after a new content version, the API is asked again.
  time = 2000;
  await new LoadCache(true, {}, answers).fetch('t/faqs', fetcher);
  answers.setVersion('v2');
  await new LoadCache(true, {}, answers).fetch('t/faqs', fetcher);
  answers.setVersion('v2');
  await new LoadCache(true, {}, answers).fetch('t/faqs', fetcher);
  expect(fetcher).toHaveBeenCalledTimes(4);
});

it('keeps no failed fetch: every render waiting for it has no answer, the next one fetches again', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const answers = sharedAnswers();
  const failing = jest.fn(() => later(null).then(() => Promise.reject(new Error('503'))));
  const one = new LoadCache(true, {}, answers);
  const two = new LoadCache(true, {}, answers);
  expect(await Promise.all([one.fetch('t/down', failing), two.fetch('t/down', failing)])).toEqual([undefined, undefined]);
  expect([one.failed, two.failed]).toEqual([1, 1]);
  expect(failing).toHaveBeenCalledTimes(1);
  const working = jest.fn(() => later('up'));
  expect(await new LoadCache(true, {}, answers).fetch('t/down', working)).toEqual({ data: 'up' });
  jest.restoreAllMocks();
});

it('does not stop a shared fetch when the render that started it ends', async () => {
  const answers = sharedAnswers();
  let signal: AbortSignal | undefined;
  const first = new LoadCache(true, {}, answers);
  void first.fetch('t/slow', (s) => {
    signal = s;
    return later('done', 20);
  });
  const second = new LoadCache(true, {}, answers).fetch('t/slow', () => Promise.reject(new Error('not asked')));
  first.abort();
  expect(signal?.aborted).toBe(false);
  expect(await second).toEqual({ data: 'done' });
});

it('freezes a kept answer: a render cannot change what the next pages show', async () => {
  const answers = sharedAnswers();
  const answer = await new LoadCache(true, {}, answers).fetch('t/posts', () => later({ posts: [{ title: 'a' }] }));
  const fetched = answer && 'data' in answer ? answer : undefined;
  expect(Object.isFrozen(fetched!.data)).toBe(true);
  expect(Object.isFrozen(fetched!.data.posts[0])).toBe(true);
  expect(() => {
    'use strict';
    fetched!.data.posts.push({ title: 'b' });
  }).toThrow(TypeError);
});

it('sends the server token with every API read', async () => {
  const seen: Headers[] = [];
  const fetcher = withHeaders({ 'X-Storefront-Server-Token': 'secret-secret-secret' }, async (input) => {
    seen.push((input as Request).headers);
    return Response.json([]);
  });
  await fetcher('http://api.test/manager/faqs/', { headers: { Accept: 'application/json' } });
  const [headers] = seen;
  expect(headers?.get('x-storefront-server-token')).toBe('secret-secret-secret');
  expect(headers?.get('accept')).toBe('application/json');
});
