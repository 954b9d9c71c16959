// API integration tests: real PGlite (or PostgreSQL with TEST_DATABASE_URL), app.inject, no open port.
// Dependencies published only as ES modules: Node 20 loads them with require(esm), Jest's module system does not, so
// swc compiles them like our sources (htmlparser2 and its dom* and entities packages: sanitize-html's parser).
const esmOnly = ['content-disposition', 'cookie', 'htmlparser2', 'domhandler', 'domutils', 'dom-serializer', 'entities', 'domelementtype'];
const esm = esmOnly.map((n) => n.replace('/', '\\+')).join('|');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', importAttributes: true },
          target: 'es2022',
          experimental: { keepImportAttributes: false },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/(${esm})@|(${esm})/)`],
  // Builds the migrated and seeded PGlite template once per run (skipped with TEST_DATABASE_URL).
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-timeout.ts'],
};
