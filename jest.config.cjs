// Unit and component tests of the browser packages (jsdom), and the API's integration tests (node).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const browser = {
  testEnvironment: '<rootDir>/jest.environment.cjs',
  transform: { '^.+\\.[jt]sx?$': swc },
  // ky and other ESM-only packages are transformed too (pnpm keeps them under node_modules/.pnpm).
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(ky)[@/])'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^shared/(.*)$': '<rootDir>/shared/src/$1',
    '\\.(png|jpe?g|webp|svg|woff2?)$': '<rootDir>/jest.file-stub.cjs',
  },
  globals: { __DEV_API_BASE_URL__: 'http://localhost:8000' },
};

const apps = ['shared', 'shell', 'mf-auth', 'mf-domains', 'mf-cart', 'mf-dashboard', 'mf-content', 'mf-staff'];

module.exports = {
  projects: [
    ...apps.map((app) => ({ ...browser, displayName: app, rootDir: __dirname, roots: [`<rootDir>/${app}/src`] })),
    // The storefront's Node scripts (scripts/*.mjs), e.g. robots.txt and sitemap.xml.
    {
      displayName: 'scripts',
      rootDir: __dirname,
      roots: ['<rootDir>/scripts'],
      testEnvironment: 'node',
      testMatch: ['**/*.test.mjs'],
      moduleFileExtensions: ['mjs', 'js', 'cjs', 'json'],
      transform: { '^.+\\.mjs$': swc },
    },
  ],
};

// The API brings its own project (node environment, real database) once it exists.
if (require('node:fs').existsSync(`${__dirname}/api/jest.config.cjs`)) {
  module.exports.projects.push('<rootDir>/api/jest.config.cjs');
}
