/**
 * @jest-environment node
 */
import { sharedReads } from './shared-reads';

/** A fake API: counts the requests it gets by method and URL, answers what `answer` says. */
function api(answer: (url: string) => Response = () => Response.json([{ id: 1 }])) {
  const calls: string[] = [];
  const seenHeaders: Headers[] = [];
  const base: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    calls.push(`${request.method} ${request.url}`);
    seenHeaders.push(request.headers);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return answer(request.url);
  };
  return { base, calls, seenHeaders };
}

const URL_A = 'http://api.test/manager/faqs/';
const URL_B = 'http://api.test/manager/slide_images/';

it('serves renders asking for the same address from one read, at once or within the time kept', async () => {
  let time = 0;
  const fake = api();
  const reads = sharedReads({ base: fake.base, ttlMs: 2000, now: () => time, headers: { 'X-Storefront-Server-Token': 'secret-secret-secret' } });
  const [a, b] = await Promise.all([reads.fetch(URL_A), reads.fetch(URL_A)]);
  expect(await a.json()).toEqual([{ id: 1 }]);
  expect(await b.json()).toEqual([{ id: 1 }]);
  time = 1999;
  expect(await (await reads.fetch(URL_A)).json()).toEqual([{ id: 1 }]);
  await reads.fetch(URL_B);
  expect(fake.calls).toEqual([`GET ${URL_A}`, `GET ${URL_B}`]);
  expect(fake.seenHeaders.every((h) => h.get('x-storefront-server-token') === 'secret-secret-secret')).toBe(true);
  // Past the time kept, and after a new content version, the API is asked again.
  time = 2000;
  await reads.fetch(URL_A);
  reads.setVersion('v2');
  await reads.fetch(URL_A);
  reads.setVersion('v2');
  await reads.fetch(URL_A);
  expect(fake.calls).toEqual([`GET ${URL_A}`, `GET ${URL_B}`, `GET ${URL_A}`, `GET ${URL_A}`]);
});

it('passes writes, reads with credentials and answers that may not be shared straight through', async () => {
  const fake = api((url) =>
    url.endsWith('/cart/')
      ? Response.json({ items: [] }, { headers: { 'Set-Cookie': 'visitor=1' } })
      : url.endsWith('/down/')
        ? new Response('busy', { status: 503 })
        : url.endsWith('/mine/')
          ? Response.json({}, { headers: { 'Cache-Control': 'private, max-age=0' } })
          : Response.json([]),
  );
  const reads = sharedReads({ base: fake.base });
  for (let i = 0; i < 2; i++) {
    await reads.fetch(URL_A, { method: 'POST', body: '{}' });
    await reads.fetch(URL_A, { headers: { Authorization: 'Token abc' } });
    await reads.fetch('http://api.test/api/cart/');
    expect((await reads.fetch('http://api.test/down/')).status).toBe(503);
    await reads.fetch('http://api.test/mine/');
  }
  expect(fake.calls).toEqual([
    `POST ${URL_A}`, `GET ${URL_A}`, 'GET http://api.test/api/cart/', 'GET http://api.test/down/', 'GET http://api.test/mine/',
    `POST ${URL_A}`, `GET ${URL_A}`, 'GET http://api.test/api/cart/', 'GET http://api.test/down/', 'GET http://api.test/mine/',
  ]);
  // A render that waited for a read whose answer may not be shared asks on its own, and gets its own answer.
  fake.calls.length = 0;
  const both = await Promise.all([reads.fetch('http://api.test/down/'), reads.fetch('http://api.test/down/')]);
  expect(both.map((r) => r.status)).toEqual([503, 503]);
  expect(await both[1]!.text()).toBe('busy');
  expect(fake.calls).toEqual(['GET http://api.test/down/', 'GET http://api.test/down/']);
});

it("a render giving up (its signal aborted) does not take the read away from the others", async () => {
  const fake = api();
  const reads = sharedReads({ base: fake.base });
  const first = reads.fetch(URL_A);
  const controller = new AbortController();
  const second = reads.fetch(URL_A, { signal: controller.signal });
  controller.abort(new Error('render over budget'));
  await expect(second).rejects.toThrow('render over budget');
  expect(await (await first).json()).toEqual([{ id: 1 }]);
  expect(await (await reads.fetch(URL_A)).json()).toEqual([{ id: 1 }]);
  expect(fake.calls).toEqual([`GET ${URL_A}`]);
});

it('a failed read is not kept', async () => {
  let fail = true;
  const base: typeof fetch = async () => {
    if (fail) throw new TypeError('fetch failed');
    return Response.json(['ok']);
  };
  const reads = sharedReads({ base });
  await expect(reads.fetch(URL_A)).rejects.toThrow('fetch failed');
  fail = false;
  expect(await (await reads.fetch(URL_A)).json()).toEqual(['ok']);
});
