/**
 * The build's interdependent artefacts (src/site/build-artefacts.ts) for the Astro endpoints,
 * made once per site model: once per build, and again in `astro dev` whenever the model is
 * rebuilt. Every endpoint that serves the profile, the catalog or the skill reads it from here,
 * so /llms.txt and the catalog's profile are the same string and the skill's digest matches.
 */
import { buildArtefacts, type Artefacts } from './build-artefacts.ts';
import { getSiteModel } from './collections.ts';
import type { SiteModel } from './model.ts';

let cached: { model: SiteModel; artefacts: Artefacts } | undefined;

function artefacts(): Artefacts {
  const model = getSiteModel();
  if (cached?.model !== model) cached = { model, artefacts: buildArtefacts(model) };
  return cached.artefacts;
}

/** The company profile: `short` is /llms.txt, `full` is /llms-full.txt. */
export const getProfile = () => artefacts().profile;
/** The MCP function's catalog. */
export const getCatalog = () => artefacts().catalog;
/** The tool descriptors tools/list advertises. */
export const getToolDescriptors = () => artefacts().tools;
/** The published agent skills. */
export const getAgentSkills = () => artefacts().skills;
/** When this build made the artefacts (ISO date-time). */
export const getBuildTime = () => artefacts().generatedAt;
