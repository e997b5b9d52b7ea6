/** Debian's headless Chromium for the integration tests, started the way this machine kind needs. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM } from '../../scripts/bench/lighthouse.ts';
import { fetchFrom, randomLoopbackAddress } from './http.ts';

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

/**
 * A 1280×900 browser context whose requests matching the glob `route` (the contact endpoint, or all of /api) leave from a
 * loopback address of their own, so a test's leads and API calls count against its own rate-limit
 * and lead windows, not those of the other tests' clients.
 */
export async function loopbackContext(
  browser: Browser,
  route: string,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, viewport: { width: 1280, height: 900 } });
  const send = fetchFrom(randomLoopbackAddress());
  await context.route(route, async (intercepted) => {
    const request = intercepted.request();
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(([name]) => !name.startsWith(':')),
    );
    const response = await send(request.url(), {
      method: request.method(),
      headers,
      body: request.postData() ?? undefined,
    });
    await intercepted.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
  return context;
}

/**
 * The layout shift a page has had so far and in the next two frames (no input yet, so every shift
 * counts), as the browser's layout-shift entries sum it.
 */
export function layoutShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}
