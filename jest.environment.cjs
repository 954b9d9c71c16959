// jsdom, plus the Fetch API of Node (fetch, Request, Response, Headers, AbortController, streams), which jsdom lacks
// (FormData and Blob stay jsdom's: React builds a FormData from a form element on submit)
// and ky needs. Tests mock HTTP by replacing `globalThis.fetch` or by talking to a real local server.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'ReadableStream',
  'WritableStream', 'TransformStream', 'TextEncoder', 'TextDecoder', 'structuredClone',
];

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetch;
