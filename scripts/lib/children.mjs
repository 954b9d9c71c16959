// The processes `npm start` (scripts/start.mjs) and `npm run dev` (scripts/dev.mjs) run: when one ends, or on
// Ctrl-C / SIGTERM, all of them are stopped.
import { spawn } from 'node:child_process';

/**
 * @param onStop called once when stopping begins, before the children are signalled (to close servers)
 * @returns run(name, args, options): `node ...args` as a child; stop(code): stops everything, then exits with code
 */
export function processGroup(onStop = () => {}) {
  const children = [];
  let stopping = false;

  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    onStop();
    const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
    if (running.length === 0) process.exit(code);
    let left = running.length;
    for (const c of running) {
      c.on('exit', () => --left === 0 && process.exit(code));
      c.kill('SIGTERM');
    }
    setTimeout(() => process.exit(code), 8000).unref();
  }

  /** One process, no npm or tsx wrapper in between, so stopping it really stops it. */
  function run(name, args, options) {
    const child = spawn(process.execPath, args, { stdio: 'inherit', ...options });
    children.push(child);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stop(code || 1);
    });
    return child;
  }

  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  return { run, stop };
}
