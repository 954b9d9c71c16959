// Staff accounts (issue 16: "Admin: everything, including ... staff accounts"): list the staff, create one (username,
// e-mail, role, a first password; they log in like everyone, with the mailed code), change a role, disable and
// enable. Admin only (access.ts). Every change is audit-logged with the values before and after. An admin cannot
// take away their own admin role or disable themselves, so the console always keeps the admin who is using it.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { PASSWORD_MIN } from 'shared/schemas';
import { revokeAllSessions, uniqueViolation } from '../accounts/repository';
import { hashPassword } from '../accounts/secrets';
import { isRowId, rowIdIn, type Executor } from '../db';
import { users, type User } from '../db/schema';
import { tickets } from '../db/schema-commerce';
import { notFound, parseBody, validationError } from '../http/errors';
import { TICKET_ROLES } from './access';
import { audit } from './audit';
import { staffOf } from './plugin';

export const STAFF_ROLES = ['support', 'billing', 'admin'] as const;
const roleField = v.picklist(STAFF_ROLES, 'Choose support, billing or admin.');

export const MESSAGES = {
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  ownRole: 'You cannot remove your own admin role.',
  ownDisable: 'You cannot disable your own account.',
  nothing: 'Change the role or the disabled state.',
  noSuchStaff: 'No such staff account.',
} as const;

const NewAccount = v.object({
  username: v.pipe(
    v.string('Username cannot be less than 3 characters'),
    v.trim(),
    v.minLength(3, 'Username cannot be less than 3 characters'),
    v.maxLength(15, 'Username cannot be more than 15 characters'),
    v.regex(/^[\w.@+-]+$/, 'Username may contain only letters, digits and @ . + - _'),
  ),
  email: v.pipe(
    v.string('This email is invalid.'),
    v.trim(),
    v.nonEmpty('This email is invalid.'),
    v.email('This email is invalid.'),
    v.maxLength(254, 'This email is invalid.'),
  ),
  role: roleField,
  password: v.pipe(
    v.string(`Password length must be at least ${PASSWORD_MIN}.`),
    v.minLength(PASSWORD_MIN, `Password length must be at least ${PASSWORD_MIN}.`),
    v.maxLength(128, 'Password cannot be more than 128 characters.'),
  ),
});

const Change = v.object({
  role: v.optional(roleField),
  disabled: v.optional(v.boolean('Must be true or false.')),
});

/** What the console shows of a staff account (and what the audit log records before and after). */
const shown = (u: Pick<User, 'id' | 'username' | 'email' | 'role' | 'disabledAt' | 'lastLogin' | 'dateJoined'>) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  disabled: u.disabledAt !== null,
  last_login: u.lastLogin?.toISOString() ?? null,
  date_joined: u.dateJoined.toISOString(),
});
const audited = (u: Pick<User, 'username' | 'email' | 'role' | 'disabledAt'>) => ({
  username: u.username,
  email: u.email,
  role: u.role,
  disabled: u.disabledAt !== null,
});

export async function staffAccountRoutes(app: FastifyInstance) {
  const db = app.db.orm;

  app.get('/staff/accounts/', async () => {
    const rows = await db.select().from(users).where(ne(users.role, 'customer')).orderBy(asc(users.username));
    return rows.map(shown);
  });

  /** The caller's row, read under a lock, is still an enabled admin's; else the 404 the guard gives other roles. */
  const stillAdmin = (caller: User | undefined) => {
    if (!caller || caller.role !== 'admin' || caller.disabledAt) throw notFound();
  };

  // Who may act as staff is changed only by an admin who proved the password (or a passkey) in the last 10 minutes (a
  // sign-in counts): a stolen admin token alone cannot make itself a lasting account (issue 17's recent authentication).
  const recent = { preHandler: app.requireRecentAuth };

  app.post('/staff/accounts/', recent, async (request, reply) => {
    const body = parseBody(NewAccount, request.body);
    const me = staffOf(request);
    const now = app.clock.now();
    const passwordHash = await hashPassword(body.password);
    const created = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      // Still an admin now, and until this commits (another admin's demotion of the caller waits for it).
      stillAdmin((await tx.select().from(users).where(eq(users.id, me.id)).for('share'))[0]);
      const taken = await tx
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${body.username}) OR lower(${users.email}) = lower(${body.email})`);
      const errors: Record<string, string> = {};
      if (taken.some((t) => t.username.toLowerCase() === body.username.toLowerCase())) errors.username = MESSAGES.usernameTaken;
      if (taken.some((t) => t.email.toLowerCase() === body.email.toLowerCase())) errors.email = MESSAGES.emailTaken;
      if (Object.keys(errors).length) throw validationError(errors);
      let row: User;
      try {
        [row] = (await tx
          .insert(users)
          .values({ username: body.username, email: body.email, passwordHash, role: body.role, isStaff: true, isActive: true, dateJoined: now })
          .returning()) as [User];
      } catch (err) {
        // Two admins creating one name (or one address) at once: the unique index decides, and names its field.
        const taken = uniqueViolation(err);
        if (taken) throw validationError(taken.constraint?.includes('email') ? { email: MESSAGES.emailTaken } : { username: MESSAGES.usernameTaken });
        throw err;
      }
      await audit(tx, me, { action: 'staff.create', targetType: 'staff', targetId: row.id, before: null, after: audited(row) }, now);
      return row;
    });
    return reply.code(201).send({ message: 'Staff account created.', data: shown(created) });
  });

  app.patch('/staff/accounts/:id/', recent, async (request) => {
    const body = parseBody(Change, request.body);
    const me = staffOf(request);
    const raw = (request.params as { id: string }).id;
    const id = rowIdIn(raw);
    if (!isRowId(id)) throw notFound(MESSAGES.noSuchStaff);
    if (body.role === undefined && body.disabled === undefined) throw validationError({ non_field_errors: MESSAGES.nothing });
    if (id === me.id && body.role !== undefined && body.role !== 'admin') throw validationError({ role: MESSAGES.ownRole });
    if (id === me.id && body.disabled === true) throw validationError({ disabled: MESSAGES.ownDisable });
    const now = app.clock.now();
    const after = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      // The caller's row and the target's, locked together in id order: two admins changing each other at once are
      // taken one after the other (not crossed), and the second is still an admin only if the first left it one. Both
      // could demote each other before, leaving the console no admin.
      const locked = await tx.select().from(users).where(inArray(users.id, [me.id, id])).orderBy(asc(users.id)).for('update');
      stillAdmin(locked.find((u) => u.id === me.id));
      const before = locked.find((u) => u.id === id && u.role !== 'customer');
      if (!before) throw notFound(MESSAGES.noSuchStaff);
      const set: Partial<User> = {};
      if (body.role !== undefined && body.role !== before.role) set.role = body.role;
      if (body.disabled !== undefined && body.disabled !== (before.disabledAt !== null)) set.disabledAt = body.disabled ? now : null;
      if (!Object.keys(set).length) return before; // already so: nothing to change or to log
      const [row] = (await tx.update(users).set(set).where(eq(users.id, id)).returning()) as [User];
      // A disabled account's sessions end now (its login is refused from now on too).
      if (set.disabledAt) await revokeAllSessions(tx, id, now);
      // Its open tickets go back to the queue when it can no longer answer them (disabled, or a role without tickets):
      // they waited on someone who would never reply. A ticket being assigned to it now waits for this (lockAssignee).
      const unassigned =
        set.disabledAt || (set.role && !(TICKET_ROLES as readonly string[]).includes(set.role))
          ? await tx
              .update(tickets)
              .set({ assignedTo: null })
              .where(and(eq(tickets.assignedTo, id), ne(tickets.status, 'Closed')))
              .returning({ id: tickets.id })
          : [];
      const action = set.role !== undefined ? (set.disabledAt !== undefined ? 'staff.update' : 'staff.role') : set.disabledAt ? 'staff.disable' : 'staff.enable';
      const afterEntry = { ...audited(row), ...(unassigned.length ? { unassigned_tickets: unassigned.map((t) => t.id).sort((a, b) => a - b) } : {}) };
      await audit(tx, me, { action, targetType: 'staff', targetId: id, before: audited(before), after: afterEntry }, now);
      return row;
    });
    // The role and the disabled state are read with the session: drop this process's cached copies of it.
    app.accounts.forgetSessions({ userId: id });
    return { message: 'Staff account updated.', data: shown(after) };
  });
}
