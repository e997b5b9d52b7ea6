/**
 * The artefact reader (src/artefacts/reader.ts): each artefact read once and kept, concurrent
 * first calls sharing one read, and every way an artefact can be wrong (missing, truncated,
 * damaged, from another build or format) named in an ArtefactError; through the tools, a clear
 * isError for the tool that needed it while the others keep working.
 */
import { describe, expect, test, vi } from 'vitest';
import type { ArtefactFile } from '../../src/build/agent-artefacts.ts';
import { ARTEFACT_FILES, pageRecordFile } from '../../src/artefacts/layout.ts';
import { ArtefactError, createArtefactReader } from '../../src/artefacts/reader.ts';
import { createApiHandler } from '../../src/http/api.ts';
import { callTool, mcpRequest, send } from '../mcp/fixtures.ts';
import { memorySource, sampleAgent, sampleArtefacts } from '../support/sample-site.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';

const built = sampleArtefacts();
const { head } = built.agent;
const files = built.agent.files;

/** The sample's artefact files with `file` replaced (`body`) or removed (`undefined`). */
function withFile(file: string, body: string | Uint8Array | undefined): ArtefactFile[] {
  const rest = files.filter((candidate) => candidate.file !== file);
  return body === undefined ? rest : [...rest, { file, body }];
}
const original = (file: string) => files.find((candidate) => candidate.file === file)!.body as string;

/** A source over `list` that counts the reads of each file. */
function countingSource(list: readonly ArtefactFile[]) {
  const inner = memorySource(list);
  const reads = new Map<string, number>();
  const source = vi.fn(async (file: string) => {
    reads.set(file, (reads.get(file) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 1));
    return inner(file);
  });
  return { source, reads };
}

async function problemOf(promise: Promise<unknown>): Promise<ArtefactError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ArtefactError);
  return error as ArtefactError;
}

describe('createArtefactReader', () => {
  test('reads nothing until asked, then each artefact once', async () => {
    const { source, reads } = countingSource(files);
    const reader = createArtefactReader(source, head);
    expect(source).not.toHaveBeenCalled();
    const first = await reader.caseStudies();
    expect(await reader.caseStudies()).toBe(first);
    expect(reads.get(ARTEFACT_FILES.caseStudies)).toBe(1);
    expect(reads.get(ARTEFACT_FILES.manifest)).toBe(1);
    expect(reads.has(ARTEFACT_FILES.searchPostings)).toBe(false);
  });

  test("each language's artefacts are its own files, read once; its terms without its postings; an unknown language is refused", async () => {
    const { source, reads } = countingSource(files);
    const reader = createArtefactReader(source, head);
    const dutch = await reader.caseStudies('nl');
    expect(await reader.caseStudies('nl')).toBe(dutch);
    expect(dutch).not.toBe(await reader.caseStudies());
    expect(await reader.caseStudies('en')).toBe(await reader.caseStudies());
    expect(reads.get(`nl/${ARTEFACT_FILES.caseStudies}`)).toBe(1);
    expect(reads.get(ARTEFACT_FILES.caseStudies)).toBe(1);
    expect((await reader.searchTerms('pt')).language).toBe('pt');
    expect(reads.has(`pt/${ARTEFACT_FILES.searchPostings}`)).toBe(false);
    expect(() => reader.profile('fr')).toThrow('No artefacts in language "fr": this site publishes en, nl, pt.');
  });

  test('concurrent first calls share one read, of the listings and of a page', async () => {
    const { source, reads } = countingSource(files);
    const reader = createArtefactReader(source, head);
    const [a, b, c] = await Promise.all([reader.insights(), reader.insights(), reader.insights()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    const pages = await Promise.all([
      reader.page('/services/cloud-migration'),
      reader.page('/services/cloud-migration'),
    ]);
    expect(pages[0]).toBe(pages[1]);
    expect(reads.get(ARTEFACT_FILES.insights)).toBe(1);
    expect(reads.get(ARTEFACT_FILES.manifest)).toBe(1);
    expect(reads.get(pageRecordFile('/services/cloud-migration'))).toBe(1);
  });

  test('a page record holds the page; an unknown or malformed path is no page, and names no file', async () => {
    const { source } = countingSource(files);
    const reader = createArtefactReader(source, head);
    const page = await reader.page('/services/cloud-migration');
    expect(page).toMatchObject({
      path: '/services/cloud-migration',
      markdownPath: '/services/cloud-migration.md',
      kind: 'service',
    });
    expect(await reader.page('/services/no-such-service')).toBeUndefined();
    for (const path of ['/../manifest', '/services/../../etc/passwd', '/Services/Cloud', '/a//b', '/x.json', '']) {
      expect(await reader.page(path)).toBeUndefined();
    }
    const asked = source.mock.calls.map(([file]) => file);
    expect(
      asked.every(
        (file) =>
          file === ARTEFACT_FILES.manifest ||
          file === ARTEFACT_FILES.pageIndex ||
          /^pages\/[a-z0-9/-]+\.json$/.test(file),
      ),
    ).toBe(true);
  });

  test('a path the page index does not list is no page, even when a file answers to it or the file system refuses its name', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reader = createArtefactReader(memorySource(files), head);
    // pages/index.json is the home page's record: `/index` must not read as a broken artefact.
    expect(await reader.page('/index')).toBeUndefined();
    const tooLong = `/insights/${'a'.repeat(300)}`;
    const refusing = createArtefactReader(async (file) => {
      if (file === pageRecordFile(tooLong))
        throw Object.assign(new Error('ENAMETOOLONG: name too long'), { code: 'ENAMETOOLONG' });
      return memorySource(files)(file);
    }, head);
    expect(await refusing.page(tooLong)).toBeUndefined();
    // A listed page whose file cannot be read is still a broken artefact.
    const broken = createArtefactReader(async (file) => {
      if (file === pageRecordFile('/about')) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      return memorySource(files)(file);
    }, head);
    expect(await problemOf(broken.page('/about'))).toMatchObject({
      file: pageRecordFile('/about'),
      problem: 'unreadable',
    });
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  test('a missing artefact is named', async () => {
    const reader = createArtefactReader(memorySource(withFile(ARTEFACT_FILES.profile, undefined)), head);
    const error = await problemOf(reader.profile());
    expect(error.problem).toBe('missing');
    expect(error.message).toContain('profile.json is missing');
  });

  test('a missing manifest fails every artefact, each naming the manifest', async () => {
    const reader = createArtefactReader(memorySource(withFile(ARTEFACT_FILES.manifest, undefined)), head);
    for (const read of [reader.profile(), reader.caseStudies(), reader.page('/')]) {
      expect((await problemOf(read)).file).toBe(ARTEFACT_FILES.manifest);
    }
  });

  test('a truncated artefact is caught by its length before it is parsed', async () => {
    const text = original(ARTEFACT_FILES.caseStudies);
    const reader = createArtefactReader(
      memorySource(withFile(ARTEFACT_FILES.caseStudies, text.slice(0, text.length / 2))),
      head,
    );
    const error = await problemOf(reader.caseStudies());
    expect(error.problem).toBe('truncated');
    expect(error.message).toMatch(/case-studies\.json has \d+ bytes where the manifest says \d+: it is truncated/);
  });

  test('a truncated search index is refused', async () => {
    const postings = files.find((file) => file.file === ARTEFACT_FILES.searchPostings)!.body as Uint8Array;
    const reader = createArtefactReader(
      memorySource(withFile(ARTEFACT_FILES.searchPostings, postings.slice(0, 100))),
      head,
    );
    expect((await problemOf(reader.searchIndex())).problem).toBe('truncated');
  });

  test('search postings of another format or index are refused when read, naming the file', async () => {
    const postings = files.find((file) => file.file === ARTEFACT_FILES.searchPostings)!.body as Uint8Array;
    const damaged = new Uint8Array(postings);
    damaged[4] = 99; // the format version
    const manifest = JSON.parse(original(ARTEFACT_FILES.manifest)) as { files: Record<string, number> };
    const reader = createArtefactReader(memorySource(withFile(ARTEFACT_FILES.searchPostings, damaged)), head);
    expect(manifest.files[ARTEFACT_FILES.searchPostings]).toBe(damaged.byteLength);
    const error = await problemOf(reader.searchIndex());
    expect(error).toMatchObject({ file: ARTEFACT_FILES.searchPostings, problem: 'mismatch' });
    expect(error.message).toMatch(/postings format 99/);
  });

  test('a damaged page record (not JSON) is named; a missing one the page index lists is missing', async () => {
    const file = pageRecordFile('/about');
    const damaged = createArtefactReader(memorySource(withFile(file, original(file).slice(0, 40))), head);
    const error = await problemOf(damaged.page('/about'));
    expect(error).toMatchObject({ file, problem: 'invalid' });
    const gone = createArtefactReader(memorySource(withFile(file, undefined)), head);
    expect(await problemOf(gone.page('/about'))).toMatchObject({ file, problem: 'missing' });
  });

  test('artefacts of another build or format are refused', async () => {
    const manifest = JSON.parse(original(ARTEFACT_FILES.manifest)) as Record<string, unknown>;
    const otherBuild = createArtefactReader(
      memorySource(withFile(ARTEFACT_FILES.manifest, JSON.stringify({ ...manifest, buildId: 'other' }))),
      head,
    );
    expect((await problemOf(otherBuild.profile())).message).toMatch(
      /is from build other, and this function was built with test-build/,
    );
    const otherFormat = createArtefactReader(
      memorySource(withFile(ARTEFACT_FILES.manifest, JSON.stringify({ ...manifest, formatVersion: 99 }))),
      head,
    );
    expect((await problemOf(otherFormat.profile())).message).toMatch(/format version 99/);
  });

  test('a file that does not match its schema is refused, naming where', async () => {
    const listing = JSON.parse(original(ARTEFACT_FILES.insights)) as { items: Record<string, unknown>[] };
    listing.items[0]!.tags = 'not a list';
    const body = JSON.stringify(listing);
    const manifest = JSON.parse(original(ARTEFACT_FILES.manifest)) as { files: Record<string, number> };
    manifest.files[ARTEFACT_FILES.insights] = Buffer.byteLength(body);
    const reader = createArtefactReader(
      memorySource([
        ...withFile(ARTEFACT_FILES.insights, body).filter((file) => file.file !== ARTEFACT_FILES.manifest),
        { file: ARTEFACT_FILES.manifest, body: JSON.stringify(manifest) },
      ]),
      head,
    );
    const error = await problemOf(reader.insights());
    expect(error.problem).toBe('mismatch');
    expect(error.message).toContain('at items.0.tags');
  });

  test('a failed read is not kept: the next call reads again', async () => {
    let available = false;
    const inner = memorySource(files);
    const reader = createArtefactReader(async (file) => {
      if (file === ARTEFACT_FILES.profile && !available) throw Object.assign(new Error('EIO'), { code: 'EIO' });
      return inner(file);
    }, head);
    expect((await problemOf(reader.profile())).problem).toBe('unreadable');
    available = true;
    expect((await reader.profile()).short).toBe(built.profile.short);
  });
});

describe('a broken artefact, through the API', () => {
  test('the tool that needs it answers isError naming the file; the others keep working; one log line', async () => {
    const lines: string[] = [];
    const api = createApiHandler({
      ...sampleAgent(withFile(ARTEFACT_FILES.searchTerms, undefined)),
      onArtefactError: (tool, error) => lines.push(`${tool} ${error.file} ${error.problem}`),
    });
    const post = (message: unknown) => send(api, mcpRequest(message, { 'mcp-protocol-version': '2025-11-25' }));
    const search = await post(callTool(1, 'search_site', { query: 'kubernetes' }));
    expect(search.status).toBe(200);
    expect(search.json.result.isError).toBe(true);
    expect(search.json.result.content[0].text).toMatch(
      /^search_site cannot answer right now: The build artefact search-terms\.json is missing/,
    );
    expect(lines).toEqual(['search_site search-terms.json missing']);

    const page = await post(callTool(2, 'get_page_markdown', { path: '/about' }));
    expect(page.json.result.isError).toBeUndefined();
    const list = await post(callTool(3, 'list_insights', { limit: 1 }));
    expect(list.json.result.isError).toBeUndefined();
    expect((await post({ jsonrpc: '2.0', id: 4, method: 'tools/list' })).json.result.tools).toHaveLength(
      TOOL_NAMES.length,
    );
  });

  test('without any artefact, initialize and tools/list still answer, and every read tool is an isError', async () => {
    const api = createApiHandler({ ...sampleAgent([]), onArtefactError: () => {} });
    const post = (message: unknown) => send(api, mcpRequest(message, { 'mcp-protocol-version': '2025-11-25' }));
    expect(
      (
        await post({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        })
      ).status,
    ).toBe(200);
    expect((await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).json.result.tools).toHaveLength(
      TOOL_NAMES.length,
    );
    for (const [name, args] of [
      ['get_company_profile', {}],
      ['get_page_markdown', { path: '/' }],
      ['list_case_studies', {}],
      ['list_insights', {}],
      ['search_site', { query: 'data' }],
    ] as const) {
      const answer = await post(callTool(9, name, args));
      expect(answer.status, name).toBe(200);
      expect(answer.json.result.isError, name).toBe(true);
      expect(answer.json.result.content[0].text, name).toContain('manifest.json is missing');
    }
  });
});
