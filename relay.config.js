// Read by relay-compiler (through `require`) and by babel-plugin-relay (through cosmiconfig's
// `require`). In this ESM package `export default` would reach them wrapped as `{ default }`;
// Node's `module.exports` export name hands them the plain object instead.
const config = {
  src: './web/src',
  schema: './schema.graphql',
  language: 'typescript',
  artifactDirectory: './web/src/__generated__',
  excludes: ['**/node_modules/**', '**/__mocks__/**', '**/__generated__/**'],
  // The server ships the web build it serves, so enums can be exhaustive (a stale tab is
  // caught by the /meta.json version check, docs/product.md §4).
  noFutureProofEnums: true,
  // What the server's scalars serialize to (api/src/graphql/builder.ts): an ISO 8601 string and
  // an exact decimal string. Typed here so the artifacts carry `string`, not `any`.
  customScalarTypes: { DateTime: 'string', Decimal: 'string' },
  // `import type` for the types the artifacts name: Vite's server-side loader (the prerendered pages,
  // scripts/prerender-pages.ts) keeps a plain import and finds no such export in relay-runtime.
  useImportTypeSyntax: true,
};

export { config as 'module.exports' };
