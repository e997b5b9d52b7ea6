/** Names derived from the company's facts that identify the MCP server in discovery files. */
import type { Company } from '../schemas/company.ts';
import { ROUTES } from '../site/routes.ts';

/** The DNS zone for agent discovery records: `dnsZone`, or the base host without `www.`. */
export function dnsZone(company: Company): string {
  return company.dnsZone ?? new URL(company.baseUrl).hostname.replace(/^www\./, '');
}

/**
 * The server's reverse-DNS name for the MCP Server Card and registry, with exactly one slash:
 * `northbeam.example` -> `example.northbeam/site`.
 */
export function mcpServerName(company: Company): string {
  return `${dnsZone(company).split('.').reverse().join('.')}/site`;
}

/** The MCP endpoint on the base host, and on the agent host. */
export function mcpEndpoints(company: Company): { base: string; agent: string } {
  return { base: `${company.baseUrl}${ROUTES.mcp}`, agent: `${company.agentUrl}${ROUTES.mcp}` };
}
