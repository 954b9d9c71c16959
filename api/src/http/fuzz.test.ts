// Fuzzing every operation of the OpenAPI document (issue 19): generated from /docs/json, so a route is fuzzed the day
// it is added. Each operation gets malformed variants of its documented body, query and path parameters (wrong types,
// null, arrays for objects, 10,000-character strings, control characters, unicode, huge and negative numbers, missing
// and extra fields, invalid JSON, wrong content types, deep nesting), then random ones from fast-check. Every answer
// must be a 2xx (the input was acceptable after all) or a 4xx JSON body in a DRF shape: never a 5xx, never a stack
// trace, never a framework code. Runs as a logged-in customer (a fresh one per operation) so the handlers are reached.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../commerce/test-app';

interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  /** A value each path parameter accepts (its documented enum's first, else '1'). */
  pathDefaults: Record<string, string>;
  query: Record<string, Schema>;
  body: Record<string, Schema> | null;
  takesBody: boolean;
}
interface Variant {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
}

let t: TestApp;
let operations: Operation[] = [];
let sent = 0;
const failures: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const doc = (await t.inject({ url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        pathDefaults: Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, String(p.schema?.enum?.[0] ?? '1')])),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
        body: bodySchema?.properties ?? null,
        takesBody: ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()),
      });
    }
  }
  operations = operations.sort((a, b) => Number(a.path.includes('logout')) - Number(b.path.includes('logout')));
}, 120_000);
afterAll(async () => {
  console.log(`fuzz: sent ${sent} requests to ${operations.length} operations of /docs/json`);
  await t?.close();
});

const LONG = 'x'.repeat(10_000);
const CONTROL = ['a\u0000b', '\u0000', 'x\u0001y', 'x\u001by', '\u007f', 'x\u0085y'];
const UNICODE = ['𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓', 'ñandú', '\u202eevil', '\ud800', 'مرحبا', '🙂'.repeat(300)];
const NUMBERS = [-1, 0, 1.5, -(2 ** 53) - 2, 2 ** 53 + 2, 1e308, -1e308, 2 ** 64];
/** Values of every wrong kind for a field, whatever its documented type. */
const WRONG: unknown[] = [null, true, [], [1, 2], {}, { a: 1 }, '', LONG, ...CONTROL, ...UNICODE, ...NUMBERS, 'NaN', '-1', '1e999'];

const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);

function validValue(schema: Schema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [validValue(schema.items ?? { type: 'string' })];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, validValue(s)]));
    default:
      return 'valid-text';
  }
}

function urlOf(op: Operation, params: Record<string, string> = {}, query = ''): string {
  let url = op.path;
  for (const name of op.pathParams) url = url.replace(`{${name}}`, params[name] ?? op.pathDefaults[name] ?? '1');
  return query ? `${url}?${query}` : url;
}

/** Percent-encodes a value; a lone surrogate becomes its (invalid) UTF-8 bytes, one more malformed input. */
function enc(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  try {
    return encodeURIComponent(s);
  } catch {
    return s.split(/[\ud800-\udfff]/).map(encodeURIComponent).join('%ED%A0%80');
  }
}

/** The fixed catalogue of malformed requests for one operation. */
function variants(op: Operation): Variant[] {
  const out: Variant[] = [];
  const base = urlOf(op);
  // Path parameters: bad escapes, control characters, too long, huge numbers, unicode.
  for (const name of op.pathParams) {
    for (const raw of ['%zz', '%00', '%01', encodeURIComponent(LONG), '-1', '0', '99999999999999999999999', '1.5', encodeURIComponent('ñ🙂'), '%2e%2e', encodeURIComponent('a b')]) {
      out.push({ label: `path ${name}=${raw.slice(0, 20)}`, url: urlOf(op, { [name]: raw }) });
    }
  }
  // Query strings: every documented key with each wrong value, repeated keys, bad escapes.
  const keys = Object.keys(op.query);
  for (const key of keys) {
    for (const value of WRONG) out.push({ label: `query ${key}=${String(JSON.stringify(value)).slice(0, 20)}`, url: urlOf(op, {}, `${key}=${enc(value)}`) });
    out.push({ label: `query ${key} repeated`, url: urlOf(op, {}, `${key}=a&${key}=b&${key}[x]=c`) });
    out.push({ label: `query ${key}=%zz`, url: urlOf(op, {}, `${key}=%zz`) });
  }
  if (keys.length === 0 && op.method === 'GET') out.push({ label: 'query extra', url: urlOf(op, {}, `x=%00&x=1&y=${enc(LONG)}`) });
  if (!op.takesBody) return out;

  const json = (label: string, value: unknown) => out.push({ label, url: base, payload: JSON.stringify(value), contentType: 'application/json' });
  // Whole bodies of the wrong kind.
  for (const value of [null, [], [{}], 'text', 12, true, {}]) json(`body ${JSON.stringify(value)}`, value);
  const fields = op.body ?? {};
  const valid = Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, validValue(s)]));
  json('body valid-looking', valid);
  json('body extra fields', { ...valid, extra: 'x', is_staff: true, constructor: { prototype: { x: 1 } } });
  for (const [key, schema] of Object.entries(fields)) {
    const { [key]: _dropped, ...missing } = valid;
    json(`body missing ${key}`, missing);
    for (const value of WRONG) json(`body ${key}=${String(JSON.stringify(value)).slice(0, 20)}`, { ...valid, [key]: value });
    if (schema.type === 'object') {
      json(`body ${key} array for object`, { ...valid, [key]: [valid[key]] });
      // One level down: each nested field with each wrong value.
      const inner = valid[key] as Record<string, unknown>;
      for (const sub of Object.keys(schema.properties ?? {}))
        for (const value of WRONG) json(`body ${key}.${sub}=${String(JSON.stringify(value)).slice(0, 20)}`, { ...valid, [key]: { ...inner, [sub]: value } });
    }
    json(`body ${key} deeply nested`, { ...valid, [key]: JSON.parse(deep(500)) as unknown });
  }
  // Text that is not valid JSON, other media types, nesting deeper than any parser should follow.
  for (const payload of ['{"a":', '{', '[1,]', "{'a':1}", '\u0000', 'null', '', '{"a":1}{"b":2}', '{"__proto__":{"x":1}}'])
    out.push({ label: `invalid JSON ${JSON.stringify(payload)}`, url: base, payload, contentType: 'application/json' });
  for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/octet-stream'])
    out.push({ label: `content-type ${contentType}`, url: base, payload: JSON.stringify(valid), contentType });
  out.push({ label: 'deep object', url: base, payload: deep(20_000), contentType: 'application/json' });
  out.push({ label: 'deep array', url: base, payload: deepArray(40_000), contentType: 'application/json' });
  out.push({ label: 'body too large', url: base, payload: JSON.stringify({ a: 'x'.repeat(200_000) }), contentType: 'application/json' });
  return out;
}

/** DRF shapes (CONTRACT.md): {"detail": "..."}, or fields mapped to lists of messages (nested for nested objects). */
function drfProblem(res: LightMyRequestResponse): string | null {
  if (!/^application\/json/.test(String(res.headers['content-type'] ?? ''))) return `content-type ${String(res.headers['content-type'])}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'body is not JSON';
  }
  if (/FST_|\n\s+at |node_modules|Error:/.test(res.body)) return 'framework code or stack trace';
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  const o = body as Record<string, unknown>;
  // Field errors are lists, so a string `message`/`code` or any `statusCode` is a framework's error object.
  if ('statusCode' in o || typeof o.code === 'string' || typeof o.message === 'string' || 'stack' in o) return 'framework error keys';
  if ('detail' in o) return typeof o.detail === 'string' && Object.keys(o).length === 1 ? null : 'detail with other keys';
  // WIRE.md's checkout failures: {"error": "..."} plus optional field errors.
  const fieldsOk = (v: unknown): boolean =>
    (Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string')) ||
    (!!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every(fieldsOk));
  const entries = Object.entries(o).filter(([k, v]) => !(k === 'error' && typeof v === 'string' && !/^(Bad Request|Not Found|Unsupported Media Type|Payload Too Large|URI Too Long)$/.test(v)));
  if (entries.length === 0 && 'error' in o) return null;
  return entries.length > 0 && entries.every(([, v]) => fieldsOk(v)) ? null : 'not a DRF field-error map';
}

async function send(op: Operation, v: Variant, auth: string) {
  sent += 1;
  const res = await t.inject({
    method: op.method as 'GET',
    url: v.url,
    auth,
    ...(v.payload !== undefined ? { payload: v.payload, headers: { 'content-type': v.contentType ?? 'application/json' } } : {}),
  });
  let problem: string | null = null;
  if (res.statusCode >= 500) problem = `answered ${res.statusCode}`;
  else if (res.statusCode >= 400) problem = drfProblem(res);
  else if (res.statusCode < 200 || res.statusCode >= 400) problem = null; // redirects are fine
  if (problem) failures.push(`${op.method} ${op.path} [${v.label}] -> ${res.statusCode} ${problem}: ${res.body.slice(0, 160)}`);
  return problem;
}

test('every operation of /docs/json answers malformed input with a 2xx or a DRF-shaped 4xx, never a 5xx', async () => {
  expect(operations.length).toBeGreaterThan(40);
  for (const op of operations) {
    const user = await t.user();
    for (const v of variants(op)) await send(op, v, user.auth);
  }
  expect(failures).toEqual([]);
}, 120_000);

test('random bodies and query values from fast-check (seeded) get the same treatment', async () => {
  failures.length = 0;
  const withBody = operations.filter((o) => o.takesBody);
  const withQuery = operations.filter((o) => Object.keys(o.query).length > 0);
  const user = await t.user();
  // Any JSON value, with strings drawn from the whole of unicode (control characters and lone surrogates included).
  const anyValue = fc.jsonValue({ maxDepth: 4, depthSize: 'small' }).chain((value) =>
    fc.oneof(fc.constant(value), fc.string({ unit: 'binary', maxLength: 40 }), fc.integer(), fc.double(), fc.constantFrom(...WRONG)),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...withBody),
      fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 4 }),
      fc.boolean(),
      async (op, random, keepFields) => {
        const fields = Object.keys(op.body ?? {});
        const body = keepFields ? { ...Object.fromEntries(fields.map((k) => [k, random[Object.keys(random)[0] ?? ''] ?? null])), ...random } : random;
        const problem = await send(op, { label: `random body ${JSON.stringify(body).slice(0, 60)}`, url: urlOf(op), payload: JSON.stringify(body), contentType: 'application/json' }, user.auth);
        if (problem) throw new Error(failures.at(-1));
      },
    ),
    { numRuns: 300, seed: 19, endOnFailure: true },
  );
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...withQuery), fc.string({ unit: 'binary', maxLength: 30 }), async (op, value) => {
      const key = Object.keys(op.query)[0]!;
      const problem = await send(op, { label: `random query ${JSON.stringify(value)}`, url: urlOf(op, {}, `${key}=${enc(value)}`) }, user.auth);
      if (problem) throw new Error(failures.at(-1));
    }),
    { numRuns: 150, seed: 22, endOnFailure: true },
  );
  expect(failures).toEqual([]);
}, 120_000);
