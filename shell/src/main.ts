// The federated storefront: remotes are loaded at run time from the manifests named in config.json.
import { start } from './bootstrap';
import { federationLoader } from './federation';
import { sharedModulesForRemotes } from './provide-shared';

void start(federationLoader);

// Referenced so the build keeps the shell's provider entries for every shared module; never called.
export const provides = sharedModulesForRemotes;
