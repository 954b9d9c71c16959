// Async boundary: shared modules are negotiated before any of them is used (TOOLCHAIN-NOTES). Meanwhile config.json
// and the current page's remote are already on their way: index.html's early script (early.ts) asked for them.
void import(/* webpackChunkName: "start" */ './main');
