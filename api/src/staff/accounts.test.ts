// Staff accounts (admin only; the role matrix in access.test.ts covers who may call): list, create, change a role,
// disable and enable, each audit-logged with before and after; an admin cannot demote or disable themselves.
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../commerce/test-app';
import { REAUTH_REQUIRED } from 'shared/schemas';
import { users } from '../db/schema';
import { tickets } from '../db/schema-commerce';

let t: TestApp;
let admin: { id: number; auth: string; username: string };
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.user({ staff: true });
  await t.db.orm.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  // Changing staff accounts needs a recent authentication (a sign-in or the password again, in the last 10 minutes).
  expect((await t.inject({ method: 'POST', url: '/core/reauth/', auth: admin.auth, payload: { password: TEST_PASSWORD } })).statusCode).toBe(200);
}, 120_000);
afterAll(() => t?.close());

type Account = { id: number; username: string; email: string; role: string; disabled: boolean };
type Entry = { action: string; actor: string; target_type: string; target_id: string; before: unknown; after: unknown };
const audits = async (action: string) => (await t.inject({ url: `/staff/audit/?action=${action}`, auth: admin.auth })).json() as Entry[];
const create = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/staff/accounts/', auth: admin.auth, payload });
const change = (id: number, payload: Record<string, unknown>, auth = admin.auth) =>
  t.inject({ method: 'PATCH', url: `/staff/accounts/${id}/`, auth, payload });
const login = (username: string, password: string) => t.inject({ method: 'POST', url: '/core/login/', payload: { username, password } });

let seq = 0;
const fresh = () => `sup${Date.now().toString(36).slice(-5)}${++seq}`;

test('an admin creates a support account: it is listed, audit-logged, and can log in with its password', async () => {
  const username = fresh();
  const res = await create({ username, email: `${username}@hosthub.test`, role: 'support', password: 'first-pass-2024' });
  expect(res.statusCode).toBe(201);
  const made = res.json().data as Account;
  expect(made).toMatchObject({ username, email: `${username}@hosthub.test`, role: 'support', disabled: false });
  const list = (await t.inject({ url: '/staff/accounts/', auth: admin.auth })).json() as Account[];
  expect(list.find((a) => a.id === made.id)).toMatchObject({ role: 'support' });
  expect(list.every((a) => a.role !== 'customer')).toBe(true);
  const [entry] = await audits('staff.create');
  expect(entry).toMatchObject({ action: 'staff.create', actor: admin.username, target_type: 'staff', target_id: String(made.id), before: null });
  expect(entry!.after).toEqual({ username, email: `${username}@hosthub.test`, role: 'support', disabled: false });
  // The same login as everyone: the password, then a mailed code.
  expect((await login(username, 'first-pass-2024')).statusCode).toBe(200);
});

test('an admin session that has not proved the password in the last 10 minutes is asked to: nothing is created or changed', async () => {
  const other = await t.user({ staff: true });
  await t.db.orm.update(users).set({ role: 'admin' }).where(eq(users.id, other.id));
  const username = fresh();
  const body = { username, email: `${username}@hosthub.test`, role: 'admin', password: 'first-pass-2024' };
  const stale = await t.inject({ method: 'POST', url: '/staff/accounts/', auth: other.auth, payload: body });
  expect([stale.statusCode, stale.json()]).toEqual([403, { detail: REAUTH_REQUIRED }]);
  expect(await t.db.orm.select().from(users).where(eq(users.username, username))).toEqual([]);
  const promote = await change(admin.id, { role: 'support' }, other.auth);
  expect([promote.statusCode, promote.json()]).toEqual([403, { detail: REAUTH_REQUIRED }]);
  // The password again, then it goes through.
  expect((await t.inject({ method: 'POST', url: '/core/reauth/', auth: other.auth, payload: { password: TEST_PASSWORD } })).statusCode).toBe(200);
  expect((await t.inject({ method: 'POST', url: '/staff/accounts/', auth: other.auth, payload: body })).statusCode).toBe(201);
  // Eleven minutes later it is asked again.
  t.clock.advance(11 * 60_000);
  expect((await change(admin.id, { role: 'support' }, other.auth)).statusCode).toBe(403);
  expect((await t.inject({ method: 'POST', url: '/core/reauth/', auth: admin.auth, payload: { password: TEST_PASSWORD } })).statusCode).toBe(200);
});

test('bad input is a 400 at the field and creates nothing', async () => {
  const taken = await create({ username: admin.username.toUpperCase(), email: `${admin.username}@example.com`, role: 'support', password: 'first-pass-2024' });
  expect(taken.statusCode).toBe(400);
  expect(taken.json()).toEqual({ username: ['A user with that username already exists.'], email: ['A user with that email already exists.'] });
  const bad = await create({ username: 'x', email: 'not-mail', role: 'customer', password: 'short' });
  expect(bad.statusCode).toBe(400);
  expect(Object.keys(bad.json()).sort()).toEqual(['email', 'password', 'role', 'username']);
  expect(bad.json().role).toEqual(['Choose support, billing or admin.']);
  expect((await t.db.orm.select().from(users).where(eq(users.username, 'x'))).length).toBe(0);
});

test('an admin changes a role, disables (sessions end, login refused) and enables an account, each audit-logged', async () => {
  const username = fresh();
  const made = (await create({ username, email: `${username}@hosthub.test`, role: 'support', password: 'first-pass-2024' })).json().data as Account;
  const role = await change(made.id, { role: 'billing' });
  expect(role.statusCode).toBe(200);
  expect(role.json().data).toMatchObject({ role: 'billing', disabled: false });
  const [roleEntry] = await audits('staff.role');
  expect(roleEntry).toMatchObject({ target_id: String(made.id), before: { role: 'support' }, after: { role: 'billing' } });

  // A session of the account (as after its login), then it is disabled.
  const session = await t.user({ staff: true });
  await t.db.orm.update(users).set({ role: 'billing' }).where(eq(users.id, session.id));
  expect((await t.inject({ url: '/staff/invoices/', auth: session.auth })).statusCode).toBe(200);
  expect((await change(session.id, { disabled: true })).json().data).toMatchObject({ disabled: true });
  expect((await t.inject({ url: '/core/me/', auth: session.auth })).statusCode).toBe(401);
  expect((await t.inject({ url: '/staff/invoices/', auth: session.auth })).statusCode).toBe(404);
  await change(made.id, { disabled: true });
  const refused = await login(username, 'first-pass-2024');
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({ non_field_errors: ['This account has been disabled. Ask an administrator.'] });
  const [disableEntry] = await audits('staff.disable');
  expect(disableEntry).toMatchObject({ target_id: String(made.id), before: { disabled: false }, after: { disabled: true } });

  expect((await change(made.id, { disabled: false })).json().data).toMatchObject({ disabled: false });
  expect((await login(username, 'first-pass-2024')).statusCode).toBe(200);
  expect((await audits('staff.enable'))[0]).toMatchObject({ target_id: String(made.id), before: { disabled: true }, after: { disabled: false } });
});

test('an admin cannot take away their own admin role or disable themselves; nothing changes', async () => {
  const own = await change(admin.id, { role: 'support' });
  expect(own.statusCode).toBe(400);
  expect(own.json()).toEqual({ role: ['You cannot remove your own admin role.'] });
  const off = await change(admin.id, { disabled: true });
  expect(off.statusCode).toBe(400);
  expect(off.json()).toEqual({ disabled: ['You cannot disable your own account.'] });
  const [row] = await t.db.orm.select().from(users).where(eq(users.id, admin.id));
  expect(row).toMatchObject({ role: 'admin', disabledAt: null });
  expect((await t.inject({ url: '/staff/accounts/', auth: admin.auth })).statusCode).toBe(200);
});

test('a customer is not a staff account here', async () => {
  const c = await t.user();
  const res = await change(c.id, { role: 'admin' });
  expect(res.statusCode).toBe(404);
  const [row] = await t.db.orm.select().from(users).where(eq(users.id, c.id));
  expect(row!.role).toBe('customer');
});

test('two admins demoting each other at once: one change is made, the other caller is no longer an admin (404); an admin is left', async () => {
  const [a, b] = [await t.user({ staff: true }), await t.user({ staff: true })];
  await t.db.orm.update(users).set({ role: 'admin' }).where(inArray(users.id, [a.id, b.id]));
  for (const who of [a, b]) await t.inject({ method: 'POST', url: '/core/reauth/', auth: who.auth, payload: { password: TEST_PASSWORD } });
  const answers = await Promise.all([change(b.id, { role: 'support' }, a.auth), change(a.id, { role: 'support' }, b.auth)]);
  expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  const roles = (await t.db.orm.select().from(users).where(inArray(users.id, [a.id, b.id]))).map((u) => u.role).sort();
  expect(roles).toEqual(['admin', 'support']);
  // The one demoted creates no account either.
  const demoted = answers[0]!.statusCode === 200 ? b : a;
  const username = fresh();
  const made = await t.inject({ method: 'POST', url: '/staff/accounts/', auth: demoted.auth, payload: { username, email: `${username}@hosthub.test`, role: 'admin', password: 'first-pass-2024' } });
  expect(made.statusCode).toBe(404);
});

test("a support member disabled or moved to billing hands their open tickets back to the queue; closed ones keep their name", async () => {
  const customer = await t.user();
  const open = async (title: string) =>
    (await t.inject({ method: 'POST', url: '/ticket/tickets/', auth: customer.auth, payload: { title, description: 'Help.', priority: 'low' } })).json().data.id as number;
  const assign = (ticket: number, to: number) => t.inject({ method: 'PATCH', url: `/staff/tickets/${ticket}/`, auth: admin.auth, payload: { assigned_to: to } });
  const assignee = async (ticket: number) => (await t.db.orm.select().from(tickets).where(eq(tickets.id, ticket)))[0]!.assignedTo;
  for (const payload of [{ disabled: true }, { role: 'billing' }]) {
    const member = await t.user({ staff: true });
    const [waiting, done] = [await open('Waiting'), await open('Done')];
    for (const ticket of [waiting, done]) expect((await assign(ticket, member.id)).statusCode).toBe(200);
    await t.db.orm.update(tickets).set({ status: 'Closed' }).where(eq(tickets.id, done));
    expect((await change(member.id, payload)).statusCode).toBe(200);
    expect([await assignee(waiting), await assignee(done)]).toEqual([null, member.id]);
    const [entry] = await audits('disabled' in payload ? 'staff.disable' : 'staff.role');
    expect(entry).toMatchObject({ target_id: String(member.id), after: expect.objectContaining({ unassigned_tickets: [waiting] }) });
    // And no ticket can be given to them now.
    expect((await assign(waiting, member.id)).statusCode).toBe(400);
  }
});

test('two admins creating accounts with one e-mail address at once: the second is told at the e-mail field', async () => {
  const [a, b] = [fresh(), fresh()];
  const email = `${a}@hosthub.test`;
  const answers = await Promise.all([
    create({ username: a, email, role: 'support', password: 'first-pass-2024' }),
    create({ username: b, email: email.toUpperCase(), role: 'support', password: 'first-pass-2024' }),
  ]);
  expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  expect(answers.find((r) => r.statusCode === 400)!.json()).toEqual({ email: ['A user with that email already exists.'] });
});
