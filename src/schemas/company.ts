/**
 * The company's facts, kept by editors in `content/company.yaml`. Every profile, discovery file,
 * header and DNS record that names the company, its hosts or its preferences reads them from here.
 */
import { z } from 'zod';

/** How long a lead is kept when company.yaml does not say: 180 days after it was received. */
export const DEFAULT_RETENTION_DAYS = 180;

const httpsOrigin = (field: string, example: string) =>
  z
    .string({ error: `\`${field}\` is required, e.g. \`${field}: ${example}\`` })
    .trim()
    .url({ error: `\`${field}\` must be a full URL such as ${example}` })
    .refine((value) => /^https?:\/\/[^/]+$/.test(value.replace(/\/$/, '')), {
      error: `\`${field}\` must be an origin only (scheme and host, no path), e.g. ${example}`,
    })
    .transform((value) => value.replace(/\/$/, ''));

export const companySchema = z.object({
  /** The company's name as it appears in headings, llms.txt and the MCP server's title. */
  name: z.string({ error: '`name` is required, e.g. `name: Fieldstone Works`' }).trim().min(2).max(80),
  /** One sentence saying what the company does; the `>` summary of llms.txt and the site's tagline. */
  tagline: z.string({ error: '`tagline` is required: one sentence on what the company does' }).trim().min(20).max(200),
  /** A short paragraph for the company profile (llms.txt, home page, MCP instructions). */
  description: z
    .string({ error: '`description` is required: a short paragraph about the company' })
    .trim()
    .min(40)
    .max(1200),
  /** Where people and the team's follow-ups write; shown on the contact page and in tool errors. */
  contactEmail: z
    .string({ error: '`contactEmail` is required, e.g. `contactEmail: hello@example.com`' })
    .trim()
    .email({ error: '`contactEmail` must be an e-mail address' }),
  /** The public address of the site (origin only). Every absolute URL in the artefacts starts with it. */
  baseUrl: httpsOrigin('baseUrl', 'https://www.example.com'),
  /** The alternative host that serves the same deployment for agents (origin only). */
  agentUrl: httpsOrigin('agentUrl', 'https://agents.example.com'),
  /**
   * The DNS zone the agent-discovery records are published under (`_index._agents.<zone>`,
   * `_mcp._agents.<zone>`). Defaults to the base host without a leading `www.`.
   */
  dnsZone: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+$/i, { error: '`dnsZone` must be a domain name such as example.com' })
    .optional(),
  /** Where the company works from, e.g. "Rotterdam and Lisbon" (optional). */
  location: z.string().trim().max(120).optional(),
  /** Year the company was founded (optional). */
  founded: z.number().int().min(1800).max(2100).optional(),
  /** Rough team size, e.g. "40 engineers" (optional). */
  teamSize: z.string().trim().max(60).optional(),
  /** Content Signals (contentsignals.org) published in robots.txt: what crawlers may use the content for. */
  contentSignals: z
    .object({
      /** Building a search index and showing links and snippets. */
      search: z.boolean(),
      /** Using content as input to an AI answer (retrieval, grounding). */
      aiInput: z.boolean(),
      /** Training or fine-tuning AI models. */
      aiTrain: z.boolean(),
    })
    .default({ search: true, aiInput: true, aiTrain: false }),
  /** How the site treats the leads (contact requests) it stores. */
  leads: z
    .object({
      /**
       * Days a lead is kept after it was received; older leads are deleted by
       * `npm run leads -- prune`. The privacy page states it through `<LeadRetention />`.
       * A whole number from 7 to 3650; default 180.
       */
      retentionDays: z
        .number({ error: '`leads.retentionDays` must be a whole number of days, e.g. `retentionDays: 180`' })
        .int({ error: '`leads.retentionDays` must be a whole number of days' })
        .min(7, { error: '`leads.retentionDays` must be at least 7 days' })
        .max(3650, { error: '`leads.retentionDays` must be at most 3650 days (10 years)' })
        .default(DEFAULT_RETENTION_DAYS),
    })
    .default({ retentionDays: DEFAULT_RETENTION_DAYS }),
  /** Links to the company's profiles elsewhere (optional). */
  social: z.array(z.object({ name: z.string().trim().min(1).max(40), url: z.string().url() })).default([]),
});

export type Company = z.infer<typeof companySchema>;
