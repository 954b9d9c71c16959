// Jest globalSetup: builds the migrated + seeded PGlite template once (see template.ts). With TEST_DATABASE_URL the
// suite runs against PostgreSQL and each test file creates its own database instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openReadyDatabase } from '../bootstrap';
import { ManualClock } from '../clock';
import { loadConfig } from '../config';
import { templateFile } from './template';

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const file = templateFile();
  if (fs.existsSync(file)) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-template-'));
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
    // Seed timestamps from a fixed clock: the template is the same whenever it is built.
    const db = await openReadyDatabase({ config, clock: new ManualClock(Date.parse('2024-06-01T00:00:00Z')) });
    const data = await db.dumpDataDir!();
    await db.close();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
