/**
 * Audits a list of pages with Lighthouse 13.5 in one Chromium, one page after another, and writes
 * one JSON line per page to stdout: `{ "url", "report" }` or `{ "url", "error" }`. Started by
 * `auditPages` in ./lighthouse.ts (which says why a process of its own) with its settings as JSON
 * on stdin.
 *
 * One Chromium and one loaded Lighthouse for every page: the command-line tool started both for
 * each page, about 6 of its 13.6 s on an idle 2-core machine, against 7.5 s a page here.
 * Chromium is started by chrome-launcher with its default flags, as the command-line tool does.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { erroredAudits, RETRYABLE, type LighthouseReport } from './lighthouse.ts';

interface Settings {
  urls: string[];
  hosts: string[];
  frontPort: number;
  formFactor: 'desktop' | 'mobile';
  categories: string[];
  chromium: string;
  /** Runs of one page when Lighthouse asks for another (RETRYABLE). */
  attempts: number;
}

const settings = JSON.parse(await new Response(process.stdin as unknown as ReadableStream).text()) as Settings;
const rules = settings.hosts.map((host) => `MAP ${host}:443 127.0.0.1:${settings.frontPort}`).join(',');
const chrome = await chromeLauncher.launch({
  chromePath: settings.chromium,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--enable-features=WebMCPTesting',
    `--host-resolver-rules=${rules}`,
    // The proxy's certificate is the run's own, self-signed.
    '--ignore-certificate-errors',
  ],
});

/** One run of `url`; Lighthouse's failure to load it (`runtimeError`) is thrown. */
async function auditOnce(url: string): Promise<LighthouseReport> {
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      onlyCategories: settings.categories,
      logLevel: 'error',
      // Not audited by any category here, and about 1.6 s of a page's audit.
      disableFullPageScreenshot: true,
    },
    settings.formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code}: ${runtimeError.message}`);
  return result.lhr as unknown as LighthouseReport;
}

/**
 * `url`'s report: runs again when Lighthouse asks to (up to `attempts`), and once more when one of
 * the audits could not run (Lighthouse's own error, not the page's: seen in CI beside the other
 * test files as Agentic Browsing 0 with no audit below 1); the caller sees that second report.
 */
async function audit(url: string): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      const report = await auditOnce(url);
      const errored = erroredAudits(report, settings.categories);
      if (errored.length === 0) return report;
      console.error(`Lighthouse ${url}: audits that could not run, audited again: ${errored.join('; ')}`);
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= settings.attempts || !RETRYABLE.test(String(error))) throw error;
      console.error(`${String(error)}: attempt ${attempt + 1} of ${settings.attempts}`);
    }
  }
}

try {
  for (const url of settings.urls) {
    try {
      process.stdout.write(`${JSON.stringify({ url, report: await audit(url) })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ url, error: String(error) })}\n`);
    }
  }
} finally {
  chrome.kill();
}
