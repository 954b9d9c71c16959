// The federated storefront: remotes are loaded at run time from the manifests named in config.json.
import { federationLoader } from './federation';
import { sharedModulesForRemotes } from './provide-shared';
import { nextTask, serverRendered } from './server-rendered';

// Everything this file needs has arrived when it runs (its chunk's shared modules included); evaluating it all is
// still a long task. On a server-rendered page, on screen already, the largest shared libraries are evaluated each in
// a task of its own, and the shell's own modules in the next: shorter tasks (Lighthouse's TBT). The first waits for a
// task too: this file runs in the task whose script completed its chunks (the libraries' evaluation). The imports are
// eager: no extra file.
const evaluatedApart = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'react-router-dom'),
  () => import(/* webpackMode: "eager" */ 'shared/ui'),
];

async function run() {
  if (serverRendered()) {
    for (const evaluate of evaluatedApart) {
      await nextTask();
      await evaluate();
    }
    await nextTask();
  }
  const { start } = await import(/* webpackMode: "eager" */ './bootstrap');
  await start(federationLoader);
}
void run();

// Referenced so the build keeps the shell's provider entries for every shared module; never called.
export const provides = sharedModulesForRemotes;
