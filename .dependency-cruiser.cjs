// Import rules of the API and the web app, checked by `npm run lint` (docs/architecture.md, « The layers »).
// Each layer may import the layers below it, never those above; no file imports itself back through
// others; the domain code knows neither GraphQL nor HTTP; the web app shares code with the API only
// through packages/domain, which imports neither.

/** The API's layers, top first. */
const layers = [
  { name: 'composition', path: ['^api/src/(main|bootstrap|app)\\.ts$', '^api/src/server/'] },
  { name: 'modules', path: ['^api/src/modules/'] },
  { name: 'kits', path: ['^api/src/(graphql|http)/'] },
  { name: 'request context', path: ['^api/src/(context|guards)\\.ts$'] },
  { name: 'infra', path: ['^api/src/infra/'] },
  { name: 'base', path: ['^api/src/(lib/|generated/|(errors|config|version)\\.ts$)', '^packages/domain/'] },
];

const upwardRules = layers.slice(1).map((layer, index) => ({
  name: `layers-${layer.name.replace(' ', '-')}-imports-up`,
  comment: `The ${layer.name} layer imports a layer above it (${layers
    .slice(0, index + 1)
    .map((above) => above.name)
    .join(', ')}): move the shared piece down, or declare an interface below that the layer above fills.`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: layers.slice(0, index + 1).flatMap((above) => above.path) },
}));

/**
 * The domain modules, top first: a module imports only modules listed after it, so no two modules
 * import each other, even through others (docs/architecture.md, « Domain modules »).
 */
const modules = [
  'reporting',
  'statistics',
  'billing',
  'apiTokens',
  'webhooks',
  'counting',
  'retrocession',
  'reports',
  'auth',
  'absences',
  'groups',
  'news',
  'accounts',
  'credentials',
  'seller',
  'notifications',
  'idempotency',
  'audit',
];

const moduleRules = modules.slice(1).map((module, index) => ({
  name: `modules-${module}-imports-up`,
  comment: `modules/${module} imports a module listed above it in .dependency-cruiser.cjs (${modules.slice(0, index + 1).join(', ')}).`,
  severity: 'error',
  from: { path: `^api/src/modules/${module}/` },
  to: { path: `^api/src/modules/(${modules.slice(0, index + 1).join('|')})/` },
}));

/** Every folder under api/src/modules is listed above. */
const unlisted = {
  name: 'modules-listed',
  comment: 'A folder of api/src/modules is missing from the list of modules in .dependency-cruiser.cjs.',
  severity: 'error',
  from: {},
  to: { path: '^api/src/modules/', pathNot: `^api/src/modules/(${modules.join('|')})/` },
};

/**
 * Business rules, services, workflows, the constats' read model, infrastructure and shared rules: reached
 * by REST shims and jobs as well as by GraphQL, they stay free of any transport.
 */
const domain = [
  '^api/src/modules/[^/]+/(service|rules|workflow)\\.ts$',
  '^api/src/modules/[^/]+/read-model/',
  '^api/src/(infra|lib)/',
  '^api/src/errors\\.ts$',
  '^packages/domain/',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A file imports itself back through others: the layers read top to bottom only when no loop exists.',
      severity: 'error',
      from: { path: '^(api/src|packages)/' },
      to: { circular: true },
    },
    ...moduleRules,
    unlisted,
    ...upwardRules,
    {
      name: 'graphql-kit-above-http-kit',
      comment: 'The HTTP kit (request helpers, multipart, static files, headers) knows nothing of GraphQL: the GraphQL kit builds on it.',
      severity: 'error',
      from: { path: '^api/src/http/' },
      to: { path: '^api/src/graphql/' },
    },
    {
      name: 'domain-knows-no-graphql',
      comment: 'Services, rules, workflows, the read model, infrastructure and shared rules do not know GraphQL (errors included).',
      severity: 'error',
      from: { path: domain },
      to: { path: ['^api/src/graphql/', '(^|/)node_modules/graphql/'] },
    },
    {
      name: 'only-rest-shims-know-http',
      comment: 'Of a module, only its REST shim (rest.ts, rest-*.ts) speaks HTTP; infrastructure never does.',
      severity: 'error',
      from: { path: ['^api/src/modules/', '^api/src/infra/'], pathNot: '^api/src/modules/[^/]+/rest(\\.ts|-[a-z-]+\\.ts)$' },
      to: { path: '^api/src/http/' },
    },
    {
      name: 'web-shares-only-packages',
      comment: 'The web app reaches the API over GraphQL; code it shares with the API lives in packages/domain.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^api/' },
    },
    {
      name: 'packages-stand-alone',
      comment: 'A shared package is imported by the API and the web app, and imports neither.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(api|web)/' },
    },
  ],
  options: {
    // The Prisma client and the Relay artifacts are generated: imported, never read through.
    doNotFollow: { path: ['node_modules', '^api/src/generated/', '/__generated__/'] },
    // A package's build output is not source.
    exclude: { path: '^packages/[^/]+/dist/' },
    moduleSystems: ['es6'],
    // `import type` counts: a type-only import ties the layers as much as any other.
    tsPreCompilationDeps: true,
    // Resolves the `.js` specifiers of the TypeScript sources to their `.ts` files.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // packages/domain exports its TypeScript sources under `types`.
      conditionNames: ['types', 'import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
