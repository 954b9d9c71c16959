// Tickets: customers see and answer only their own; staff see all, reply, assign and change status.
import { asc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { users } from '../db/schema';
import { auditLog } from '../staff/schema';
import { fullLogin } from '../test/app';
import { OPEN_TICKETS_MAX, TOO_MANY_OPEN_TICKETS, TOO_MANY_OPEN_TO_REOPEN } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

const create = (auth: string, payload: unknown) =>
  t.inject({ method: 'POST', url: '/ticket/tickets/', auth, payload: payload as object });
const reply = (auth: string, payload: unknown) =>
  t.inject({ method: 'POST', url: '/ticket/replies/', auth, payload: payload as object });
/** The mails sent to an address (the development outbox). */
const mailsTo = async (email: string) =>
  (await t.inject({ url: `/dev/outbox?to=${encodeURIComponent(email)}` })).json() as { subject: string; text: string; html: string }[];

test(`a customer has at most ${OPEN_TICKETS_MAX} open tickets (also sent at once); closing one makes room; others are not held up`, async () => {
  const u = await t.user();
  const other = await t.user();
  const ticket = (i: number) => ({ title: `Question ${i}`, description: 'Help, please.', priority: 'low' });
  for (let i = 0; i < OPEN_TICKETS_MAX - 3; i++) expect((await create(u.auth, ticket(i))).statusCode).toBe(201);
  // Six at once for the last three places: three are made, three refused with the reason.
  const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => create(u.auth, ticket(100 + i))));
  expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 400, 400, 400]);
  expect(burst.find((r) => r.statusCode === 400)!.json()).toEqual({ non_field_errors: [TOO_MANY_OPEN_TICKETS] });
  const mine = (await t.inject({ url: '/ticket/tickets/', auth: u.auth })).json() as { id: number }[];
  expect(mine).toHaveLength(OPEN_TICKETS_MAX);
  expect((await create(other.auth, ticket(0))).statusCode).toBe(201);
  const closed = await t.inject({ method: 'PATCH', url: `/ticket/tickets/${mine[0]!.id}/`, auth: u.auth, payload: { status: 'Closed' } });
  expect(closed.statusCode).toBe(200);
  expect((await create(u.auth, ticket(200))).statusCode).toBe(201);
  expect((await create(u.auth, ticket(201))).statusCode).toBe(400);
  // A reply reopens a closed ticket, so at the limit it is refused too (the ticket stays closed); below it, it reopens.
  const reopen = await reply(u.auth, { ticket: mine[0]!.id, message: 'One more thing.' });
  expect([reopen.statusCode, reopen.json()]).toEqual([400, { non_field_errors: [TOO_MANY_OPEN_TO_REOPEN] }]);
  expect((await t.inject({ url: `/ticket/tickets/${mine[0]!.id}/`, auth: u.auth })).json().status).toBe('Closed');
  await t.inject({ method: 'PATCH', url: `/ticket/tickets/${mine[1]!.id}/`, auth: u.auth, payload: { status: 'Closed' } });
  expect((await reply(u.auth, { ticket: mine[0]!.id, message: 'One more thing.' })).statusCode).toBe(201);
  expect((await t.inject({ url: `/ticket/tickets/${mine[0]!.id}/`, auth: u.auth })).json().status).toBe('Customer-Reply');
});

test('creating a ticket: server-checked title, description and priority', async () => {
  const u = await t.user();
  expect((await t.inject({ url: '/ticket/tickets' })).statusCode).toBe(401);
  const res = await create(u.auth, {
    title: '  Site down ',
    description: 'My site shows a 502 since this morning.',
    priority: 'High',
  });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toEqual({
    message: 'Ticket created successfully.',
    data: expect.objectContaining({
      id: expect.any(Number),
      title: 'Site down',
      priority: 'high',
      status: 'Open',
      assigned_to: null,
      created_at: expect.any(String),
    }),
  });
  expect((await create(u.auth, { title: 'x', description: 'y', priority: 'urgent' })).json()).toEqual({
    priority: ['Choose a priority: low, medium, high.'],
  });
  expect((await create(u.auth, { title: '   ', description: 'y', priority: 'low' })).json()).toEqual({
    title: ['Enter a title.'],
  });
  expect((await create(u.auth, { description: 'y', priority: 'low' })).json()).toEqual({
    title: ['This field is required.'],
  });
  expect(
    (await create(u.auth, { title: 'x'.repeat(201), description: 'y', priority: 'low' })).json(),
  ).toEqual({ title: ['Ensure this field has no more than 200 characters.'] });
  expect((await create(u.auth, { title: 'x', description: 5, priority: 'low' })).json()).toEqual({
    description: ['Not a valid string.'],
  });
  const list = (await t.inject({ url: '/ticket/tickets', auth: u.auth })).json();
  expect(list).toHaveLength(1);
  expect(Object.keys(list[0])).toEqual(
    expect.arrayContaining(['id', 'title', 'description', 'status', 'priority', 'created_at', 'assigned_to']),
  );
});

test("another customer's ticket and its replies are 404", async () => {
  const a = await t.user();
  const b = await t.user();
  const id = (await create(a.auth, { title: 'Billing', description: 'Question', priority: 'low' })).json()
    .data.id as number;
  expect((await t.inject({ url: '/ticket/tickets', auth: b.auth })).json()).toEqual([]);
  expect((await t.inject({ url: `/ticket/tickets/${id}/`, auth: b.auth })).statusCode).toBe(404);
  expect((await t.inject({ url: `/ticket/replies?ticket_id=${id}`, auth: b.auth })).statusCode).toBe(404);
  expect((await reply(b.auth, { message: 'hi', ticket: id })).statusCode).toBe(404);
  expect(
    (
      await t.inject({
        method: 'PATCH',
        url: `/ticket/tickets/${id}/`,
        auth: b.auth,
        payload: { status: 'Closed' },
      })
    ).statusCode,
  ).toBe(404);
  expect((await t.inject({ url: '/ticket/replies', auth: a.auth })).json()).toEqual({
    ticket_id: ['Give the ticket_id of one of your tickets.'],
  });
});

test("billing staff do not handle tickets: another customer's is 404 to them, and none can be assigned to them", async () => {
  const c = await t.user();
  const billing = await t.user({ staff: true });
  await t.db.orm.update(users).set({ role: 'billing' }).where(eq(users.id, billing.id));
  const support = await t.user({ staff: true });
  const id = (await create(c.auth, { title: 'Refund', description: 'Please refund my order.', priority: 'low' })).json().data
    .id as number;
  const list = (await t.inject({ url: '/ticket/tickets', auth: billing.auth })).json() as { id: number }[];
  expect(list.some((x) => x.id === id)).toBe(false);
  expect((await t.inject({ url: `/ticket/tickets/${id}/`, auth: billing.auth })).statusCode).toBe(404);
  expect((await reply(billing.auth, { ticket: id, message: 'From billing.' })).statusCode).toBe(404);
  const patch = (auth: string, payload: object) =>
    t.inject({ method: 'PATCH', url: `/ticket/tickets/${id}/`, auth, payload });
  expect((await patch(billing.auth, { status: 'Answered' })).statusCode).toBe(404);
  const assign = await patch(support.auth, { assigned_to: billing.id });
  expect(assign.statusCode).toBe(400);
  expect(assign.json()).toEqual({ assigned_to: ['assigned_to must be a staff user id.'] });
});

test('a conversation between a customer and staff', async () => {
  const c = await t.user();
  const staff = await t.user({ staff: true });
  const id = (
    await create(c.auth, { title: 'DNS', description: 'How do I point my domain?', priority: 'medium' })
  ).json().data.id as number;

  // Staff see every ticket, answer, and the ticket is theirs and Answered.
  expect(
    ((await t.inject({ url: '/ticket/tickets', auth: staff.auth })).json() as { id: number }[]).some(
      (x) => x.id === id,
    ),
  ).toBe(true);
  const answer = await reply(staff.auth, { message: 'Set your nameservers to ns1.example.com.', ticket: id });
  expect(answer.statusCode).toBe(201);
  expect(answer.json()).toMatchObject({
    message: 'Reply sent.',
    data: { user: staff.id, username: staff.username, is_staff: true },
  });
  const afterAnswer = (await t.inject({ url: `/ticket/tickets/${id}/`, auth: c.auth })).json();
  expect(afterAnswer).toMatchObject({ status: 'Answered', assigned_to: staff.username });
  // The answer is mailed to the customer, with where to reply; the customer's own replies mail nobody.
  const answered = await mailsTo(c.email);
  expect(answered).toHaveLength(1);
  expect(answered[0]).toMatchObject({ subject: `Ticket #${id} answered: DNS` });
  expect(answered[0]!.text).toContain('Set your nameservers to ns1.example.com.');
  expect(answered[0]!.text).toContain('/dashboard/tickets');
  expect(answered[0]!.html).toContain('Set your nameservers to ns1.example.com.');

  // The customer replies: their reply carries their user id so the client labels it 'You'.
  const mine = await reply(c.auth, { message: 'Thanks, done.', ticket: String(id) });
  expect(mine.statusCode).toBe(201);
  const thread = (await t.inject({ url: `/ticket/replies?ticket_id=${id}`, auth: c.auth })).json() as {
    user: number;
    username: string;
    message: string;
  }[];
  expect(thread.map((r) => [r.user, r.message])).toEqual([
    [staff.id, 'Set your nameservers to ns1.example.com.'],
    [c.id, 'Thanks, done.'],
  ]);
  expect((await t.inject({ url: `/ticket/tickets/${id}/`, auth: c.auth })).json().status).toBe(
    'Customer-Reply',
  );
  expect(await mailsTo(c.email)).toHaveLength(1);
  expect(await mailsTo(staff.email)).toHaveLength(0);
  expect((await reply(c.auth, { message: '', ticket: id })).json()).toEqual({
    message: ['Write a message.'],
  });
  expect((await reply(c.auth, { message: 'x' })).json()).toEqual({ ticket: ['This field is required.'] });

  // Status: staff may set any; the customer may only close.
  expect(
    (
      await t.inject({
        method: 'PATCH',
        url: `/ticket/tickets/${id}/`,
        auth: c.auth,
        payload: { status: 'Answered' },
      })
    ).json(),
  ).toEqual({ status: ['You can only close your own ticket.'] });
  // The refusal names the field that was sent.
  const customerPatch = async (payload: object) => (await t.inject({ method: 'PATCH', url: `/ticket/tickets/${id}/`, auth: c.auth, payload })).json();
  expect(await customerPatch({ priority: 'low' })).toEqual({ priority: ['Only our support staff can change the priority.'] });
  expect(await customerPatch({ assigned_to: staff.id })).toEqual({ assigned_to: ['Only our support staff can assign a ticket.'] });
  const staffPatch = await t.inject({
    method: 'PATCH',
    url: `/ticket/tickets/${id}/`,
    auth: staff.auth,
    payload: { status: 'Open', priority: 'high' },
  });
  expect(staffPatch.json().data).toMatchObject({ status: 'Open', priority: 'high' });
  expect(
    (
      await t.inject({
        method: 'PATCH',
        url: `/ticket/tickets/${id}/`,
        auth: staff.auth,
        payload: { status: 'Done' },
      })
    ).json(),
  ).toEqual({ status: ['Choose a status: Open, Answered, Customer-Reply, Closed.'] });
  expect(
    (
      await t.inject({
        method: 'PATCH',
        url: `/ticket/tickets/${id}/`,
        auth: staff.auth,
        payload: { assigned_to: c.id },
      })
    ).json(),
  ).toEqual({ assigned_to: ['assigned_to must be a staff user id.'] });
  expect(
    (
      await t.inject({
        method: 'PATCH',
        url: `/ticket/tickets/${id}/`,
        auth: c.auth,
        payload: { status: 'Closed' },
      })
    ).json().data.status,
  ).toBe('Closed');
});

test('the seeded support account is staff and sees every ticket', async () => {
  const c = await t.user();
  const id = (await create(c.auth, { title: 'Seen by support?', description: 'y', priority: 'low' })).json()
    .data.id as number;
  const { access } = await fullLogin(t.app, 'support', 'support-pass-2024', 'support@hosthub.test');
  const list = (await t.inject({ url: '/ticket/tickets', auth: `Token ${access}` })).json() as {
    id: number;
  }[];
  expect(list.map((x) => x.id)).toContain(id);
  expect((await reply(`Token ${access}`, { message: 'Looking into it.', ticket: id })).statusCode).toBe(201);
});

/** The audit log's entries about one ticket, oldest first. */
const ticketAudit = async (id: number) =>
  (await t.db.orm.select().from(auditLog).where(eq(auditLog.targetId, String(id))).orderBy(asc(auditLog.id)))
    .filter((e) => e.targetType === 'ticket')
    .map((e) => ({ action: e.action, actor: e.actorUsername, role: e.actorRole, before: e.before, after: e.after }));

test('a reply that takes an unassigned ticket says so in its audit entry', async () => {
  const c = await t.user();
  const support = await t.user({ staff: true });
  const id = (await create(c.auth, { title: 'Nobody has it', description: 'Yet.', priority: 'low' })).json().data.id as number;
  const answer = await reply(support.auth, { ticket: id, message: 'Mine now.' });
  expect(answer.statusCode).toBe(201);
  expect(await ticketAudit(id)).toEqual([
    {
      action: 'ticket.reply',
      actor: support.username,
      role: 'support',
      before: { status: 'Open', assigned_to: null },
      after: { status: 'Answered', reply: answer.json().data.id, assigned_to: support.id },
    },
  ]);
});

test("staff acting on a customer's ticket here are audit-logged as on the console; the customer is not", async () => {
  const c = await t.user();
  const support = await t.user({ staff: true });
  const admin = await t.user({ staff: true });
  await t.db.orm.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  const id = (await create(c.auth, { title: 'Mail', description: 'No mail.', priority: 'low' })).json().data.id as number;
  const patch = (auth: string, payload: object) => t.inject({ method: 'PATCH', url: `/ticket/tickets/${id}/`, auth, payload });

  const changed = await patch(support.auth, { status: 'Open', priority: 'high', assigned_to: admin.id });
  expect(changed.statusCode).toBe(200);
  const answer = await reply(admin.auth, { ticket: id, message: 'Looking into it.' });
  expect(answer.statusCode).toBe(201);
  const replyId = answer.json().data.id as number;
  expect(await ticketAudit(id)).toEqual([
    {
      action: 'ticket.update',
      actor: support.username,
      role: 'support',
      before: { status: 'Open', priority: 'low', assigned_to: null },
      after: { status: 'Open', priority: 'high', assigned_to: admin.id },
    },
    {
      action: 'ticket.reply',
      actor: admin.username,
      role: 'admin',
      before: { status: 'Open' },
      after: { status: 'Answered', reply: replyId },
    },
  ]);
  // The console writes the very same entries for the same actions.
  await t.inject({ method: 'PATCH', url: `/staff/tickets/${id}/`, auth: support.auth, payload: { priority: 'medium' } });
  const consoleReply = await t.inject({ method: 'POST', url: `/staff/tickets/${id}/replies/`, auth: admin.auth, payload: { message: 'Fixed.' } });
  expect((await ticketAudit(id)).slice(2)).toEqual([
    {
      action: 'ticket.update',
      actor: support.username,
      role: 'support',
      before: { status: 'Answered', priority: 'high', assigned_to: admin.id },
      after: { status: 'Answered', priority: 'medium', assigned_to: admin.id },
    },
    {
      action: 'ticket.reply',
      actor: admin.username,
      role: 'admin',
      before: { status: 'Answered' },
      after: { status: 'Answered', reply: consoleReply.json().data.id },
    },
  ]);

  // A change to what the ticket already is (or to nothing) writes nothing: no entry, and the ticket keeps its place in
  // the queue (updated_at).
  const updatedAt = (await t.inject({ url: `/staff/tickets/${id}/`, auth: support.auth })).json().updated_at;
  t.clock.set(new Date(t.clock.now().getTime() + 60_000));
  expect((await patch(c.auth, {})).statusCode).toBe(200);
  expect((await patch(support.auth, { priority: 'medium', assigned_to: admin.id })).statusCode).toBe(200);
  expect((await t.inject({ url: `/staff/tickets/${id}/`, auth: support.auth })).json().updated_at).toBe(updatedAt);
  expect(await ticketAudit(id)).toHaveLength(4);

  // The customer replying to and closing their own ticket: no entry.
  expect((await reply(c.auth, { ticket: id, message: 'Thanks.' })).statusCode).toBe(201);
  expect((await patch(c.auth, { status: 'Closed' })).json().data.status).toBe('Closed');
  expect(await ticketAudit(id)).toHaveLength(4);
  // A refused change leaves no entry either.
  expect((await patch(support.auth, { assigned_to: c.id })).statusCode).toBe(400);
  expect(await ticketAudit(id)).toHaveLength(4);

  // Staff on their own ticket act as its customer: no entry.
  const own = (await create(support.auth, { title: 'My own', description: 'Mine.', priority: 'low' })).json().data.id as number;
  expect((await reply(support.auth, { ticket: own, message: 'Note to self.' })).statusCode).toBe(201);
  expect((await t.inject({ method: 'PATCH', url: `/ticket/tickets/${own}/`, auth: support.auth, payload: { status: 'Closed' } })).statusCode).toBe(200);
  expect(await ticketAudit(own)).toEqual([]);
});

test('a ticket cannot be assigned to a disabled staff account here either', async () => {
  const c = await t.user();
  const support = await t.user({ staff: true });
  const gone = await t.user({ staff: true });
  await t.db.orm.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.id, gone.id));
  const id = (await create(c.auth, { title: 'Assign', description: 'Someone.', priority: 'low' })).json().data.id as number;
  const res = await t.inject({ method: 'PATCH', url: `/ticket/tickets/${id}/`, auth: support.auth, payload: { assigned_to: gone.id } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ assigned_to: ['This staff account is disabled: choose another.'] });
  expect((await t.inject({ url: `/ticket/tickets/${id}/`, auth: c.auth })).json().assigned_to).toBeNull();
  expect(await ticketAudit(id)).toEqual([]);
});
