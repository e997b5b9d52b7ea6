/** Debian's headless Chromium for the integration tests, started the way this machine kind needs. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches Chromium, or fails saying how to install it; `extraArgs` e.g. `--enable-features=WebMCPTesting`. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (.ci/run does), or set CHROMIUM_PATH.`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/**
 * One Chromium for the test file that calls this at its top level: launched before its tests,
 * closed after them. Returns a getter for the running browser.
 */
export function useChromium(extraArgs: readonly string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium(extraArgs);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: call useChromium() at the top level of the test file.');
    return browser;
  };
}

/** Where screenshots for people to look at go (created on first use). */
export function screenshotDir(): string {
  const dir = path.join(inject('projectRoot'), 'test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}
