// Helpers of the cluster suite and the cluster benchmark: the API's own packages (pg, pg-boss, autocannon live in
// api/node_modules), logging in as the seeded demo customer, waiting.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../scripts/lib/cluster.mjs';

const apiRequire = createRequire(path.join(ROOT, 'api', 'package.json'));
/** A package of the API (node-postgres, pg-boss, autocannon), as the API resolves it. */
export const fromApi = async (name) => {
  const mod = await import(pathToFileURL(apiRequire.resolve(name)).href);
  return mod.default ?? mod;
};
export const fromApiNamed = async (name) => import(pathToFileURL(apiRequire.resolve(name)).href);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const DEMO = { username: 'demo', password: 'demo-pass-2024', email: 'demo@example.com' };

const post = (base, url, body, headers = {}) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/**
 * Logs the demo customer in through `base` (password, then the mailed code, read from the dev outbox through `mailBase`,
 * which may be another node: the outbox is in the database). `headers` go with every request (X-Forwarded-For).
 * Returns the access token.
 */
export async function login(base, { mailBase = base, headers = {}, user = DEMO } = {}) {
  const since = new Date(Date.now() - 1000).toISOString();
  const res = await post(base, '/core/login/', { username: user.username, password: user.password }, headers);
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie').split(';')[0];
  let code = null;
  for (let i = 0; i < 100 && !code; i++) {
    const mails = await (await fetch(`${mailBase}/dev/outbox?to=${encodeURIComponent(user.email)}`)).json();
    const fresh = mails
      .filter((mail) => !mail.created_at || mail.created_at >= since)
      .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
    for (const mail of fresh) {
      const m = /login code is: (\d+)/.exec(mail.text);
      if (m) {
        code = m[1];
        break;
      }
    }
    if (!code) await sleep(100);
  }
  if (!code) throw new Error('no login code in the dev outbox');
  const session = await post(base, '/core/submit-login-code/', { login_code: code }, { cookie, ...headers });
  if (!session.ok) throw new Error(`login code refused: ${session.status} ${await session.text()}`);
  return (await session.json()).access;
}

/** Waits until `check()` returns a truthy value (returned) or throws after `timeoutMs`. */
export async function until(check, { timeoutMs = 30_000, every = 50, what = 'condition' } = {}) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(every);
  }
}
