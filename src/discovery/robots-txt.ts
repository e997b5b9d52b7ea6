/**
 * /robots.txt: every crawler may fetch everything, with the company's content preferences as a
 * Content-Signal line (contentsignals.org) in the same group, the sitemap's address, and, when
 * company.yaml asks for it (`agentmap: true`), the ARD manifest's (`Agentmap:`, Agentic Resource
 * Discovery's own line, absolute like `Sitemap:`). Off by default: Lighthouse 13.5's robots.txt
 * audit calls it an unknown directive, which fails SEO (docs/content.md).
 */
import type { Company } from '../schemas/company.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';

/** `search=yes, ai-input=yes, ai-train=no` from the company's contentSignals. */
export function contentSignalValue(signals: Company['contentSignals']): string {
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  return `search=${yesNo(signals.search)}, ai-input=${yesNo(signals.aiInput)}, ai-train=${yesNo(signals.aiTrain)}`;
}

export function robotsTxt(company: Company): string {
  return [
    'User-agent: *',
    `Content-Signal: ${contentSignalValue(company.contentSignals)}`,
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(company.baseUrl, ROUTES.sitemap)}`,
    ...(company.agentmap ? [`Agentmap: ${absoluteUrl(company.baseUrl, ROUTES.ard)}`] : []),
    '',
  ].join('\n');
}
