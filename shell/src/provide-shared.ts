// The shell provides every shared module to the remotes, including the ones it does not use itself: Module
// Federation provides a module only when the build meets an import of it, and a remote that finds no provider
// falls back to its own copy (a second store, a second schema set). These imports are never run by the shell.
export function sharedModulesForRemotes() {
  return [
    import('shared/schemas'),
    import('shared/format'),
    import('shared/currency'),
    import('shared/cart-count'),
    import('shared/toast'),
    import('shared/load'),
  ];
}
