/**
 * The webhook notifier: JSON POST of the `lead.created` event to a URL, the way a CRM, Zapier /
 * Make, or a chat tool's incoming webhook takes it. Headers: `Content-Type: application/json`
 * and, when a secret is configured, `X-Lead-Signature: sha256=<hex HMAC-SHA256 of the exact
 * body bytes with the secret>`. Success = any 2xx within the timeout (10 s by default).
 */
import { NotifyError, type LeadCreatedEvent, type Notifier } from './notifier.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = 'X-Lead-Signature';

export interface WebhookOptions {
  url: string;
  secret?: string;
  timeoutMs?: number;
  /** Injectable for tests. */
  fetch?: typeof fetch;
}

/**
 * `sha256=<hex>`: what a receiver recomputes over the raw body to check the sender. node:crypto
 * is imported here, when a lead is notified, not when the API function starts: loading it costs
 * ~5 ms, and most requests file no lead.
 */
export async function signBody(body: string, secret: string): Promise<string> {
  const { createHmac } = await import('node:crypto');
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export function createWebhookNotifier(options: WebhookOptions): Notifier {
  const { url, secret, timeoutMs = WEBHOOK_TIMEOUT_MS } = options;
  const send = options.fetch ?? fetch;
  return {
    kind: 'webhook',
    async deliver(event: LeadCreatedEvent) {
      const body = JSON.stringify(event);
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'lead-notifier/1' };
      if (secret) headers[SIGNATURE_HEADER] = await signBody(body, secret);
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = (error as { name?: string } | null)?.name;
        if (name === 'TimeoutError' || name === 'AbortError')
          throw new NotifyError(`timeout after ${timeoutMs / 1000} s`);
        const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
        throw new NotifyError(`network error${typeof code === 'string' && /^[A-Z_]+$/.test(code) ? ` (${code})` : ''}`);
      }
      // The receiver's body is not read into any message (it might echo personal data).
      await response.body?.cancel().catch(() => undefined);
      if (response.status < 200 || response.status > 299) throw new NotifyError(`HTTP ${response.status}`);
    },
  };
}
