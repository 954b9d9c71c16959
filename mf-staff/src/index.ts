// Async boundary: shared modules are negotiated before any of them is used.
import('./bootstrap');
