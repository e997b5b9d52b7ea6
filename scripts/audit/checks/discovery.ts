/**
 * Every discovery file of the contract fetched, parsed and validated against its standard
 * (docs: shared standards notes): OpenAPI 3.1 (schema-validated), MCP server card (at the
 * well-known path and beside the endpoint, one document), API catalog (RFC 9727), agent skills
 * (digests recomputed from the bytes served), AI catalog, the MCP catalog, llms.txt, robots.txt
 * with Content-Signal, the sitemap and /mcp.md. Links inside them that point at the deployment
 * are followed on the audited host.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { PATHS, isJsonType, isObject, jsonOf, mediaType, shown, type Audit } from '../context.ts';
import type { HttpResponse } from '../http.ts';
import { ARD_URN, ardProblems } from '../../../src/discovery/ard-rules.ts';
import { registryProblems } from '../../../src/discovery/registry-rules.ts';
import { SERVER_CARD_CONTENT_TYPE } from '../../../src/http/headers.ts';
import { parseLinks } from './headers.ts';
import { CONTRACT_VERSIONS } from './mcp.ts';
import { sitemapLocations } from '../site.ts';

const area = 'discovery';

/** The path of a URL that names the deployment (the audited host, or a host its files name as its own). */
export function ownPath(audit: Audit, href: string, ownHosts: ReadonlySet<string>): string | undefined {
  try {
    const url = new URL(href, audit.base);
    return url.host === audit.base.host || ownHosts.has(url.host) ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** Fetches a file (asking for `accept`), checks its status and media type; returns the response when both are right. */
async function fetchFile(
  audit: Audit,
  id: string,
  path: string,
  types: (type: string) => boolean,
  expectedType: string,
  accept?: string,
): Promise<HttpResponse | undefined> {
  const response = await audit.getOnce(path, accept);
  const ok = response.status === 200 && types(mediaType(response));
  audit.check(area, `${id}.fetch`, `${path}: 200, ${expectedType}`, ok, {
    expected: `HTTP 200, Content-Type ${expectedType}`,
    got: shown(response, response.status !== 200),
    fix:
      response.status === 200
        ? `Serve ${path} as ${expectedType} (the build's _headers or the server config).`
        : `Publish ${path} (contract, "Discovery files").`,
  });
  return response.status === 200 ? response : undefined;
}

function jsonFile(audit: Audit, id: string, response: HttpResponse | undefined): Record<string, unknown> | undefined {
  if (!response) return undefined;
  const body = jsonOf(response);
  audit.check(area, `${id}.json`, `${new URL(response.url).pathname} parses as a JSON object`, isObject(body), {
    expected: 'a JSON object',
    got: shown(response),
    fix: 'Serve valid JSON.',
  });
  return isObject(body) ? body : undefined;
}

/** Which of `paths` (on the audited host) do not answer 200, each with what came back. */
async function unreachable(audit: Audit, paths: Iterable<string>): Promise<string[]> {
  const broken: string[] = [];
  for (const path of new Set(paths)) {
    const response = await audit.getOnce(path);
    if (response.status !== 200) broken.push(`${path}: ${shown(response, false)}`);
  }
  return broken;
}

/** The paths on this deployment of the catalog entries' `url`s. */
function entryPaths(audit: Audit, entries: Record<string, unknown>[], ownHosts: ReadonlySet<string>): string[] {
  return entries
    .map((entry) => (typeof entry.url === 'string' ? ownPath(audit, entry.url, ownHosts) : undefined))
    .filter((path): path is string => path !== undefined);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The `name` and `description` of a SKILL.md's YAML frontmatter. */
export function frontmatter(text: string): Record<string, string> | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  if (!match) return undefined;
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (field) fields[field[1]!] = field[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return fields;
}

/** What is wrong with a robots.txt's Content-Signal, or undefined. */
export function contentSignalProblem(robots: string): string | undefined {
  const lines = robots.split(/\r?\n/).map((line) => line.replace(/#.*$/, '').trim());
  const index = lines.findIndex((line) => /^content-signal\s*:/i.test(line));
  if (index < 0) return 'no Content-Signal line';
  if (!lines.slice(0, index).some((line) => /^user-agent\s*:/i.test(line)))
    return 'Content-Signal is not inside a User-agent group';
  const value = lines[index]!.replace(/^content-signal\s*:/i, '').trim();
  const pairs = value.split(',').map((pair) => pair.trim());
  const bad = pairs.filter((pair) => !/^[a-z][a-z-]*=(yes|no)$/.test(pair));
  if (pairs.length === 0 || bad.length > 0) return `Content-Signal "${value}" is not a list of name=yes|no`;
  return undefined;
}

/** What is wrong with an llms.txt, or undefined (llmstxt.org, and the contract's when-to-use section). */
export function llmsTxtProblem(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const first = lines.find((line) => line.trim() !== '');
  if (!first?.startsWith('# ')) return `it does not start with an H1 ("# Name"), but "${first ?? ''}"`;
  if (!lines.some((line) => line.startsWith('> '))) return 'no "> " summary line';
  const sections = lines.filter((line) => line.startsWith('## '));
  if (sections.length === 0) return 'no "## " sections';
  if (!sections.some((line) => /\bwhen\b/i.test(line)))
    return `no when-to-use section (sections: ${sections.map((line) => line.slice(3)).join(', ')})`;
  if (!/^- \[[^\]]+\]\([^)]+\)/m.test(text)) return 'no "- [name](url)" links';
  return undefined;
}

/** What the checks of the discovery files share: the audit, and the hosts the deployment names as its own. */
interface DiscoveryContext {
  audit: Audit;
  say: (line: string) => void;
  /** The deployment's hosts, from the sitemap's URLs, the card's endpoints, the catalog's anchors. */
  ownHosts: Set<string>;
  addHost: (href: unknown) => void;
}

/** The sitemap first: its origin is the deployment's public one, and its URLs name the site's hosts. */
async function checkSitemap({ audit, addHost }: DiscoveryContext): Promise<void> {
  const sitemap = await fetchFile(
    audit,
    'discovery.sitemap',
    PATHS.sitemap,
    (type) => type === 'application/xml' || type === 'text/xml',
    'application/xml',
  );
  if (sitemap) {
    const locations = sitemapLocations(sitemap.text);
    const invalid = locations.filter((location) => !URL.canParse(location));
    audit.check(
      area,
      'discovery.sitemap.urls',
      'the sitemap is a <urlset> of absolute <loc> URLs',
      /<(urlset|sitemapindex)[\s>]/.test(sitemap.text) && locations.length > 0 && invalid.length === 0,
      {
        expected: 'a sitemaps.org <urlset> with at least one absolute <loc>',
        got: locations.length === 0 ? 'no <loc>' : `invalid: ${invalid.slice(0, 5).join(', ')}`,
        fix: 'Publish a sitemap listing every page by absolute URL.',
      },
    );
    locations.forEach(addHost);
  }
}

/** robots.txt: Content-Signal preferences and the sitemap. */
async function checkRobots({ audit }: DiscoveryContext): Promise<void> {
  const robots = await fetchFile(
    audit,
    'discovery.robots',
    PATHS.robots,
    (type) => type === 'text/plain',
    'text/plain',
  );
  if (robots) {
    const problem = contentSignalProblem(robots.text);
    audit.check(area, 'discovery.robots.content-signal', 'robots.txt states Content-Signal preferences', !problem, {
      expected: 'a "Content-Signal: search=yes, ai-input=yes, ai-train=no"-style line in a User-agent group',
      got: problem,
      fix: 'Add a Content-Signal line (contentsignals.org) under "User-agent: *".',
    });
    const sitemapLine = /^sitemap\s*:\s*(\S+)/im.exec(robots.text)?.[1];
    audit.check(
      area,
      'discovery.robots.sitemap',
      'robots.txt names the sitemap',
      sitemapLine !== undefined && URL.canParse(sitemapLine),
      {
        expected: 'a "Sitemap: <absolute URL>" line',
        got: sitemapLine ?? '(none)',
        fix: 'Add "Sitemap: https://<host>/sitemap.xml" to robots.txt.',
      },
    );
    // Agentmap is optional (company.yaml `agentmap`); a line that is there must name the manifest.
    const agentmap = /^agentmap\s*:\s*(\S+)/im.exec(robots.text)?.[1];
    if (agentmap !== undefined)
      audit.check(
        area,
        'discovery.robots.agentmap',
        'the Agentmap line of robots.txt names the ARD manifest',
        URL.canParse(agentmap) && new URL(agentmap).pathname === PATHS.ard,
        {
          expected: `"Agentmap: https://<host>${PATHS.ard}"`,
          got: agentmap,
          fix: `Point the Agentmap line at ${PATHS.ard}, or remove it.`,
        },
      );
  }
}

/** The MCP server card: the endpoint, its identity, no authentication, the versions. */
async function checkServerCard({ audit, addHost }: DiscoveryContext): Promise<void> {
  const card = jsonFile(
    audit,
    'discovery.server-card',
    await fetchFile(
      audit,
      'discovery.server-card',
      PATHS.serverCard,
      isJsonType,
      'application/json (or application/mcp-server-card+json)',
    ),
  );
  if (card) {
    const remotes = Array.isArray(card.remotes) ? card.remotes.filter(isObject) : [];
    const transport = isObject(card.transport) ? card.transport : undefined;
    const endpoints = [...remotes.map((remote) => remote.url), transport?.endpoint].filter(
      (url): url is string => typeof url === 'string',
    );
    endpoints.forEach(addHost);
    addHost(card.websiteUrl);
    const mcpEndpoint = endpoints.filter((url) => URL.canParse(url) && new URL(url).pathname === PATHS.mcp);
    audit.check(
      area,
      'discovery.server-card.endpoint',
      `the server card names a streamable-http endpoint at ${PATHS.mcp}`,
      mcpEndpoint.length > 0 && [...remotes.map((remote) => remote.type), transport?.type].includes('streamable-http'),
      {
        expected: `remotes[] of {type: "streamable-http", url: ".../api/mcp"} (SEP-2127) or transport {type, endpoint} (SEP-1649)`,
        got: JSON.stringify({ remotes: card.remotes, transport: card.transport }),
        fix: 'Name the MCP endpoint and its transport in the server card.',
      },
    );
    audit.check(
      area,
      'discovery.server-card.name',
      'the server card has a name and version',
      typeof card.name === 'string' || (isObject(card.serverInfo) && typeof card.serverInfo.name === 'string'),
      {
        expected: 'name (and version) or serverInfo {name, version}',
        got: JSON.stringify({ name: card.name, serverInfo: card.serverInfo }),
        fix: 'Identify the server in its card.',
      },
    );
    const authentication = isObject(card.authentication) ? card.authentication : undefined;
    const requiredHeaders = remotes.flatMap((remote): unknown[] =>
      Array.isArray(remote.headers)
        ? remote.headers.filter((header) => isObject(header) && header.isRequired === true)
        : [],
    );
    audit.check(
      area,
      'discovery.server-card.no-auth',
      'the server card declares no authentication',
      authentication?.required !== true && requiredHeaders.length === 0,
      {
        expected: 'no required authentication and no required headers',
        got: JSON.stringify({ authentication, requiredHeaders }),
        fix: 'The contract has no authentication: declare none in the card.',
      },
    );
    const versions = remotes.flatMap((remote): unknown[] =>
      Array.isArray(remote.supportedProtocolVersions) ? remote.supportedProtocolVersions : [],
    );
    if (versions.length > 0) {
      const missing = CONTRACT_VERSIONS.filter((version) => !versions.includes(version));
      audit.check(
        area,
        'discovery.server-card.versions',
        "the server card's supportedProtocolVersions include the contract's",
        missing.length === 0,
        {
          expected: CONTRACT_VERSIONS.join(', '),
          got: `missing ${missing.join(', ')}`,
          fix: 'List every protocol version the endpoint serves.',
        },
      );
    }
  }
}

/** The paths on this deployment of a server card's streamable-http endpoints. */
function cardEndpointPaths(audit: Audit, card: Record<string, unknown>, ownHosts: ReadonlySet<string>): string[] {
  const remotes = Array.isArray(card.remotes) ? card.remotes.filter(isObject) : [];
  return remotes
    .filter((remote) => remote.type === 'streamable-http' && typeof remote.url === 'string')
    .map((remote) => ownPath(audit, remote.url as string, ownHosts))
    .filter((path): path is string => path !== undefined);
}

/**
 * The card where MCP's server-card extension has clients look: at `<endpoint>/server-card` (the
 * location it reserves), answered as `application/mcp-server-card+json` when asked for it, the
 * same document as the well-known card, with an ETag that If-None-Match revalidates (304).
 */
async function checkCardBesideEndpoint({ audit, ownHosts }: DiscoveryContext): Promise<void> {
  const asked = await audit.getOnce(PATHS.serverCard, SERVER_CARD_CONTENT_TYPE);
  const wellKnown = jsonOf(asked);
  const endpoint = (isObject(wellKnown) ? cardEndpointPaths(audit, wellKnown, ownHosts) : [])[0] ?? PATHS.mcp;
  const path = `${endpoint}/server-card`;
  const beside = jsonFile(
    audit,
    'discovery.server-card-beside',
    await fetchFile(
      audit,
      'discovery.server-card-beside',
      path,
      (type) => type === SERVER_CARD_CONTENT_TYPE,
      SERVER_CARD_CONTENT_TYPE,
      SERVER_CARD_CONTENT_TYPE,
    ),
  );
  audit.check(
    area,
    'discovery.server-card.type',
    `${PATHS.serverCard} answers ${SERVER_CARD_CONTENT_TYPE} when asked for it`,
    asked.status === 200 && mediaType(asked) === SERVER_CARD_CONTENT_TYPE,
    {
      expected: `HTTP 200, Content-Type ${SERVER_CARD_CONTENT_TYPE} (Accept: ${SERVER_CARD_CONTENT_TYPE})`,
      got: shown(asked, false),
      fix: `Serve the card as ${SERVER_CARD_CONTENT_TYPE} (SEP-2127's media type).`,
    },
  );
  if (!beside) return;
  const same = isObject(wellKnown) && isDeepStrictEqual(beside, wellKnown);
  audit.check(area, 'discovery.server-card-beside.same', `${path} is the same card as ${PATHS.serverCard}`, same, {
    expected: `the document of ${PATHS.serverCard}`,
    got: isObject(wellKnown)
      ? `${serverIdentityOf(beside)} (well-known: ${serverIdentityOf(wellKnown)})`
      : 'no well-known card to compare',
    fix: "Serve the build's one card at both places (the build writes it, the API function answers it from its head).",
  });
  const response = await audit.getOnce(path, SERVER_CARD_CONTENT_TYPE);
  const etag = response.headers.get('etag');
  const again = etag
    ? await audit.fetch(path, { headers: { accept: SERVER_CARD_CONTENT_TYPE, 'if-none-match': etag } })
    : undefined;
  audit.check(
    area,
    'discovery.server-card-beside.revalidate',
    `${path} has an ETag, and If-None-Match with it answers 304`,
    again !== undefined && again.status === 304 && again.body.length === 0,
    {
      expected:
        'an ETag header, then HTTP 304 without a body for If-None-Match: <that ETag> (the extension\'s "Caching")',
      got: etag ? `ETag ${etag}, then ${shown(again!, false)}` : 'no ETag',
      fix: 'Answer an ETag and honour If-None-Match on the card.',
    },
  );
}

/** What a server card or server.json says the server is: its name, version and endpoints. */
export function serverIdentityOf(document: Record<string, unknown>): string {
  const remotes = Array.isArray(document.remotes) ? document.remotes.filter(isObject) : [];
  return JSON.stringify({
    name: document.name,
    version: document.version,
    endpoints: remotes.map((remote) => remote.url),
  });
}

const REGISTRY_RULES =
  'reverse-DNS name with one slash, description and title of at most 100 characters, a concrete version';

/** The MCP Registry entry: valid by the registry's rules, and the same server as the card. */
async function checkServerJson({ audit }: DiscoveryContext): Promise<void> {
  const entry = jsonFile(
    audit,
    'discovery.server-json',
    await fetchFile(audit, 'discovery.server-json', PATHS.serverJson, isJsonType, 'application/json'),
  );
  if (!entry) return;
  const problems = registryProblems(entry);
  const rules = {
    expected: `${REGISTRY_RULES}, streamable-http remotes on the name's domain`,
    got: problems.join('; '),
    fix: 'Write server.json by the registry rules (src/discovery/registry-rules.ts) and redeploy.',
  };
  audit.check(
    area,
    'discovery.server-json.rules',
    "server.json is valid by the MCP Registry's rules",
    !problems.length,
    rules,
  );
  const card = jsonOf(await audit.getOnce(PATHS.serverCard));
  const same = isObject(card) && serverIdentityOf(card) === serverIdentityOf(entry);
  audit.check(area, 'discovery.server-json.card', 'server.json names the same server as the server card', same, {
    expected: isObject(card) ? serverIdentityOf(card) : 'a server card',
    got: serverIdentityOf(entry),
    fix: 'Build and deploy both from one company.yaml; then publish the deployed server.json to the registry again.',
  });
}

/** openapi.json: a valid OpenAPI 3.1 document of the HTTP surface. */
async function checkOpenApi({ audit }: DiscoveryContext): Promise<void> {
  const openapi = jsonFile(
    audit,
    'discovery.openapi',
    await fetchFile(
      audit,
      'discovery.openapi',
      PATHS.openapi,
      isJsonType,
      'application/json (or application/openapi+json)',
    ),
  );
  if (openapi) {
    const result = await new Validator().validate(structuredClone(openapi));
    audit.check(
      area,
      'discovery.openapi.valid',
      'openapi.json is a valid OpenAPI 3.1 document',
      result.valid && typeof openapi.openapi === 'string' && openapi.openapi.startsWith('3.1'),
      {
        expected: 'openapi "3.1.x", valid against the OpenAPI 3.1 schema',
        got: result.valid ? `openapi "${String(openapi.openapi)}"` : JSON.stringify(result.errors).slice(0, 400),
        fix: 'Fix the document until @seriousme/openapi-schema-validator accepts it.',
      },
    );
    const paths = isObject(openapi.paths) ? openapi.paths : {};
    const mcp = paths[PATHS.mcp];
    const health = paths[PATHS.health];
    audit.check(
      area,
      'discovery.openapi.paths',
      'openapi.json describes POST /api/mcp and GET /api/health',
      isObject(mcp) && isObject(mcp.post) && isObject(health) && isObject(health.get),
      {
        expected: `paths["${PATHS.mcp}"].post and paths["${PATHS.health}"].get`,
        got: `paths: ${Object.keys(paths).join(', ') || '(none)'}`,
        fix: 'Describe the HTTP surface: the MCP endpoint and health (contract, "Discovery files").',
      },
    );
  }
}

/** The RFC 9727 API catalog, its links and HEAD. */
async function checkApiCatalog({ audit, ownHosts, addHost }: DiscoveryContext): Promise<void> {
  const catalogResponse = await fetchFile(
    audit,
    'discovery.api-catalog',
    PATHS.apiCatalog,
    (type) => type === 'application/linkset+json',
    'application/linkset+json',
  );
  const catalog = jsonFile(audit, 'discovery.api-catalog', catalogResponse);
  if (catalog) {
    const linkset = Array.isArray(catalog.linkset) ? catalog.linkset.filter(isObject) : [];
    const complete = linkset.filter(
      (entry) =>
        typeof entry.anchor === 'string' &&
        ['service-desc', 'service-doc', 'status'].every(
          (rel) => Array.isArray(entry[rel]) && (entry[rel] as unknown[]).length > 0,
        ),
    );
    audit.check(
      area,
      'discovery.api-catalog.linkset',
      'the API catalog lists the API with service-desc, service-doc and status',
      complete.length > 0 && complete.length === linkset.length,
      {
        expected:
          '{"linkset": [{"anchor", "service-desc": [...], "service-doc": [...], "status": [...]}]} (RFC 9727, RFC 8631)',
        got: JSON.stringify(catalog).slice(0, 300),
        fix: 'List the MCP endpoint as an anchor with its description, docs and status links.',
      },
    );
    linkset.forEach((entry) => addHost(entry.anchor));
    const hrefs = new Set<string>();
    for (const entry of linkset)
      for (const rel of ['service-desc', 'service-doc', 'status'])
        for (const link of Array.isArray(entry[rel]) ? (entry[rel] as unknown[]) : [])
          if (isObject(link) && typeof link.href === 'string')
            hrefs.add(ownPath(audit, link.href, ownHosts) ?? link.href);
    const broken = await unreachable(
      audit,
      [...hrefs].filter((href) => href.startsWith('/')),
    );
    audit.check(area, 'discovery.api-catalog.links', "the API catalog's links resolve", broken.length === 0, {
      expected: 'HTTP 200 for every service-desc, service-doc and status link',
      got: broken.join('; '),
      fix: 'Point the catalog at files the deployment serves.',
    });
    const head = await audit.fetch(PATHS.apiCatalog, { method: 'HEAD' });
    audit.check(area, 'discovery.api-catalog.head', 'HEAD /.well-known/api-catalog answers 200', head.status === 200, {
      expected: 'HTTP 200 (RFC 9727: the catalog answers GET and HEAD)',
      got: shown(head, false),
      fix: 'Answer HEAD on the catalog.',
    });
  }
}

/** The agent skills index, with every digest recomputed from the bytes served. */
async function checkAgentSkills({ audit, ownHosts }: DiscoveryContext): Promise<void> {
  const skills = jsonFile(
    audit,
    'discovery.agent-skills',
    await fetchFile(audit, 'discovery.agent-skills', PATHS.agentSkills, isJsonType, 'application/json'),
  );
  if (skills) {
    const list = Array.isArray(skills.skills) ? skills.skills.filter(isObject) : [];
    audit.check(
      area,
      'discovery.agent-skills.index',
      'the agent skills index lists skills with name, type, description, url, digest',
      typeof skills.$schema === 'string' &&
        list.length > 0 &&
        list.every(
          (skill) =>
            typeof skill.name === 'string' &&
            /^[a-z0-9-]{1,64}$/.test(skill.name) &&
            skill.type === 'skill-md' &&
            typeof skill.description === 'string' &&
            typeof skill.url === 'string' &&
            typeof skill.digest === 'string' &&
            /^sha256:[0-9a-f]{64}$/.test(skill.digest),
        ),
      {
        expected:
          '{"$schema", "skills": [{"name" (a-z0-9-, 1-64), "type": "skill-md", "description", "url", "digest": "sha256:<64 hex>"}]} (agent-skills discovery 0.2.0)',
        got: JSON.stringify(skills).slice(0, 300),
        fix: 'Publish the index in the agent-skills discovery format.',
      },
    );
    for (const skill of list) {
      if (typeof skill.url !== 'string') continue;
      const path = ownPath(audit, skill.url, ownHosts);
      if (!path) {
        audit.skip(
          area,
          `discovery.agent-skills.digest.${String(skill.name)}`,
          `skill ${String(skill.name)}: digest`,
          `its url ${skill.url} is on another host`,
        );
        continue;
      }
      const file = await audit.getOnce(path);
      const digest = `sha256:${sha256(file.body)}`;
      audit.check(
        area,
        `discovery.agent-skills.digest.${String(skill.name)}`,
        `skill ${String(skill.name)}: the digest matches the SKILL.md served`,
        file.status === 200 && digest === skill.digest,
        {
          expected: `HTTP 200 and ${String(skill.digest)}`,
          got: file.status === 200 ? `${digest} (of ${file.body.length} bytes)` : shown(file, false),
          fix: 'Recompute the digest from the exact bytes served (rebuild and redeploy both files together; no transformation on the way).',
        },
      );
      const fields = file.status === 200 ? frontmatter(file.text) : undefined;
      audit.check(
        area,
        `discovery.agent-skills.frontmatter.${String(skill.name)}`,
        `skill ${String(skill.name)}: SKILL.md frontmatter has its name and a description`,
        fields?.name === skill.name && Boolean(fields?.description),
        {
          expected: `YAML frontmatter with name: ${String(skill.name)} and a description`,
          got: fields ? JSON.stringify(fields).slice(0, 200) : 'no frontmatter',
          fix: 'Start SKILL.md with "---", name and description, "---".',
        },
      );
    }
  }
}

/** The AI catalog and its entries. */
async function checkAiCatalog({ audit, ownHosts, say }: DiscoveryContext): Promise<void> {
  const aiCatalog = jsonFile(
    audit,
    'discovery.ai-catalog',
    await fetchFile(
      audit,
      'discovery.ai-catalog',
      PATHS.aiCatalog,
      isJsonType,
      'application/json (or application/ai-catalog+json)',
    ),
  );
  if (aiCatalog) {
    const entries = Array.isArray(aiCatalog.entries) ? aiCatalog.entries.filter(isObject) : [];
    audit.check(
      area,
      'discovery.ai-catalog.shape',
      'the AI catalog has specVersion, host and entries',
      typeof aiCatalog.specVersion === 'string' &&
        isObject(aiCatalog.host) &&
        entries.length > 0 &&
        entries.every(
          (entry) =>
            typeof entry.identifier === 'string' &&
            typeof entry.displayName === 'string' &&
            (typeof entry.url === 'string' || entry.data !== undefined),
        ),
      {
        expected: '{"specVersion", "host": {...}, "entries": [{"identifier", "displayName", "url" | "data", ...}]}',
        got: JSON.stringify(aiCatalog).slice(0, 300),
        fix: 'Publish the manifest in the ai-catalog format.',
      },
    );
    // The MCP endpoint is listed too: it answers POST only (the MCP checks cover it).
    const urls = entryPaths(audit, entries, ownHosts).filter((path) => path !== PATHS.mcp);
    say(`discovery: following ${urls.length} AI catalog entries`);
    const broken = await unreachable(audit, urls);
    audit.check(area, 'discovery.ai-catalog.links', "the AI catalog's entries resolve", broken.length === 0, {
      expected: 'HTTP 200 for every entry url on this deployment',
      got: broken.join('; '),
      fix: 'List only files the deployment serves.',
    });
  }
}

/**
 * The ARD manifest: nothing ARD's rules find wrong (the errors and warnings of Lighthouse's
 * `ard-schema` audit), identifiers anchored in the deployment's domain, and entries that resolve.
 */
async function checkArd({ audit, ownHosts }: DiscoveryContext): Promise<void> {
  const manifest = jsonFile(
    audit,
    'discovery.ard',
    await fetchFile(audit, 'discovery.ard', PATHS.ard, isJsonType, 'application/json (or application/ai-catalog+json)'),
  );
  if (!manifest) return;
  // Announced on the pages: <link rel="ard"> in the home page and rel="ard" in its Link header.
  const home = await audit.getOnce('/', 'text/html');
  const header = parseLinks(home.headers.get('link')).some(
    (link) => (link.params.rel ?? '').split(/\s+/).includes('ard') && ownPath(audit, link.href, ownHosts) === PATHS.ard,
  );
  const element = [...home.text.matchAll(/<link\b[^>]*>/gi)].some(
    ([tag]) =>
      /\brel="[^"]*\bard\b[^"]*"/i.test(tag) &&
      ownPath(audit, /\bhref="([^"]*)"/i.exec(tag)?.[1] ?? '', ownHosts) === PATHS.ard,
  );
  audit.check(
    area,
    'discovery.ard.announced',
    'the pages announce the ARD manifest (link element and Link header)',
    header && element,
    {
      expected: `<link rel="ard" href="${PATHS.ard}"> in the home page and <${PATHS.ard}>; rel="ard" in its Link header`,
      got: `link element: ${element ? 'yes' : 'no'}; Link header: ${header ? 'yes' : 'no'}`,
      fix: 'Announce the manifest on every page (src/layouts/BaseLayout.astro, src/http/headers.ts).',
    },
  );
  const problems = ardProblems(manifest);
  const rules = {
    expected: 'specVersion 1.0, urn:air: identifiers, url or data, discovery media types, 2-5 representativeQueries',
    got: problems.join('; '),
    fix: 'Write the manifest by the Agentic Resource Discovery rules (src/discovery/ard-rules.ts).',
  };
  audit.check(
    area,
    'discovery.ard.rules',
    "the ARD manifest has nothing ARD's rules find wrong",
    !problems.length,
    rules,
  );
  const entries = Array.isArray(manifest.entries) ? manifest.entries.filter(isObject) : [];
  const hosts = [audit.base.hostname, ...[...ownHosts].map((host) => host.split(':')[0]!)];
  const foreign = entries
    .map((entry) => (typeof entry.identifier === 'string' ? ARD_URN.exec(entry.identifier)?.[1] : undefined))
    .filter((domain) => domain && !hosts.some((host) => host === domain || host.endsWith(`.${domain}`)));
  audit.check(
    area,
    'discovery.ard.domain',
    "the ARD identifiers are anchored in the site's domain",
    foreign.length === 0,
    {
      expected: `urn:air:<${audit.base.hostname} or a parent domain>:…`,
      got: foreign.join(', '),
      fix: 'Name the publisher in each identifier by the domain the manifest is served from.',
    },
  );
  const broken = await unreachable(audit, entryPaths(audit, entries, ownHosts));
  audit.check(area, 'discovery.ard.links', "the ARD manifest's entries resolve", broken.length === 0, {
    expected: 'HTTP 200 for every entry url on this deployment',
    got: broken.join('; '),
    fix: 'List only files the deployment serves.',
  });
}

/** The JSON entries of a catalog fetched earlier (ARD manifest, AI catalog), by identifier. */
async function entriesOf(audit: Audit, path: string): Promise<Map<unknown, Record<string, unknown>>> {
  const catalog = jsonOf(await audit.getOnce(path));
  const entries = isObject(catalog) && Array.isArray(catalog.entries) ? catalog.entries.filter(isObject) : [];
  return new Map(entries.map((entry) => [entry.identifier, entry]));
}

/**
 * What is wrong with the cards a catalog's entries point at on this deployment (fetched asking for
 * the card's type): not a card, or a card whose name the entry's identifier does not end with.
 */
async function catalogCardProblems(
  audit: Audit,
  entries: readonly Record<string, unknown>[],
  ownHosts: ReadonlySet<string>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of entries) {
    const path = typeof entry.url === 'string' ? ownPath(audit, entry.url, ownHosts) : undefined;
    if (!path) continue; // no URL (the shape check says so), or a card on another host
    const response = await audit.getOnce(path, SERVER_CARD_CONTENT_TYPE);
    const card = jsonOf(response);
    const suffix = isObject(card) && typeof card.name === 'string' ? card.name.split('/')[1] : undefined;
    if (response.status !== 200 || mediaType(response) !== SERVER_CARD_CONTENT_TYPE)
      problems.push(`${path}: ${shown(response, false)}`);
    else if (!suffix) problems.push(`${path}: no card name ("<reverse DNS>/<name>")`);
    else if (!String(entry.identifier).endsWith(`:${suffix}`))
      problems.push(`${String(entry.identifier)} does not end with the card's name, ${suffix}`);
  }
  return problems;
}

/**
 * The MCP Catalog of the server-card extension's drafts: `specVersion` and entries naming each
 * MCP server by a `urn:air:` identifier, the card's media type (`type`, or the earlier drafts'
 * `mediaType`) and the card's URL; each card answers as a card, its name the identifier's end;
 * the ARD manifest and the AI catalog name the same server by the same identifier and URL.
 */
async function checkMcpCatalog({ audit, ownHosts }: DiscoveryContext): Promise<void> {
  const catalog = jsonFile(
    audit,
    'discovery.mcp-catalog',
    await fetchFile(audit, 'discovery.mcp-catalog', PATHS.mcpCatalog, isJsonType, 'application/json'),
  );
  if (!catalog) return;
  const entries = Array.isArray(catalog.entries) ? catalog.entries.filter(isObject) : [];
  const cardType = (entry: Record<string, unknown>) => entry.type ?? entry.mediaType;
  const valid =
    typeof catalog.specVersion === 'string' &&
    Array.isArray(catalog.entries) &&
    entries.length === catalog.entries.length &&
    entries.length > 0 &&
    entries.every(
      (entry) =>
        typeof entry.identifier === 'string' &&
        ARD_URN.test(entry.identifier) &&
        cardType(entry) === SERVER_CARD_CONTENT_TYPE &&
        typeof entry.url === 'string' &&
        URL.canParse(entry.url),
    );
  audit.check(area, 'discovery.mcp-catalog.shape', 'the MCP catalog lists the server by its card', valid, {
    expected: `{"specVersion", "entries": [{"identifier": "urn:air:…", "type": "${SERVER_CARD_CONTENT_TYPE}", "url": <absolute URL>}]}`,
    got: JSON.stringify(catalog).slice(0, 300),
    fix: 'Publish the catalog in the MCP Catalog format (modelcontextprotocol/experimental-ext-server-card, docs/discovery.md).',
  });
  const problems = await catalogCardProblems(audit, entries, ownHosts);
  audit.check(
    area,
    'discovery.mcp-catalog.cards',
    "the MCP catalog's entries point at cards that answer",
    !problems.length,
    {
      expected: `HTTP 200 ${SERVER_CARD_CONTENT_TYPE} at every entry's url (Accept: ${SERVER_CARD_CONTENT_TYPE}), the identifier ending with the card's name`,
      got: problems.join('; '),
      fix: 'Point each entry at the card the deployment serves (<endpoint>/server-card).',
    },
  );
  const others: [name: string, entries: Map<unknown, Record<string, unknown>>][] = [
    ['ARD manifest', await entriesOf(audit, PATHS.ard)],
    ['AI catalog', await entriesOf(audit, PATHS.aiCatalog)],
  ];
  const differ = entries.flatMap((entry) =>
    others.flatMap(([name, other]) => {
      const match = other.get(entry.identifier);
      if (!match) return [`the ${name} has no entry ${String(entry.identifier)}`];
      return match.url === entry.url
        ? []
        : [`the ${name} gives ${String(entry.identifier)} the url ${String(match.url)}`];
    }),
  );
  audit.check(
    area,
    'discovery.mcp-catalog.consistent',
    'the ARD manifest and the AI catalog name each server as the MCP catalog does',
    differ.length === 0,
    {
      expected: 'the same identifier and card url in all three catalogs',
      got: differ.join('; '),
      fix: 'Make the three catalogs from one entry per server (the build makes them from the ARD manifest).',
    },
  );
}

/** llms.txt in the llmstxt.org format. */
async function checkLlmsTxt({ audit }: DiscoveryContext): Promise<void> {
  const llms = await fetchFile(
    audit,
    'discovery.llms-txt',
    PATHS.llms,
    (type) => type === 'text/plain' || type === 'text/markdown',
    'text/plain or text/markdown',
  );
  if (llms) {
    const problem = llmsTxtProblem(llms.text);
    audit.check(
      area,
      'discovery.llms-txt.format',
      'llms.txt: H1, summary, sections with links, a when-to-use section',
      !problem,
      {
        expected: 'llmstxt.org format and a "when to use" section for agents (contract)',
        got: problem,
        fix: 'Follow llmstxt.org: "# Name", "> summary", "## Section" lists of "- [name](url): notes".',
      },
    );
  }
}

/** The developer docs (/mcp.md). */
async function checkDeveloperDocs({ audit }: DiscoveryContext): Promise<void> {
  const docs = await fetchFile(
    audit,
    'discovery.mcp-md',
    PATHS.mcpDocs,
    (type) => type === 'text/markdown',
    'text/markdown',
  );
  if (docs) {
    audit.check(
      area,
      'discovery.mcp-md.endpoint',
      '/mcp.md documents the MCP endpoint',
      docs.text.includes(PATHS.mcp),
      {
        expected: `Markdown naming ${PATHS.mcp}`,
        got: docs.text.slice(0, 120),
        fix: 'Document the MCP endpoint in the developer docs.',
      },
    );
  }
}

/** The discovery files, one check each, in this order (the sitemap first). */
const DISCOVERY_CHECKS = [
  checkSitemap,
  checkRobots,
  checkServerCard,
  checkCardBesideEndpoint,
  checkServerJson,
  checkOpenApi,
  checkApiCatalog,
  checkAgentSkills,
  checkArd,
  checkAiCatalog,
  checkMcpCatalog,
  checkLlmsTxt,
  checkDeveloperDocs,
];

export async function checkDiscovery(audit: Audit, say: (line: string) => void): Promise<void> {
  const ownHosts = new Set<string>(audit.options.agent ? [audit.options.agent.host] : []);
  const addHost = (href: unknown) => {
    try {
      if (typeof href === 'string') ownHosts.add(new URL(href).host);
    } catch {
      // not a URL
    }
  };
  for (const check of DISCOVERY_CHECKS) await check({ audit, say, ownHosts, addHost });
}
