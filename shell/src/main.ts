// The federated storefront: remotes are loaded at run time from the manifests named in config.json.
import { federationLoader } from './federation';
import { sharedModulesForRemotes } from './provide-shared';
import { nextTask, serverRendered } from './server-rendered';

// Everything this file needs has arrived when it runs (its chunk's shared modules included); evaluating it all is
// still a long task. On a server-rendered page, on screen already, React DOM is evaluated in a task of its own and
// the shell's own modules in the next: two shorter tasks (Lighthouse's TBT). The imports are eager: no extra file.
async function run() {
  if (serverRendered()) {
    await import(/* webpackMode: "eager" */ 'react-dom/client');
    await nextTask();
  }
  const { start } = await import(/* webpackMode: "eager" */ './bootstrap');
  await start(federationLoader);
}
void run();

// Referenced so the build keeps the shell's provider entries for every shared module; never called.
export const provides = sharedModulesForRemotes;
