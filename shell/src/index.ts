// Async boundary: shared modules are negotiated before any of them is used (TOOLCHAIN-NOTES). The runtime config
// is requested at once, while the shell's own files are still arriving (one round trip less before the first page).
const configRequest = fetch('/config.json', { cache: 'no-store' });
configRequest.catch(() => {}); // a failure is shown by the bootstrap, which awaits this request
void import('./main').then(({ main }) => main(configRequest));
