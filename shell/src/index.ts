// Async boundary: shared modules are negotiated before any of them is used (TOOLCHAIN-NOTES). Meanwhile config.json
// and the current page's remote are already on their way: index.html's early script (early.ts) asked for them.
// On a server-rendered page (its scripts start once it has painted) the rest starts in a task of its own: evaluating
// this file (the federation runtime) and negotiating the shared modules are then two shorter tasks, not one long one.
import { nextTask } from './server-rendered';

void nextTask().then(() => import(/* webpackChunkName: "start" */ './main'));
