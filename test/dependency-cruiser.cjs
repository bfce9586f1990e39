/**
 * Import directions of ARCHITECTURE.md, checked on every `npm test`:
 * shell/, widget/ → src/; server/ → src/domain, src/contract; src/ never imports the apps;
 * src/api imports no store; shell/stores imports no screen; one shell feature never imports another;
 * only src/api talks HTTP (that one is a lint rule, biome.jsonc: it uses fetch, a global, not a package).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Cycles make load order fragile.', from: {}, to: { circular: true } },
    {
      name: 'core-never-imports-apps',
      severity: 'error',
      comment: 'src/ is shared by shell, widget and server, so it cannot depend on any of them.',
      from: { path: '^src/' },
      to: { path: '^(shell|widget|server)/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain holds pure rules shared with the server: no I/O, no stores, no packages.',
      from: { path: '^src/domain/' },
      to: { pathNot: '^src/domain/' },
    },
    {
      name: 'contract-is-schemas-only',
      severity: 'error',
      comment: 'Contracts are TypeBox schemas and their types, nothing else.',
      from: { path: '^src/contract/' },
      to: { pathNot: '^(src/contract/|node_modules/typebox/)' },
    },
    {
      name: 'apps-import-contract-types-only',
      severity: 'error',
      comment: 'The browser bundles take only the static types of the contracts (import type), never the schemas.',
      from: { path: '^(src/(api|stores|ui|i18n|bridge)|shell|widget)/' },
      to: { path: '^src/contract/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-uses-domain-and-contract-only',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/(domain|contract)/' },
    },
    {
      name: 'shell-not-widget-or-server',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: '^(widget|server)/' },
    },
    {
      name: 'widget-not-shell-or-server',
      severity: 'error',
      from: { path: '^widget/' },
      to: { path: '^(shell|server)/' },
    },
    {
      name: 'features-are-independent',
      severity: 'error',
      comment: 'Compose features in shell/app/, never in each other. The settings overlay\'s section registry (settings/sections.ts) is composition too: it names each section\'s lazy panel.',
      from: { path: '^shell/features/([^/]+)/', pathNot: '^shell/features/settings/sections[.]ts$' },
      to: { path: '^shell/features/', pathNot: '^shell/features/$1/' },
    },
    {
      name: 'features-do-not-import-the-app-frame',
      severity: 'error',
      from: { path: '^shell/features/' },
      to: { path: '^shell/app/' },
    },
    {
      name: 'shell-stores-below-screens',
      severity: 'error',
      comment:
        'shell/stores holds the stores the app frame and several features share (session actions, invitations, pipelines, customers, overlays, navigation): features and the app use them, never the reverse; a feature store that shared data must forget registers with it (onAccountForgotten).',
      from: { path: '^shell/stores/' },
      to: { path: '^shell/(app|features)/' },
    },
    {
      name: 'router-knows-no-order',
      severity: 'error',
      comment:
        'The router (hash location, location sync, guard) asks whether a move is held and announces moves (shell/stores/navigation.ts); the deal registers its own leave guard and reset, so the router imports no screen state.',
      from: { path: '^shell/app/(hashLocation|locationSync|RouteGuard|guardState)\\.' },
      to: { path: '^shell/features/' },
    },
    {
      name: 'api-is-pure',
      severity: 'error',
      comment:
        'src/api (and a feature\'s api.ts) is pure HTTP: createClient and one module per area. Tokens, texts and what a failure does come from the app that wires the clients in its bootstrap (shell/app/httpClients.ts, widget/main.tsx), so the widget and the shell share one transport.',
      from: { path: '^(src/api/|shell/features/[^/]+/[^/]*[aA]pi\\.ts$)' },
      to: { path: '^(src/(stores|i18n|ui|bridge)/|shell/)', pathNot: '[aA]pi\\.ts$' },
    },
    {
      name: 'ui-has-no-data-access',
      severity: 'error',
      comment: 'Shared controls get data by props or stores, never by calling the API.',
      from: { path: '^src/ui/' },
      to: { path: '^src/api/' },
    },
    {
      name: 'stores-do-not-import-ui',
      severity: 'error',
      from: { path: '^src/(stores|api|i18n|bridge)/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'modules-never-import-other-routes',
      severity: 'error',
      comment: "A module imports another module's service, never its routes.ts (HTTP only): shared rules live in services or server/auth.",
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/routes\\.ts$', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'only-app-registers-routes',
      severity: 'error',
      comment: 'server/app.ts assembles the app: it alone, outside the modules, imports their routes.ts.',
      from: { pathNot: ['^server/app\\.ts$', '^server/modules/'] },
      to: { path: '^server/modules/[^/]+/routes\\.ts$' },
    },
    {
      name: 'no-cycles-between-server-modules',
      severity: 'error',
      comment: 'Modules depend on each other in one direction only (ARCHITECTURE.md): a cycle between two module folders, even through files that are not cyclic themselves, is refused.',
      scope: 'folder',
      from: { path: '^server/modules/[^/]+$' },
      to: { path: '^server/modules/[^/]+$', circular: true },
    },
    {
      name: 'stock-only-through-its-api',
      severity: 'error',
      comment:
        'server/modules/stock is the one writer of batches, the ledger and reservations (ARCHITECTURE.md): other code calls its api.ts, never its internals, so no second ledger writer or lock order can grow outside it. test/server/stockWriters.test.ts checks no table write slips past.',
      from: { path: '^server/', pathNot: '^server/modules/stock/' },
      to: { path: '^server/modules/stock/', pathNot: '^server/modules/stock/api[.]ts$' },
    },
    { name: 'not-to-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.d.ts'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
