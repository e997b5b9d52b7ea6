/** /.well-known/agent-skills/<name>/SKILL.md: each agent skill, exactly the bytes its digest covers. */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { AgentSkill } from '../../../../discovery/agent-skills.ts';
import { MARKDOWN_CONTENT_TYPE } from '../../../../http/headers.ts';
import { getAgentSkills } from '../../../../site/artefacts.ts';

export const getStaticPaths = (() => getAgentSkills().map((skill) => ({ params: { name: skill.name }, props: { skill } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ skill: AgentSkill }> = ({ props }) => new Response(props.skill.markdown, { headers: { 'Content-Type': MARKDOWN_CONTENT_TYPE } });
