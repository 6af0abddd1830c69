// The import rules of the code base, checked by `npm run lint` (dependency-cruiser).
// The api is built in layers (ARCHITECTURE.md "Layers"): a file may import its own module, any
// module of a lower layer and the platform, never a module of its own layer or of one above.
// A new module joins a layer here before it can import anything.
/** @typedef {{ name: string, comment: string, modules?: string[], paths?: string[] }} Layer */

const API = '^apps/api/src/';
const TESTS = '\\.test\\.tsx?$|\\.fixture\\.ts$';

/** @type {Layer[]} the api from the bottom up */
const layers = [
  {
    name: 'platform',
    comment: 'configuration, database, shared mechanisms and the queue: no business module',
    paths: ['config/', 'db/', 'lib/'],
  },
  {
    name: 'tenant',
    comment: 'the company (its row, plan features, logo) and the session of who is calling',
    modules: ['companies', 'sessions'],
  },
  {
    name: 'company-own',
    comment: 'what a company holds: its users, departments, API keys, documents and invoices',
    modules: ['users', 'departments', 'api-keys', 'documents', 'invoices', 'sso-settings'],
  },
  {
    name: 'company-setup',
    comment: 'what it builds on those: mail texts, templates, its plan and payments',
    modules: ['email-templates', 'templates', 'billing'],
  },
  {
    name: 'requests',
    comment:
      'the sign request: wizard, sending, its state machine and what a change records; bulk sends',
    modules: ['sign-requests', 'bulk-sends'],
  },
  {
    name: 'after-sending',
    comment: "the signer's side, sealing, webhook delivery and the GDPR purge",
    modules: ['signing', 'sealing', 'webhooks', 'gdpr'],
  },
  {
    name: 'edge',
    comment: 'entries and views that compose the layers below',
    modules: [
      'identity',
      'embed',
      'wallet',
      'company-settings',
      'auth',
      'admin',
      'contact',
      'dev',
      'health',
      'office',
      'sso',
    ],
  },
  {
    name: 'composition',
    comment: 'the entry points that wire everything: app, server, worker, job workers, scripts',
    paths: ['app\\.ts$', 'server\\.ts$', 'worker\\.ts$', 'jobs/workers\\.ts$', 'scripts/'],
  },
];

const alternatives = (layer) => [
  ...(layer.paths ?? []),
  ...(layer.modules ?? []).map((m) => `modules/${m}/`),
];
const pathOf = (list) => `${API}(${list.join('|')})`;
const allModules = layers.flatMap((l) => l.modules ?? []);

const layerRules = layers.slice(0, -1).flatMap((layer, i) => {
  const above = layers.slice(i + 1).flatMap(alternatives);
  const rules = [
    {
      name: `layer-${layer.name}`,
      comment: `${layer.name} (${layer.comment}) imports nothing of a layer above it`,
      severity: 'error',
      from: { path: pathOf(alternatives(layer)), pathNot: TESTS },
      to: { path: pathOf(above) },
    },
  ];
  if (layer.modules && layer.modules.length > 1) {
    const group = `${API}modules/(${layer.modules.join('|')})/`;
    rules.push({
      name: `layer-${layer.name}-siblings`,
      comment: `the modules of ${layer.name} do not import each other`,
      severity: 'error',
      from: { path: group, pathNot: TESTS },
      to: { path: group, pathNot: `${API}modules/$1/` },
    });
  }
  return rules;
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'module-in-a-layer',
      comment: 'every api module is listed in a layer of .dependency-cruiser.cjs',
      severity: 'error',
      from: { path: `${API}modules/`, pathNot: `${API}modules/(${allModules.join('|')})/` },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'no import circle, not even through types',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-alone',
      comment:
        'a web feature does not import another feature: shared parts go to components/ or lib/',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      comment: "the web's shared components, lib and config import no feature",
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    includeOnly: '^(apps/(api|web)/src|packages/contract/src)/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
