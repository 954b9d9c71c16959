import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait 4 s, not 1: a lazily loaded dialog took over a second to appear in a full `npm test` on
// this 2-core machine (mf-dashboard's account settings), and a wait only lasts that long when it is failing.
configure({ asyncUtilTimeout: 4000 });

// jsdom lacks a few browser APIs that the pages use; node-environment tests skip this part.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  beforeEach(() => {
    localStorage.clear();
  });
}
