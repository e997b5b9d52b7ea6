/**
 * What every check gets: the addresses under audit, the paced HTTP client, and a recorder for
 * findings. Checks derive their expectations from the contract (docs: the agent interface) and
 * from the deployment's own discovery files, never from this repository's build.
 */
import type { HttpClient, HttpResponse, RequestOptions } from './http.ts';
import { excerpt, type Area, type Finding } from './report.ts';

export interface AuditOptions {
  base: URL;
  agent?: URL;
  /** Call start_conversation once with a clearly marked test lead. */
  fileTestLead: boolean;
}

/** The contract's paths (agent interface, "Endpoints"). */
export const PATHS = {
  mcp: '/api/mcp',
  health: '/api/health',
  openapi: '/openapi.json',
  serverCard: '/.well-known/mcp/server-card.json',
  serverJson: '/.well-known/mcp/server.json',
  /** MCP's server-card extension: its drafts' catalog (the card itself is at `<endpoint>/server-card`). */
  mcpCatalog: '/.well-known/mcp/catalog.json',
  apiCatalog: '/.well-known/api-catalog',
  agentSkills: '/.well-known/agent-skills/index.json',
  aiCatalog: '/.well-known/ai-catalog.json',
  ard: '/.well-known/ard.json',
  llms: '/llms.txt',
  mcpDocs: '/mcp.md',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
} as const;

export interface Details {
  expected?: string;
  got?: string;
  fix?: string;
}

/** A browser's Accept header (Chrome's), which must still get HTML. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

export class Audit {
  readonly findings: Finding[] = [];
  readonly options: AuditOptions;
  readonly client: HttpClient;
  private readonly memo = new Map<string, Promise<HttpResponse>>();

  constructor(options: AuditOptions, client: HttpClient) {
    this.options = options;
    this.client = client;
  }

  get base(): URL {
    return this.options.base;
  }

  /** An absolute URL on the audited host for a path (and query). */
  url(path: string, host: URL = this.base): URL {
    return new URL(path, host);
  }

  fetch(path: string | URL, options: RequestOptions = {}, host: URL = this.base): Promise<HttpResponse> {
    return this.client.request(typeof path === 'string' ? this.url(path, host) : path, options);
  }

  /** A GET of a path, shared by the checks that read the same file (one request each). */
  getOnce(path: string, accept = '*/*'): Promise<HttpResponse> {
    const key = `${path} ${accept}`;
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.fetch(path, { headers: { accept } });
      this.memo.set(key, pending);
    }
    return pending;
  }

  record(finding: Finding): void {
    this.findings.push(finding);
  }

  /** Records a pass when `ok`, else a failure with the details. Returns `ok`. */
  check(area: Area, id: string, title: string, ok: boolean, details: Details = {}): boolean {
    this.record({ id, area, title, outcome: ok ? 'pass' : 'fail', ...(ok ? {} : details) });
    return ok;
  }

  skip(area: Area, id: string, title: string, why: string): void {
    this.record({ id, area, title, outcome: 'skip', fix: why });
  }
}

/** How a response is shown in a finding: status, content type, a body excerpt or the network error. */
export function shown(response: HttpResponse, body = true): string {
  if (response.status === 0) return `no response (${response.error ?? 'network error'})`;
  const type = response.headers.get('content-type');
  return `HTTP ${response.status}${type ? `, ${type}` : ''}${body && response.text ? `: ${excerpt(response.text, 160)}` : ''}`;
}

/** The body as JSON, or undefined when it is not JSON. */
export function jsonOf(response: HttpResponse): unknown {
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The media type of a response, lower case, without parameters. */
export function mediaType(response: HttpResponse): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

export const isJsonType = (type: string) => type === 'application/json' || type.endsWith('+json');
