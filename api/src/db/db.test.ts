// The database layer: data survives a restart, migrations run once, seeds run once, one server per data folder.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openReadyDatabase } from '../bootstrap';
import { ManualClock } from '../clock';
import { API_ROOT, loadConfig } from '../config';
import { users } from '../db/schema';
import { activeUser, appOn, auth, createTestDb, describeIfPglite, type TestDb } from '../test/app';
import { templateFile } from '../test/template';
import { DataDirLockedError, lockDataDir } from './lock';
import { listMigrations, migrate } from './migrate';

const template = () => (fs.existsSync(templateFile()) ? templateFile() : false);

describe('restart', () => {
  let t: TestDb;
  afterAll(async () => {
    await t?.destroy();
  });

  it('keeps users and sessions across a restart; migrations and seeds do not run again', async () => {
    t = await createTestDb();
    const app = await appOn(t, {});
    const user = await activeUser(app);
    await app.close();
    await t.db.close();

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) });
    t.db = await openReadyDatabase({ config, clock: new ManualClock(), pgliteTemplate: template() });
    const again = await appOn(t, {});
    const me = await again.inject({ method: 'GET', url: '/core/me/', headers: auth(user.access) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.username).toBe(user.username);
    const demo = await t.db.orm.select().from(users).where(sql`${users.username} = 'demo'`);
    expect(demo).toHaveLength(1);
    const applied = await t.db.orm.execute(sql`SELECT name FROM schema_migrations ORDER BY name`);
    expect((applied as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(listMigrations().map((m) => m.name));
    expect(await migrate(t.db)).toEqual({ applied: [], changed: [] });
    await again.close();
  });
});

describeIfPglite('one server per data folder', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'api-lock-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('refuses a second open of the same folder, with a clear message, and frees it on close', async () => {
    const t = await createTestDb();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir });
    await expect(openReadyDatabase({ config, clock: new ManualClock() })).rejects.toThrow(DataDirLockedError);
    await expect(openReadyDatabase({ config, clock: new ManualClock() })).rejects.toThrow(
      new RegExp(`in use by another API server \\(pid ${process.pid}\\)`),
    );
    await t.db.close();
    expect(fs.existsSync(path.join(t.config.dataDir, 'api-server.lock'))).toBe(false);
    const reopened = await openReadyDatabase({ config, clock: new ManualClock() });
    await reopened.close();
    await t.destroy();
  });

  it('takes over a stale lock left by a process that no longer runs', () => {
    const dir = tmp();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, 'api-server.lock'), JSON.stringify({ pid: Number(dead), host: os.hostname() }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    // An unreadable (half-written) lock is treated as stale too.
    fs.writeFileSync(path.join(dir, 'api-server.lock'), '');
    lockDataDir(dir).release();
  });

  it('a second server process on the same folder exits with a clear message', async () => {
    const t = await createTestDb();
    try {
      const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(API_ROOT, 'src', 'server.ts')], {
        env: { ...process.env, DATA_DIR: t.config.dataDir, API_PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'silent', JEST_WORKER_ID: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(3);
      expect(stderr).toMatch(/Cannot start the API: The data folder .* is in use by another API server \(pid \d+\)/);
    } finally {
      await t.destroy();
    }
  });
});

describe('migrator', () => {
  it('runs files in name order and refuses a broken one without recording it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-mig-'));
    const t = await createTestDb();
    try {
      fs.writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE mig_test_a (id int);');
      fs.writeFileSync(path.join(dir, '0002_b.sql'), 'INSERT INTO mig_test_a VALUES (1); CREATE TABLE mig_test_b (id int);');
      fs.writeFileSync(path.join(dir, 'README.md'), 'not a migration');
      expect((await migrate(t.db, dir)).applied).toEqual(['0001_a.sql', '0002_b.sql']);
      fs.writeFileSync(path.join(dir, '0003_broken.sql'), 'INSERT INTO mig_test_a VALUES (2); SELECT * FROM no_such_table;');
      await expect(migrate(t.db, dir)).rejects.toThrow(/Migration 0003_broken.sql failed/);
      const rows = await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM mig_test_a`);
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      fs.writeFileSync(path.join(dir, '0002_b.sql'), '-- edited after it ran');
      fs.rmSync(path.join(dir, '0003_broken.sql'));
      expect(await migrate(t.db, dir)).toEqual({ applied: [], changed: ['0002_b.sql'] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await t.destroy();
    }
  });
});
