/**
 * The sample site as the build makes it, for tests: its model from the project's own content/,
 * its artefacts (with a fixed build time and id), and what the API function answers from (the
 * head, and a reader over the artefact files kept in memory, through the same reader as the
 * deployed function). Built once per test file.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArtefactFile } from '../../src/build/agent-artefacts.ts';
import { createArtefactReader, type ArtefactReader, type ArtefactSource } from '../../src/artefacts/reader.ts';
import type { Head } from '../../src/artefacts/schema.ts';
import type { LeadPath } from '../../src/http/lead-path.ts';
import type { LeadPipeline } from '../../src/leads/pipeline.ts';
import type { ContactResources, LoadContactResources } from '../../src/leads/contact-language.ts';
import { contactResources } from '../../src/build/contact-file.ts';
import { buildStemmers } from '../../src/build/search-analyzers.ts';
import type { StemmerLoader } from '../../src/search/analyzers.ts';
import { fallbackShell } from '../../src/http/contact-html.ts';
import { languageOfPath } from '../../src/site/languages.ts';
import { createTools } from '../../src/mcp/tools/index.ts';
import { buildArtefacts, type Artefacts } from '../../src/build/build-artefacts.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, type SiteModel } from '../../src/model/model.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const BUILD_TIME = '2026-11-01T00:00:00.000Z';
export const BUILD_ID = 'test-build';

let model: SiteModel | undefined;
let artefacts: Artefacts | undefined;

export function sampleModel(): SiteModel {
  model ??= buildSiteModel(loadSources(ROOT));
  return model;
}

export function sampleArtefacts(): Artefacts {
  artefacts ??= buildArtefacts(sampleModel(), BUILD_TIME, BUILD_ID);
  return artefacts;
}

/** Artefact files served from memory, as a missing file is on disk (ENOENT). */
export function memorySource(files: readonly ArtefactFile[]): ArtefactSource {
  const encoder = new TextEncoder();
  const byName = new Map(files.map(({ file, body }) => [file, typeof body === 'string' ? encoder.encode(body) : body]));
  return (file) => {
    const bytes = byName.get(file);
    if (!bytes) return Promise.reject(Object.assign(new Error(`no artefact ${file}`), { code: 'ENOENT' }));
    return Promise.resolve(bytes);
  };
}

export interface SampleAgent {
  head: Head;
  artefacts: ArtefactReader;
  /**
   * The lead path (the contact form's handler, start_conversation), from its source: the module
   * the function bundles apart and loads on its first lead (src/lazy/lead-path.ts).
   */
  leadPath: () => Promise<LeadPath>;
  /** The contact form's strings in every language, as .generated/contact-shell.json holds them (plain page shells). */
  contact: LoadContactResources;
  /** The stemmers, as the build loads them (the function's come from .generated/stemmers.ts). */
  stemmers: StemmerLoader;
}

/**
 * The contact resources of a model as the build makes them, with each language's contact page a
 * plain page in that language (tests build no HTML).
 */
export function contactResourcesOf(model: SiteModel): ContactResources {
  return contactResources(model, (page) => {
    const shell = fallbackShell(languageOfPath(model.languages, page));
    return `${shell.head}${shell.tail}`;
  });
}

/** What the API function would answer from for these artefacts: their head and a fresh reader over their files. */
export function agentOf(built: Artefacts, files: readonly ArtefactFile[] = built.agent.files): SampleAgent {
  const { head } = built.agent;
  const contact = contactResourcesOf(built.languages[0]?.model ?? sampleModel());
  return {
    head,
    artefacts: createArtefactReader(memorySource(files), head),
    leadPath: leadPathFromSource,
    contact: () => Promise.resolve(contact),
    stemmers: buildStemmers,
  };
}

/** The sample site's head and a fresh artefact reader (nothing cached between callers). */
export function sampleAgent(files?: readonly ArtefactFile[]): SampleAgent {
  return agentOf(sampleArtefacts(), files);
}

/** search_site's structured answer for `query`, through the tool as the function runs it. */
export async function searchWith(
  agent: SampleAgent,
  query: string,
  limit = 5,
): Promise<{ total: number; results: { url: string; title: string }[] }> {
  const tool = createTools(agent.head, { artefacts: agent.artefacts }, () => {}).find(
    (candidate) => candidate.descriptor.name === 'search_site',
  )!;
  const result = await tool.call({ query, limit }, { now: () => new Date() });
  if (result.isError) throw new Error(result.content[0]!.text);
  return result.structuredContent as { total: number; results: { url: string; title: string }[] };
}

/** The lead path from its source, as in-process handlers take it (the function imports its bundle). */
export const leadPathFromSource = (): Promise<LeadPath> => import('../../src/lazy/lead-path.ts');

/** A lead pipeline loader over the given parts, as the API handler takes it. */
export function pipeline(parts: LeadPipeline): () => Promise<LeadPipeline> {
  return () => Promise.resolve(parts);
}
