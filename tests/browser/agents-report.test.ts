/**
 * The traffic report's HTML file (scripts/agents/html.ts) in Chromium, opened from disk with the
 * network blocked: Chart.js draws the three charts without fetching anything, no script fails,
 * and at a phone's width nothing overflows sideways: no element reaches past the screen's edge
 * and no box scrolls its content out of sight (tables of more than three columns become cards,
 * each value beside its column's name).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reportHtml } from '../../scripts/agents/html.ts';
import { trafficReport } from '../../src/traffic/report.ts';
import { SAMPLE_PARTS } from '../support/traffic-sample.ts';
import { useChromium } from '../integration/chromium.ts';

const browser = useChromium();

const CHARTS = ['chart-days', 'chart-classes', 'chart-tools'];
let directory = '';
let fileUrl = '';

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'agents-report-'));
  const file = path.join(directory, 'report.html');
  const report = trafficReport(SAMPLE_PARTS, '2026-11-24', '2026-11-27');
  await writeFile(file, reportHtml(report, { site: 'Northbeam Consulting', generatedAt: '2026-11-27T08:00:00.000Z' }));
  fileUrl = pathToFileURL(file).href;
});

afterAll(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** Opens the report offline at `viewport`; returns the page, its errors and the requests that left the file. */
async function openReport(chromium: Browser, viewport: { width: number; height: number }) {
  const context = await chromium.newContext({ viewport });
  const blocked: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(fileUrl);
  await page.waitForFunction(() => document.body.dataset.charts !== undefined, undefined, { timeout: 10_000 });
  return { page, errors, blocked, close: () => context.close() };
}

/** Each chart's canvas size and whether any of its pixels is drawn. */
function canvases(page: Page) {
  return page.evaluate(
    (ids) =>
      ids.map((id) => {
        const canvas = document.getElementById(id) as HTMLCanvasElement | null;
        if (!canvas) return { id, width: 0, height: 0, drawn: false };
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let drawn = false;
        for (let index = 3; index < pixels.length && !drawn; index += 4) drawn = pixels[index]! > 0;
        const box = canvas.getBoundingClientRect();
        return { id, width: Math.round(box.width), height: Math.round(box.height), drawn };
      }),
    CHARTS,
  );
}

describe('the HTML traffic report in Chromium', () => {
  test('draws the three charts offline, without errors', async () => {
    const { page, errors, blocked, close } = await openReport(browser(), { width: 1280, height: 900 });
    try {
      // At a desktop's width the tables are tables, headers shown.
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('table.cards thead')!).display)).toBe(
        'table-header-group',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      expect(await page.evaluate(() => document.body.dataset.charts)).toBe('3');
      for (const chart of await canvases(page)) {
        expect(chart.width, chart.id).toBeGreaterThan(0);
        expect(chart.height, chart.id).toBeGreaterThan(0);
        expect(chart.drawn, chart.id).toBe(true);
      }
      // The hostile family name and query are text on the page, not scripts that ran.
      expect(await page.locator('td', { hasText: '<script>alert(1)</script>' }).count()).toBe(2);
      expect(errors).toEqual([]);
      expect(blocked).toEqual([]);
    } finally {
      await close();
    }
  });

  test('fits a phone: nothing overflows sideways, wide tables are cards, charts drawn at its width', async () => {
    const { page, errors, blocked, close } = await openReport(browser(), { width: 390, height: 844 });
    try {
      expect(await page.evaluate(() => document.body.dataset.charts)).toBe('3');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      for (const chart of await canvases(page)) {
        expect(chart.width, chart.id).toBeGreaterThan(200);
        expect(chart.width, chart.id).toBeLessThanOrEqual(390);
        expect(chart.drawn, chart.id).toBe(true);
      }
      // Nothing reaches past the screen's edge, and no box hides part of its content behind a
      // sideways scroll (the families table was 889 px wide in a 356 px box). The cards' header
      // rows are there for screen readers only, in a 1 px box: left out.
      const overflowing = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        return [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((element) => !element.closest('table.cards thead'))
          .filter((element) => {
            const box = element.getBoundingClientRect();
            const clipped =
              element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible';
            return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5 || clipped);
          })
          .map(
            (element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`,
          );
      });
      expect(overflowing).toEqual([]);
      // The wide tables are cards: no header row on screen, every value labelled with its column.
      const cards = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLTableElement>('table.cards')].map((table) => ({
          caption: table.caption?.textContent?.slice(0, 30),
          head: table.tHead!.getBoundingClientRect().width,
          labels: [...table.querySelectorAll('td:not(.key):not(.none)')].map((cell) =>
            getComputedStyle(cell, '::before').content.replace(/^"|"$/g, ''),
          ),
          columns: [...table.querySelectorAll('th')].map((cell) => cell.textContent),
        })),
      );
      expect(cards.length).toBeGreaterThanOrEqual(6);
      for (const table of cards) {
        expect(table.head, table.caption).toBeLessThanOrEqual(1);
        for (const label of table.labels) expect(table.columns.slice(1), table.caption).toContain(label);
      }
      const families = cards.find((table) => table.caption?.startsWith('Every client'))!;
      expect(families.labels.slice(0, 3)).toEqual(['class', 'requests', 'where']);
      expect(errors).toEqual([]);
      expect(blocked).toEqual([]);
    } finally {
      await close();
    }
  });
});
