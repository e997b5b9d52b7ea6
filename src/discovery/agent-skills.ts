/**
 * The agent skill that teaches an agent to use this site's MCP server (a SKILL.md with YAML
 * frontmatter, agentskills.io), and the discovery index that lists it
 * (/.well-known/agent-skills/index.json, agent-skills discovery 0.2.0). The index's digest is
 * computed from the very string the SKILL.md endpoint serves: both come from `agentSkill()`.
 */
import { promptCatalog } from '../mcp/prompt-catalog.ts';
import { RESOURCE_PAGE_SIZE } from '../site/bounds.ts';
import { createHash } from 'node:crypto';
import type { RootContent } from 'mdast';
import { stringify } from 'yaml';
import { md, toMarkdown } from '../markdown/mdast.ts';
import { RATE_LIMIT } from '../http/limits.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import type { Company } from '../schemas/company.ts';
import { mcpEndpoints } from '../model/identity.ts';
import type { SiteModel } from '../model/model.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl, slugify } from '../site/urls.ts';
import { curlExamples } from './curl-examples.ts';
import { DISCOVERY_FILES } from './discovery-files.ts';
import { codeBlock, inlineCode } from './doc-blocks.ts';
import { languagesGuidance } from './languages-guidance.ts';
import { actionTools, consentRule, readOnlyTools, toolItems } from './tool-guidance.ts';

export const AGENT_SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** Skill names: 1-64 characters of a-z, 0-9 and single inner hyphens (agentskills.io). */
export const SKILL_NAME_PATTERN = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The SKILL.md description limit of the Agent Skills spec. */
const MAX_DESCRIPTION = 1024;

/**
 * `Northbeam Engineering` -> `northbeam-engineering-site`: distinct from other companies' skills.
 * ASCII only, as the spec's names are: a name's letters in other scripts are left out.
 */
export function skillName(company: Company): string {
  const ascii = slugify(company.name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const base = ascii.slice(0, 59).replace(/-+$/, '') || 'company';
  return `${base}-site`;
}

/** Where the skill's SKILL.md is served, e.g. `/.well-known/agent-skills/northbeam-engineering-site/SKILL.md`. */
export function skillPath(name: string): string {
  return `${ROUTES.agentSkillsDir}/${name}/SKILL.md`;
}

export interface AgentSkill {
  name: string;
  description: string;
  /** Site path of the SKILL.md. */
  path: string;
  /** The exact text the SKILL.md endpoint serves. */
  markdown: string;
  /** `sha256:<hex>` of the UTF-8 bytes of `markdown`. */
  digest: string;
}

export function sha256Digest(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

function description(company: Company): string {
  const text =
    `Use ${company.name}'s public MCP server (${mcpEndpoints(company).base}, no key) to answer questions about the company: ` +
    'its services, case studies and articles as Markdown, site search, and a contact request to the team when the user explicitly asks for it.';
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1)}…`;
}

/** Long: the skill's text, section by section, written as data: splitting it would only scatter one document. */
function body(model: SiteModel, tools: readonly ToolDescriptor[]): RootContent[] {
  const { company } = model;
  const endpoints = mcpEndpoints(company);
  const docs = absoluteUrl(company.baseUrl, DISCOVERY_FILES.mcpDocs.path);
  const examples = curlExamples(model, tools).filter((example) =>
    ['initialize', 'toolsList', 'searchSite'].includes(example.id),
  );
  const blocks: RootContent[] = [
    md.heading(1, `Using the ${company.name} MCP server`),
    md.blockquote(md.paragraph(company.tagline)),
    md.paragraph(
      `This skill tells you how to get exact, current facts about ${company.name} from its public MCP server instead of scraping the website.`,
    ),
    md.heading(2, 'Endpoint'),
    md.list([
      [
        md.text('URL: '),
        md.link(endpoints.base, endpoints.base),
        md.text(' (the same server also answers at '),
        md.link(endpoints.agent, endpoints.agent),
        md.text(').'),
      ],
      [
        md.text('Stateless JSON-RPC 2.0 over HTTP '),
        inlineCode('POST'),
        md.text(' (Streamable HTTP). Responses are plain JSON, never a stream; '),
        inlineCode('GET'),
        md.text(' returns 405.'),
      ],
      [md.text('No API key, no sign-up. Full documentation: '), md.link(docs, docs), md.text('.')],
    ]),
    md.heading(2, 'When to use which tool'),
    md.paragraph('Read tools (public content only; call them freely):'),
    md.list(toolItems(readOnlyTools(tools))),
  ];
  const acting = actionTools(tools);
  if (acting.length) {
    blocks.push(md.paragraph('Acting tools:'), md.list(toolItems(acting)), md.heading(2, 'Consent'));
    for (const tool of acting) blocks.push(md.paragraph(...consentRule(company, tool)));
    blocks.push(
      md.paragraph(
        'Before calling it, show the user what you will send and get a clear yes. Tell the user the team follows up by e-mail.',
      ),
    );
  }
  const prompts = Object.values(promptCatalog(company.name, []));
  blocks.push(
    md.heading(2, 'Pages as resources, and prompts'),
    md.paragraph(
      'Every published page is also an MCP resource. ',
      inlineCode('resources/list'),
      ` gives each page's URL, title, description and size, ${RESOURCE_PAGE_SIZE} per answer (send `,
      inlineCode('nextCursor'),
      ' back as ',
      inlineCode('cursor'),
      ' for more); ',
      inlineCode('resources/read'),
      " with a page's URL returns its Markdown. Prompts a user can pick: ",
      ...prompts.flatMap((prompt, index) => [
        ...(index ? [md.text(index === prompts.length - 1 ? ' and ' : ', ')] : []),
        inlineCode(prompt.name),
        md.text(` (${prompt.title})`),
      ]),
      '; ',
      inlineCode('completion/complete'),
      ' suggests their arguments. contact_request sends nothing itself: it walks the user through the contact request and its consent.',
    ),
    md.heading(2, 'Calling the server'),
    md.paragraph(
      'Call ',
      inlineCode('initialize'),
      ' once, then send the negotiated version in the ',
      inlineCode('MCP-Protocol-Version'),
      ' header. No session is kept, so any request may go to any instance.',
    ),
    ...examples.flatMap((example) => [md.paragraph(md.strong(example.title)), codeBlock('sh', example.command)]),
    md.paragraph(
      'A tool failure is a normal result with ',
      inlineCode('isError: true'),
      ' and a message that says what to do next: read it and follow it.',
    ),
    md.heading(2, 'Pages as Markdown'),
    md.paragraph(
      'Any page of ',
      md.link(company.baseUrl, company.baseUrl),
      ' is also available as Markdown without MCP: send ',
      inlineCode('Accept: text/markdown'),
      ', or append ',
      inlineCode('.md'),
      ' to the URL (',
      inlineCode('/index.md'),
      ' for the home page). ',
      md.link(absoluteUrl(company.baseUrl, DISCOVERY_FILES.llms.path), DISCOVERY_FILES.llms.title),
      ' lists every page.',
    ),
  );
  const languages = languagesGuidance(model);
  if (languages.length) blocks.push(md.heading(2, 'Languages'), ...languages);
  blocks.push(
    md.heading(2, 'Limits'),
    md.paragraph(
      `${RATE_LIMIT.limit} requests per ${RATE_LIMIT.windowSeconds} seconds per client IP. Responses carry `,
      inlineCode('RateLimit-Remaining'),
      ' and ',
      inlineCode('RateLimit-Reset'),
      '; on ',
      inlineCode('429'),
      ' wait ',
      inlineCode('Retry-After'),
      ' seconds. A ',
      inlineCode('403'),
      ' in plain text comes from the edge firewall: wait for the window to roll over. Prefer one search over many page fetches.',
    ),
  );
  return blocks;
}

/** The skill: frontmatter + Markdown body, its path and the digest of exactly those bytes. */
export function agentSkill(model: SiteModel, tools: readonly ToolDescriptor[]): AgentSkill {
  const name = skillName(model.company);
  if (!SKILL_NAME_PATTERN.test(name)) {
    throw new Error(
      `The agent skill name "${name}" (from the company name) is not a valid skill name: use 1-64 characters of a-z, 0-9 and hyphens.`,
    );
  }
  const text = description(model.company);
  const frontmatter = stringify({ name, description: text }, { lineWidth: 0 });
  const markdown = `---\n${frontmatter}---\n\n${toMarkdown(body(model, tools))}`;
  return { name, description: text, path: skillPath(name), markdown, digest: sha256Digest(markdown) };
}

/** /.well-known/agent-skills/index.json for the given skills. */
export function agentSkillsIndex(skills: readonly AgentSkill[]) {
  return {
    $schema: AGENT_SKILLS_SCHEMA,
    skills: skills.map((skill) => ({
      name: skill.name,
      type: 'skill-md' as const,
      description: skill.description,
      url: skill.path,
      digest: skill.digest,
    })),
  };
}
