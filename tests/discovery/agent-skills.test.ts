import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  AGENT_SKILLS_SCHEMA,
  agentSkill,
  agentSkillsIndex,
  SKILL_NAME_PATTERN,
  skillName,
} from '../../src/discovery/agent-skills.ts';
import { companySchema } from '../../src/schemas/company.ts';
import { buildSiteModel } from '../../src/model/model.ts';
import { DRAFT_MARK, fixtureCompany, fixtureModel, fixtureSources, fixtureTools, parseMarkdown } from './fixtures.ts';
import { PROMPT_NAMES } from '../../src/mcp/prompt-catalog.ts';

/** agent-skills discovery 0.2.0 index. */
const indexSchema = z.object({
  $schema: z.literal('https://schemas.agentskills.io/discovery/0.2.0/schema.json'),
  skills: z.array(
    z.object({
      name: z.string().regex(SKILL_NAME_PATTERN),
      type: z.enum(['skill-md', 'archive']),
      description: z.string().min(1).max(1024),
      url: z.string().min(1),
      digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    }),
  ),
});

function frontmatter(markdown: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  expect(match, 'SKILL.md starts with YAML frontmatter').not.toBeNull();
  return parse(match![1]!);
}

describe('agentSkill', () => {
  const skill = agentSkill(fixtureModel(), fixtureTools);

  test('starts with frontmatter holding the name and description', () => {
    const data = frontmatter(skill.markdown);
    expect(data).toEqual({ name: 'fieldstone-works-site', description: skill.description });
    expect(skill.description.length).toBeLessThanOrEqual(1024);
    expect(skill.path).toBe('/.well-known/agent-skills/fieldstone-works-site/SKILL.md');
  });

  test('teaches the endpoint, the tools, the consent rule, Markdown negotiation and the limits', () => {
    const body = skill.markdown;
    expect(body).toContain('https://www.fieldstone.example/api/mcp');
    expect(body).toMatch(/Stateless JSON-RPC 2\.0 over HTTP `POST`/);
    for (const tool of fixtureTools) expect(body).toContain(`\`${tool.name}\``);
    expect(body).toMatch(/## Consent\n\n`start_conversation` contacts .* explicitly asked/);
    expect(body).toContain('"method":"initialize"');
    expect(body).toContain('"method":"tools/list"');
    expect(body).toContain('"method":"tools/call"');
    expect(body).toContain('Accept: text/markdown');
    expect(body).toContain('`.md`');
    expect(body).toMatch(/120 requests per 60 seconds/);
    expect(body).not.toContain(DRAFT_MARK);
    expect(parseMarkdown(body).children.some((node) => node.type === 'code' && node.lang === 'sh')).toBe(true);
  });

  test('teaches the page resources and the prompts', () => {
    expect(skill.markdown).toContain('## Pages as resources, and prompts');
    expect(skill.markdown).toContain('`resources/list`');
    expect(skill.markdown).toContain('`resources/read`');
    expect(skill.markdown).toContain('100 per answer');
    for (const name of PROMPT_NAMES) expect(skill.markdown).toContain(`\`${name}\``);
    expect(skill.markdown).toContain('`completion/complete`');
  });

  test('its digest is the SHA-256 of the exact bytes served', () => {
    const hex = createHash('sha256').update(Buffer.from(skill.markdown, 'utf8')).digest('hex');
    expect(skill.digest).toBe(`sha256:${hex}`);
    expect(agentSkill(fixtureModel(), fixtureTools).digest).toBe(skill.digest);
  });

  test('derives a valid name even from a long company name', () => {
    const name = skillName(
      companySchema.parse({
        ...fixtureCompany,
        name: 'Ü'.repeat(2) + ' The Extraordinarily Long Named International Engineering Consultancy Group',
      }),
    );
    expect(name).toMatch(SKILL_NAME_PATTERN);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name.endsWith('-site')).toBe(true);
  });
});

describe('agentSkillsIndex', () => {
  test('lists each skill with the digest of its SKILL.md', () => {
    const skill = agentSkill(buildSiteModel(fixtureSources()), fixtureTools);
    const index = indexSchema.parse(agentSkillsIndex([skill]));
    expect(index.$schema).toBe(AGENT_SKILLS_SCHEMA);
    expect(index.skills).toEqual([
      { name: skill.name, type: 'skill-md', description: skill.description, url: skill.path, digest: skill.digest },
    ]);
    expect(
      new URL(index.skills[0]!.url, 'https://www.fieldstone.example/.well-known/agent-skills/index.json').pathname,
    ).toBe(skill.path);
  });
});
