/**
 * The MCP Registry's rules for a remote server's server.json, written out from its schema
 * (2025-12-11, `ServerDetail`) and the official registry's requirements: a reverse-DNS name with
 * exactly one slash, a description and title of at most 100 characters, a concrete version (no
 * range, not `latest`), `remotes` of streamable-http or sse with http(s) URLs, HTTPS icons, and
 * every remote on the name's domain or a subdomain of it (the registry proves the domain by DNS).
 * Used by the tests of the file the build writes and by `npm run audit` on a deployment's.
 */
import { z } from 'zod';

const VERSION_RANGE = /^[\^~<>=]|\.x$|\.\*$|^\*$|\s/;

const registrySchema = z.object({
  $schema: z.url().optional(),
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, { error: 'must be reverse-DNS with exactly one slash' }),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  version: z
    .string()
    .min(1)
    .max(255)
    .refine((version) => version !== 'latest' && !VERSION_RANGE.test(version), {
      error: 'must be one concrete version, not a range or "latest"',
    }),
  websiteUrl: z.url().optional(),
  icons: z
    .array(
      z.object({
        src: z.url({ protocol: /^https$/ }).max(255),
        mimeType: z.enum(['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp']).optional(),
        sizes: z.array(z.string().regex(/^(\d+x\d+|any)$/)).optional(),
      }),
    )
    .optional(),
  remotes: z
    .array(
      z.object({
        type: z.enum(['streamable-http', 'sse']),
        url: z.string().regex(/^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/),
      }),
    )
    .min(1, { error: 'a remote server needs at least one remote' }),
  _meta: z.record(z.string(), z.unknown()).optional(),
});

/** The domain a registry name proves: `com.example/site` -> `example.com`. */
export const registryDomain = (name: string) => name.split('/')[0]!.split('.').reverse().join('.');

/** What is wrong with `entry` by the registry's rules, one line each (an empty list: nothing). */
export function registryProblems(entry: unknown): string[] {
  const parsed = registrySchema.safeParse(entry);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(top)'}: ${issue.message}`);
  const domain = registryDomain(parsed.data.name);
  return parsed.data.remotes
    .filter(({ url }) => {
      const host = URL.canParse(url) ? new URL(url).hostname : '';
      return host !== domain && !host.endsWith(`.${domain}`);
    })
    .map(
      ({ url }) =>
        `remotes: ${url} is not on ${domain} or a subdomain of it, which the name ${parsed.data.name} proves`,
    );
}
