import '@testing-library/jest-dom';

// jsdom lacks a few browser APIs that the pages use; node-environment tests skip this part.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  beforeEach(() => {
    localStorage.clear();
  });
}
