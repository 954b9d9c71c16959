// The shared 'react-router-dom': since v7 a second name of react-router, so it re-exports the shared router
// (react-router.mjs beside this file, consumed from the share scope): one module under both names.
export * from 'react-router';
