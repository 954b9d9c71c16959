// The storefront server's check of a remote's shared modules against the shell's (scripts/shared-versions.mjs).
/* global test, expect */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedMismatches } from './shared-versions.mjs';

const shell = {
  shared: [
    { name: 'react', version: '19.3.1' },
    { name: 'react-dom', version: '19.3.1' },
    { name: 'shared/ui', version: '0.1.0' },
  ],
};

test('a remote built for the versions the shell provides passes', () => {
  const remote = {
    name: 'mf_content',
    shared: [
      { name: 'react', singleton: true, requiredVersion: '^19.2.0' },
      { name: 'react-dom', singleton: true, requiredVersion: '19.3.1' },
      { name: 'shared/ui', singleton: true, requiredVersion: '^0.1.0' },
    ],
  };
  expect(sharedMismatches(shell, remote)).toEqual([]);
});

test('a remote that asks for another major version (or, below 1.0, another minor) is named with what it asks for', () => {
  const remote = {
    name: 'mf_cart',
    shared: [
      { name: 'react', singleton: true, requiredVersion: '^20.0.0' },
      { name: 'react-dom', singleton: true, requiredVersion: '^19.4.0' },
      { name: 'shared/ui', singleton: true, requiredVersion: '^0.2.0' },
      // Not the shell's to provide, not a singleton, or no range: nothing to say.
      { name: 'left-pad', singleton: true, requiredVersion: '^1.0.0' },
      { name: 'react', singleton: false, requiredVersion: '^20.0.0' },
      { name: 'react-dom', singleton: true, requiredVersion: false },
    ],
  };
  expect(sharedMismatches(shell, remote)).toEqual([
    'react 19.3.1 (mf_cart asks for ^20.0.0)',
    'react-dom 19.3.1 (mf_cart asks for ^19.4.0)',
    'shared/ui 0.1.0 (mf_cart asks for ^0.2.0)',
  ]);
});

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const built = existsSync(path.join(root, 'shell', 'dist', 'server', 'mf-manifest.json'));

// `npm test` builds first; a jest run on a fresh clone skips it.
(built ? test : test.skip)("this build's remotes agree with this build's shell", () => {
  const read = (app) => JSON.parse(readFileSync(path.join(root, app, 'dist', 'server', 'mf-manifest.json'), 'utf8'));
  const apps = ['mf-auth', 'mf-domains', 'mf-cart', 'mf-dashboard', 'mf-content', 'mf-staff'];
  for (const app of apps) {
    const remote = read(app);
    expect(remote.shared.length).toBeGreaterThan(5);
    expect([app, sharedMismatches(read('shell'), remote)]).toEqual([app, []]);
  }
});
