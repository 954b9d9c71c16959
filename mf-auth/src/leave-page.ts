// The spec reloads the page after login steps so the header, cart and every remote start from the new state.
// Loading the target in full does both at once. Kept in its own module so component tests can observe it.
export function loadPage(path: string): void {
  window.location.assign(path);
}
