// A render thread of the storefront's server (scripts/ssr-pool.mjs starts them): the shell's server bundle, the remotes
// it loads through Module Federation, and the page's HTML, off the server's event loop.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
/** @type {import('../shell/src/server-render').ServerRenderer} */
const renderer = await require(workerData.serverMain).ready;
renderer.serverReads(workerData.apiHeaders);

const messageOf = (error) => (error instanceof Error ? error.message : String(error));

parentPort.on('message', async (job) => {
  try {
    renderer.configure(job.config, job.remotes);
    if (job.kind === 'warm') {
      await renderer.warm(job.name);
      parentPort.postMessage({ id: job.id });
      return;
    }
    renderer.contentVersion(job.content);
    const out = await renderer.renderPage(job.url, job.owner, job.budgetMs);
    const html = out.location
      ? `<!doctype html><title>Redirecting</title><p><a href="${out.location.replace(/"/g, '%22')}">Continue</a></p>`
      : renderer.composePage(job.template, out.markup, out.data, out.formats, out.styles);
    // The page's bytes are handed over, not copied.
    const bytes = new TextEncoder().encode(html);
    parentPort.postMessage({ id: job.id, page: { status: out.status, location: out.location, complete: out.complete, bytes } }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: messageOf(error) });
  }
});
parentPort.postMessage({ ready: true });
