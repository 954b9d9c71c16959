// PGlite takes no lock on its folder, and two processes writing one folder corrupt it. This lock file guards it:
// created exclusively, holding the owner's pid; a lock left by a process that no longer runs is taken over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dir} is in use by another API server (pid ${pid}). ` +
        'Stop that server first, or point DATA_DIR at another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DirLock {
  file: string;
  release(): void;
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { pid: number; host: string } | undefined {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown; host?: unknown };
    return { pid: Number(data.pid), host: String(data.host ?? '') };
  } catch {
    return undefined;
  }
}

export function lockDataDir(dir: string): DirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'api-server.lock');
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), started_at: new Date().toISOString() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        const owner = readOwner(file);
        if (owner?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      // A crash still removes the lock; SIGKILL leaves it, and the next start takes it over (pid not alive).
      process.on('exit', release);
      return { file, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = readOwner(file);
      if (!owner) {
        // Possibly created a moment ago and not written yet: look again before calling it stale.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        owner = readOwner(file);
      }
      if (owner && alive(owner.pid) && (owner.host === '' || owner.host === os.hostname())) {
        throw new DataDirLockedError(dir, owner.pid);
      }
      // Stale (dead pid) or unreadable half-written lock: remove it and try again. Two servers racing for the same
      // stale lock both unlink; only one wins the exclusive create on the next round.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
