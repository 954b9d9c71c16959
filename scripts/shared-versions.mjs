// Whether a remote was built against the shared modules the shell provides (issue 21).
//
// The browser no longer checks versions as it loads a remote (webpack.common.cjs `singleton`: `requiredVersion: false`):
// with `strictVersion: false` that check could only print a warning in a visitor's console, and its range parsing cost
// every cold page load tens of milliseconds of main thread. The storefront server reads each remote's manifest anyway
// (a redeployed remote is picked up within seconds), so it checks there, once per new manifest, with the same range
// matcher Module Federation's runtime used, and says so in its log, where the people who deploy look.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const enhancedDir = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
const { satisfy } = require(require.resolve('@module-federation/runtime-tools/runtime-core', { paths: [enhancedDir] }));

/**
 * The shared singletons `remote` asks for (its manifest's `shared`: name, requiredVersion) that the shell's build
 * (`shell`: name, version) provides in a version outside the range: e.g. 'react-dom 19.3.1 (mf_content asks for ^20.0.0)'.
 * @param {{shared?: {name: string, version: string}[]}} shell
 * @param {{name?: string, shared?: {name: string, requiredVersion?: string | false, singleton?: boolean}[]}} remote
 */
export function sharedMismatches(shell, remote) {
  const provided = new Map((shell.shared ?? []).map((s) => [s.name, s.version]));
  const out = [];
  for (const s of remote.shared ?? []) {
    const version = provided.get(s.name);
    if (!s.singleton || typeof s.requiredVersion !== 'string' || !version) continue;
    if (!satisfy(version, s.requiredVersion)) out.push(`${s.name} ${version} (${remote.name ?? 'the remote'} asks for ${s.requiredVersion})`);
  }
  return out;
}
