// tus-js-client's browser build, loaded by the studio's tus tests in place of the node build vitest resolves.
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client';
}
