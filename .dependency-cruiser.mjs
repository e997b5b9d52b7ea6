/**
 * The project's layers, as rules `npm run lint` enforces (dependency-cruiser). docs/architecture.md
 * draws the same picture.
 *
 * Two stacks on one foundation. Build time: content -> schemas -> site model -> generators
 * (page Markdown, discovery files, the function's artefacts). Run time (what the API function
 * ships): HTTP transport -> traffic record -> MCP protocol -> tools -> artefact reader and
 * search; the lead pipeline and its notification serve both the contact form and
 * start_conversation. The protocol only reports how each message ended; the transport makes the
 * traffic record's notes of it, so the record sits between them and knows neither the transport
 * nor the generators (the two explicit rules below say so by name).
 *
 * A module may import only from its own layer or the layers below it, and no module may import
 * itself back through others (no cycles, types included). Entry points (Netlify functions,
 * scripts, Astro's pages and build hook) are on top. The build stack sits above the run-time
 * stack because generators describe what the run time serves (tools, routes, limits), while
 * nothing the function ships may reach the model, the generators or their packages. The content
 * schemas sit at the bottom: they depend on nothing but zod and the foundation.
 */

/** Top to bottom. `path` is matched against paths from the project root. */
const LAYERS = [
  {
    name: 'entry',
    path: '^(functions|scripts)/|^astro[.]config[.]mjs$|^src/(integrations|pages|layouts|components|lazy)/|^src/content[.]config[.]ts$',
    about:
      'Netlify functions and the modules the API function loads apart (src/lazy), operator scripts, Astro pages, layouts, components and the build hook',
  },
  { name: 'build', path: '^src/build/', about: 'what the build writes: page Markdown, artefacts, the list of files' },
  { name: 'generators', path: '^src/(discovery|dns)/', about: 'pure generators of discovery files and DNS records' },
  {
    name: 'editor',
    path: '^src/cms/',
    about: 'the editor at /admin/: its configuration made from the schemas, and its script in the browser',
  },
  {
    name: 'translations',
    path: '^src/translations/',
    about: "the translations' state: entry digests, missing / stale / current, the translation record",
  },
  { name: 'model', path: '^src/model/', about: 'the site model: loaded, checked, indexed content' },
  { name: 'markdown', path: '^src/markdown/', about: 'MDX -> Markdown and mdast helpers' },
  { name: 'transport', path: '^src/http/', about: 'HTTP: routing, envelope, CORS, limits, headers, the contact form' },
  {
    name: 'traffic',
    path: '^src/traffic/',
    about:
      "the traffic record: its vocabulary, the API function's notes, counting (the edge function), classifying, storing, reporting",
  },
  { name: 'protocol', path: '^src/mcp/(?!tools/)', about: 'MCP: JSON-RPC, eras, dispatch' },
  { name: 'tools', path: '^src/mcp/tools/', about: 'the tools (one list: src/mcp/tools/registry.ts)' },
  { name: 'artefacts', path: '^src/artefacts/', about: "the build's artefacts as the function reads them" },
  { name: 'search', path: '^src/search/', about: 'the search index, its format and its ranking' },
  {
    name: 'notify',
    path: '^src/notify/',
    about: 'the team notification of a lead, and the Netlify lead pipeline that sends it',
  },
  { name: 'leads', path: '^src/leads/', about: 'the lead pipeline: intake, limits, stores' },
  { name: 'schemas', path: '^src/schemas/', about: "content schemas: the editors' fields" },
  // Runs in the visitor's browser (bundled by Astro into the pages' script): foundation code only.
  {
    name: 'browser',
    path: '^src/browser/',
    about: "the pages' script: WebMCP tools and the header menus in the browser",
  },
  {
    name: 'foundation',
    path: '^src/site/|^src/(?!content[.]config[.]ts$)[^/]+[.]ts$',
    about: 'paths, bounds, once, memo, zod/mini, log, lead references',
  },
];

/** The layers the API function ships: they must not load build-time packages. */
const RUNTIME = ['transport', 'traffic', 'protocol', 'tools', 'artefacts', 'search', 'notify', 'leads', 'foundation'];
/** @param {string[]} names */
const pathOf = (names) =>
  LAYERS.filter((layer) => names.includes(layer.name))
    .map((layer) => `(${layer.path})`)
    .join('|');

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const upward = LAYERS.slice(1).map((layer, index) => ({
  name: `layer-${layer.name}`,
  severity: 'error',
  comment: `${layer.name} (${layer.about}) may not import from the layers above it: ${LAYERS.slice(0, index + 1)
    .map((above) => above.name)
    .join(', ')}. Move the shared piece down, or pass it in.`,
  from: { path: layer.path },
  to: { path: pathOf(LAYERS.slice(0, index + 1).map((above) => above.name)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other (types included) cannot be read, tested or loaded one at a time.',
      from: {},
      to: { circular: true },
    },
    ...upward,
    // The layer order forbids both already; these name them, so a change to the order cannot
    // quietly let observation back into the protocol, or the record reach up for a helper.
    {
      name: 'protocol-no-traffic',
      severity: 'error',
      comment:
        'src/mcp answers messages and reports how each ended (Reply.outcomes in src/mcp/server.ts); it knows ' +
        "nothing of the traffic record: the API function makes the record's notes from the outcomes " +
        '(src/http/traffic-notes.ts).',
      from: { path: '^src/mcp/' },
      to: { path: '^src/traffic/' },
    },
    {
      name: 'traffic-not-upward',
      severity: 'error',
      comment:
        'The traffic record (src/traffic) sits below the HTTP transport (which makes its notes) and the ' +
        'discovery generators, and imports neither: what it shares with them (paths, pageOf, the content ' +
        "editor's prefix, content negotiation) belongs to the foundation (src/site).",
      from: { path: '^src/traffic/' },
      to: { path: '^src/(http|discovery)/' },
    },
    {
      name: 'runtime-build-packages',
      severity: 'error',
      comment:
        'The API function loads every package its modules import when it starts ' +
        '(docs/architecture.md, "What ships"): run-time code uses src/zod.ts (zod/mini, bundled) ' +
        'and never the build-time packages.',
      // src/zod.ts imports zod/mini by file path on purpose, so esbuild bundles it (see that file).
      from: { path: pathOf(RUNTIME), pathNot: '^src/zod[.]ts$' },
      to: {
        path: '(^|/)node_modules/(zod|astro|@astrojs|satteri|yaml|unified|remark-[^/]+|mdast-[^/]+|unist-[^/]+)/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'browser-no-packages',
      severity: 'error',
      comment:
        "Code in src/browser runs in every visitor's browser: it stays a few hundred bytes of the site's " +
        'own code (docs/mcp-design.md, "WebMCP"); a package would be bundled into every page.',
      from: { path: '^src/browser/' },
      to: { path: '(^|/)node_modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'digest-imports-nothing',
      severity: 'error',
      comment:
        "src/translations/digest.ts also runs in the editor's browser (the CMS checks which translations a " +
        'save changed): it uses Web Crypto and imports nothing, neither a package nor a node: module.',
      from: { path: '^src/translations/digest[.]ts$' },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      // Astro's virtual modules (astro:content) and mdast, a types-only package (@types/mdast),
      // have no file for the resolver to find.
      // .generated/ is made by the build, so a fresh clone's lint runs before it exists.
      to: { couldNotResolve: true, pathNot: '^(astro:.+|mdast|([.][.]/)+[.]generated/.+)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages are seen (the runtime-build-packages rule needs them) but not followed inside.
    exclude: { path: '^(dist|[.]astro|[.]netlify|[.]deno)/' },
    // Type-only imports count as edges: a cycle of types is still a cycle to a reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.json', '.astro'],
    },
    extraExtensionsToScan: ['.astro'],
  },
};
