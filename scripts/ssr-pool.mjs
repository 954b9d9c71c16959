// The storefront server's render threads (scripts/ssr-worker.mjs): pages are rendered off the event loop that serves
// files, cached pages and config.json, and side by side on a machine with cores to spare. A page goes to the thread
// with the fewest pages under way. A thread that dies is replaced (its pages go out client-rendered); one that stops
// answering for longer than a render may take is ended and replaced.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER_URL = new URL('./ssr-worker.mjs', import.meta.url);

/** How many render threads by default: one per core, two at most (each holds its own copy of the remotes). */
const DEFAULT_RENDER_THREADS = Math.max(1, Math.min(2, availableParallelism()));

/** How many pages one thread may have under way (a render mostly waits for the API, so they overlap). */
const DEFAULT_MAX_PENDING = 64;

/**
 * @param {{serverMain: string, apiHeaders: Record<string, string>, size?: number, maxPending?: number, stuckMs: number, log: (m: string) => void}} opts
 *   `stuckMs`: how long a thread with pages under way may stay silent before it is ended (the render budget and more).
 *   `maxPending`: pages under way per thread beyond which a page is not rendered (render gives null).
 */
export function renderPool({ serverMain, apiHeaders, size = DEFAULT_RENDER_THREADS, maxPending = DEFAULT_MAX_PENDING, stuckMs, log }) {
  let nextId = 1;
  let closed = false;
  /** Pages are being turned away (said once per spell). */
  let full = false;
  /** What each new thread loads first: the remotes loaded so far (name → the job that warmed it). */
  const warmed = new Map();
  const threads = [];

  function spawn(slot) {
    const worker = new Worker(WORKER_URL, { workerData: { serverMain, apiHeaders } });
    worker.unref();
    const thread = { worker, pending: new Map(), heard: Date.now(), ready: null, started: false, dead: false };
    thread.ready = new Promise((resolve) => {
      worker.on('message', (message) => {
        thread.heard = Date.now();
        if (message.ready) {
          thread.started = true;
          return resolve();
        }
        const job = thread.pending.get(message.id);
        if (!job) return;
        thread.pending.delete(message.id);
        clearTimeout(job.timer);
        if (message.error) job.reject(new Error(message.error));
        else job.resolve(message.page);
      });
      worker.once('exit', (code) => {
        resolve();
        for (const job of thread.pending.values()) {
          clearTimeout(job.timer);
          job.reject(new Error(`the render thread stopped (exit code ${code})`));
        }
        thread.pending.clear();
        thread.dead = true;
        if (closed || threads[slot] !== thread) return;
        // One that could not even load the shell's server bundle would fail again: its pages are rendered in the browser.
        if (!thread.started) return log(`[ssr] a render thread could not start (exit code ${code}).`);
        log(`[ssr] a render thread stopped (exit code ${code}): starting another.`);
        spawn(slot);
      });
      worker.on('error', (error) => log(`[ssr] render thread: ${error?.stack ?? error}`));
    });
    threads[slot] = thread;
    for (const job of warmed.values()) void ask(thread, job).catch(() => {});
  }

  /** Sends a job; a render not answered in `stuckMs` fails (a warm-up may take its time: loading a remote, say). */
  function ask(thread, message) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = message.kind !== 'render' ? undefined : setTimeout(() => {
        thread.pending.delete(id);
        reject(new Error(`no answer from the render thread in ${stuckMs} ms`));
        // Silent all that time (a remote's code in an endless loop, say): replaced, and ended.
        if (Date.now() - thread.heard >= stuckMs && !thread.dead) {
          thread.dead = true;
          log(`[ssr] a render thread gave no answer in ${stuckMs} ms: starting another.`);
          spawn(threads.indexOf(thread));
          void thread.worker.terminate();
        }
      }, stuckMs);
      timer?.unref();
      thread.pending.set(id, { resolve, reject, timer });
      thread.worker.postMessage({ ...message, id });
    });
  }

  for (let slot = 0; slot < size; slot++) spawn(slot);

  return {
    /** Resolves once every thread has loaded the shell's server bundle. */
    ready: () => Promise.all(threads.map((thread) => thread.ready)),
    /** Loads remote `name`'s routes in every thread (now and in threads started later). */
    warm(name, config, remotes) {
      const job = { kind: 'warm', name, config, remotes };
      warmed.set(name, job);
      return Promise.all(threads.filter((thread) => !thread.dead).map((thread) => ask(thread, job))).then(() => {});
    },
    /**
     * Renders a page: resolves to {status, location?, complete, bytes}, or to null when every thread already has
     * `maxPending` pages under way (a flood of made-up addresses, say: the page goes out client-rendered at once rather
     * than joining a queue without end), or rejects (the page then goes out client-rendered).
     */
    render(job) {
      const live = threads.filter((thread) => !thread.dead);
      if (!live.length) return Promise.reject(new Error('no render thread is running'));
      const thread = live.reduce((best, t) => (t.pending.size < best.pending.size ? t : best));
      if (thread.pending.size >= maxPending) {
        if (!full) log(`[ssr] every render thread has ${maxPending} pages under way: pages are sent client-rendered until they catch up.`);
        full = true;
        return Promise.resolve(null);
      }
      if (thread.pending.size < maxPending / 2) full = false;
      return ask(thread, { kind: 'render', ...job });
    },
    close() {
      closed = true;
      return Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
