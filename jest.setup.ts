import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks a few browser APIs that the pages use.
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!window.scrollTo || String(window.scrollTo).includes('not implemented')) window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

beforeEach(() => {
  localStorage.clear();
});
