/**
 * The ONE place notification settings are read from the environment:
 *
 * - `LEADS_WEBHOOK_URL`: where the `lead.created` JSON is POSTed (https; http only for
 *   localhost / 127.0.0.1, for local testing). Unset or empty: notifications are disabled and
 *   new leads are stored with notification status `disabled`.
 * - `LEADS_WEBHOOK_SECRET`: optional, at least 16 characters; when set, each POST carries
 *   `X-Lead-Signature: sha256=<HMAC>`.
 *
 * A set but invalid value is an error naming the variable and what to fix (never its value).
 */
import * as z from '../zod.ts';
import type { Notifier } from './notifier.ts';
import { createWebhookNotifier } from './webhook.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalSetting = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(z.transform(emptyToUndefined), z.optional(schema));

const envSchema = z.object({
  LEADS_WEBHOOK_URL: optionalSetting(
    z.url({ error: 'LEADS_WEBHOOK_URL must be an absolute URL, e.g. https://hooks.example.com/leads' }).check(
      z.refine(
        (value) => {
          if (!URL.canParse(value)) return true; // reported by the check above
          const url = new URL(value);
          return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
        },
        { error: 'LEADS_WEBHOOK_URL must use https (plain http is allowed only for localhost)' },
      ),
    ),
  ),
  LEADS_WEBHOOK_SECRET: optionalSetting(
    z.string().check(z.minLength(16, { error: 'LEADS_WEBHOOK_SECRET must be at least 16 characters long' })),
  ),
});

export interface NotifyConfig {
  webhook?: { url: string; secret?: string };
}

/** Thrown for a set but invalid variable; the message names the variable, never its value. */
export class NotifyConfigError extends Error {
  override name = 'NotifyConfigError';
}

export function readNotifyConfig(env: Record<string, string | undefined> = process.env): NotifyConfig {
  const parsed = envSchema.safeParse({
    LEADS_WEBHOOK_URL: env.LEADS_WEBHOOK_URL,
    LEADS_WEBHOOK_SECRET: env.LEADS_WEBHOOK_SECRET,
  });
  if (!parsed.success) {
    throw new NotifyConfigError(
      `Lead notification settings are invalid: ${parsed.error.issues.map((issue) => issue.message).join('; ')}.`,
    );
  }
  const { LEADS_WEBHOOK_URL: url, LEADS_WEBHOOK_SECRET: secret } = parsed.data;
  if (!url) {
    if (secret)
      throw new NotifyConfigError(
        'Lead notification settings are invalid: LEADS_WEBHOOK_SECRET is set but LEADS_WEBHOOK_URL is not.',
      );
    return {};
  }
  return { webhook: { url, ...(secret ? { secret } : {}) } };
}

/** The configured notifier, or undefined when notifications are disabled. */
export function createNotifier(config: NotifyConfig): Notifier | undefined {
  return config.webhook ? createWebhookNotifier(config.webhook) : undefined;
}
