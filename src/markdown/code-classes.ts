/**
 * Code blocks without inline styles. Shiki colours each token with a `style="color:#…"`
 * attribute (and the <pre> with its background), which a Content-Security-Policy without
 * 'unsafe-inline' styles blocks (src/http/security-headers.ts). This module turns those styles
 * into classes (a Shiki transformer, set in astro.config.mjs) and makes the stylesheet that gives
 * the classes their colours from the same theme (src/styles/code-theme.css is filled with it at
 * build time by codeThemeCssPlugin, so it is bundled and fingerprinted like any other CSS).
 *
 * Build time only: imports Shiki.
 */
import { bundledThemes, type ShikiTransformer } from 'shiki';
import type { Plugin } from 'vite';

/** The code theme: the high-contrast GitHub theme keeps comments above WCAG AA. */
export const CODE_THEME = 'github-dark-high-contrast';

/** The stylesheet the plugin fills (imported where code blocks are rendered). */
export const CODE_THEME_CSS = 'src/styles/code-theme.css';

/** The class of a token colour: `#F0F3F6` -> `shc-f0f3f6`. */
export function colorClass(hex: string): string {
  return `shc-${hex.replace(/^#/, '').toLowerCase()}`;
}

/** Shiki's font-style declarations and their classes. */
const FONT_CLASSES: Readonly<Record<string, string>> = {
  'font-style:italic': 'shf-italic',
  'font-weight:bold': 'shf-bold',
  'text-decoration:underline': 'shf-underline',
  'text-decoration:line-through': 'shf-strike',
};

/** The CSS of each font class. */
const FONT_CSS: Readonly<Record<string, string>> = {
  'shf-italic': 'font-style:italic',
  'shf-bold': 'font-weight:bold',
  'shf-underline': 'text-decoration:underline',
  'shf-strike': 'text-decoration:line-through',
};

/**
 * The classes for one token's style attribute. Throws on a declaration it has no class for, so
 * a Shiki change cannot put back an inline style (or drop a colour) without failing the build.
 */
export function styleClasses(style: string): string[] {
  const classes: string[] = [];
  for (const raw of style.split(';')) {
    const declaration = raw.trim().replace(/\s*:\s*/, ':');
    if (!declaration) continue;
    const color = /^color:(#[0-9a-f]{3,8})$/i.exec(declaration);
    const font = FONT_CLASSES[declaration.toLowerCase()];
    if (color) classes.push(colorClass(color[1]!));
    else if (font) classes.push(font);
    else throw new Error(`code-classes: no class for the code style "${declaration}" (src/markdown/code-classes.ts)`);
  }
  return classes;
}

function addClasses(properties: Record<string, unknown>, classes: string[]): void {
  const current = properties.class;
  const list = Array.isArray(current) ? current.map(String) : typeof current === 'string' ? current.split(/\s+/) : [];
  properties.class = [...list.filter(Boolean), ...classes].join(' ');
}

/** The Shiki transformer: `style` on <pre> dropped (the stylesheet has it), on tokens turned into classes. */
export const codeClassesTransformer: ShikiTransformer = {
  name: 'code-classes',
  pre(node) {
    delete node.properties.style;
  },
  span(node) {
    const style = node.properties.style;
    if (typeof style !== 'string') return;
    delete node.properties.style;
    addClasses(node.properties, styleClasses(style));
  },
};

/** The stylesheet of the theme: the block's colours and a class for every token colour it has. */
export async function codeThemeCss(themeName: string = CODE_THEME): Promise<string> {
  const loader = bundledThemes[themeName as keyof typeof bundledThemes];
  if (!loader) throw new Error(`code-classes: Shiki has no theme "${themeName}"`);
  const theme = (await loader()).default;
  const background = theme.colors?.['editor.background'] ?? theme.bg;
  const foreground = theme.colors?.['editor.foreground'] ?? theme.fg;
  const colors = new Set<string>();
  if (foreground) colors.add(foreground.toLowerCase());
  for (const rule of theme.tokenColors ?? theme.settings ?? []) {
    const color = rule.settings?.foreground;
    if (color) colors.add(color.toLowerCase());
  }
  const lines = [
    `/* Generated from the Shiki theme ${themeName} by src/markdown/code-classes.ts. */`,
    // Doubled class: above the site's own `.prose pre` colours, as the inline style was.
    `pre.astro-code.astro-code { background-color: ${background}; color: ${foreground}; overflow-x: auto; }`,
    ...[...colors].sort().map((color) => `.astro-code .${colorClass(color)} { color: ${color}; }`),
    ...Object.entries(FONT_CSS).map(([name, css]) => `.astro-code .${name} { ${css}; }`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The Vite plugin that gives src/styles/code-theme.css its content at build (and dev) time. */
export function codeThemeCssPlugin(): Plugin {
  return {
    name: 'code-theme-css',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!.replace(/\\/g, '/');
      if (!file.endsWith(`/${CODE_THEME_CSS}`)) return undefined;
      return codeThemeCss();
    },
  };
}
