/** /.well-known/agent-skills/index.json: the agent skills index with each SKILL.md's digest. */
import type { APIRoute } from 'astro';
import { agentSkillsIndex } from '../../../discovery/agent-skills.ts';
import { DISCOVERY_FILES } from '../../../discovery/discovery-files.ts';
import { getAgentSkills } from '../../../site/artefacts.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(agentSkillsIndex(getAgentSkills()), null, 2), { headers: { 'Content-Type': DISCOVERY_FILES.agentSkills.contentType } });
