/**
 * The notifier for a Netlify function, built once per instance from the environment
 * (readNotifyConfig). A set but invalid variable is logged in one line naming the variable (the
 * error message never carries a value) and notifications run disabled: a bad setting must not
 * take the API down.
 */
import { createNotifier, NotifyConfigError, readNotifyConfig } from './config.ts';
import type { Notifier } from './notifier.ts';

export function loadNotifier(
  who: string,
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = console.error,
): Notifier | undefined {
  try {
    return createNotifier(readNotifyConfig(env));
  } catch (error) {
    if (!(error instanceof NotifyConfigError)) throw error;
    log(`${who}: ${error.message} Lead notifications are disabled.`);
    return undefined;
  }
}
