/**
 * The company's logo: `content/logo.svg`, a file editors replace like any other content. The
 * build inlines it in every page's header (src/components/Logo.astro) and publishes it as
 * /favicon.svg, of which it makes the PNG icons (src/build/icons.ts). Without the file, the
 * header shows the company's name alone and /favicon.svg and the icons are the name's initials
 * on a plain square, so a site never shows another company's mark.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../markdown/mdx-to-markdown.ts';
import { initialsOf, type Company } from '../schemas/company.ts';
import { svgProblem } from './images.ts';

export const LOGO_FILE = 'content/logo.svg';

/** Largest logo accepted: it is inlined in every page. */
export const MAX_LOGO_BYTES = 32_768;

/** The prolog an SVG file may start with: XML declaration, doctype, comments, whitespace. */
const PROLOG = /^(?:\s+|<\?xml[\s\S]*?\?>|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->)*/i;

/**
 * Checks the text of content/logo.svg: one SVG image with a viewBox (so it scales to the
 * header's height), small, and nothing that runs (scripts, event handlers, embedded HTML).
 * Returns it unchanged; throws ContentError saying how to fix it.
 */
export function checkLogo(svg: string, file = LOGO_FILE): string {
  const fail = (problem: string) =>
    new ContentError(
      `${file}: ${problem} Export the logo as a plain SVG file, or delete ${file} to show the company's name instead (docs/content.md, "Make it yours").`,
    );
  if (Buffer.byteLength(svg) > MAX_LOGO_BYTES)
    throw fail(`the logo is larger than ${MAX_LOGO_BYTES / 1024} KB; it is inlined in every page.`);
  const root = /^<svg\b[^>]*>/i.exec(svg.replace(PROLOG, ''));
  if (!root || !/<\/svg>\s*$/i.test(svg)) throw fail('the file is not an SVG image (it must start with <svg …>).');
  if (!/\sviewBox\s*=/.test(root[0]))
    throw fail('the <svg> element needs a viewBox attribute (e.g. viewBox="0 0 32 32") so it can be scaled.');
  const problem = svgProblem(svg);
  if (problem) throw fail(`the logo cannot be shown: ${problem}.`);
  return svg;
}

/** Reads and checks content/logo.svg under `root`; undefined when there is no such file. */
export function readLogo(root: string): string | undefined {
  const file = path.join(root, LOGO_FILE);
  if (!existsSync(file)) return undefined;
  return checkLogo(readFileSync(file, 'utf8'));
}

/**
 * The logo as the header inlines it: without prolog, hidden from assistive technology (the
 * company's name is written beside it) and out of the tab order.
 */
export function inlineLogo(svg: string): string {
  return svg
    .replace(PROLOG, '')
    .trim()
    .replace(/^<svg\b/i, '<svg aria-hidden="true" focusable="false"');
}

/** The letters of the favicon without a logo: up to two initials, or the name's first character. */
export function faviconLetters(name: string): string {
  return (initialsOf(name) ?? [...name.trim()][0] ?? '').slice(0, 2);
}

/** The favicon's letters' size in its 32-unit square: two letters smaller than one. */
export const faviconFontSize = (letters: string): number => (letters.length > 1 ? 13 : 17);

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * /favicon.svg: the logo file itself, or, without one, up to two initials of the company's name
 * (the first letter when it has no Latin initials) in white on the site's brand colour.
 */
export function faviconSvg(company: Pick<Company, 'name' | 'colors'>, logo?: string): string {
  if (logo) return logo;
  const letters = faviconLetters(company.name);
  const text = letters.replace(/[&<>"]/g, (char) => XML_ESCAPES[char]!);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<rect width="32" height="32" rx="7" fill="${company.colors.primary}"/>` +
    '<text x="16" y="21" text-anchor="middle" font-family="system-ui, sans-serif" ' +
    `font-size="${faviconFontSize(letters)}" font-weight="700" fill="#fff">${text}</text>` +
    '</svg>\n'
  );
}
