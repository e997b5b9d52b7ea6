/**
 * The brand's colours as the site's stylesheet uses them: src/styles/brand.css is filled from
 * content/company.yaml's `colors` at build (and dev) time by a Vite plugin, like the code theme
 * (src/markdown/code-classes.ts). The colours are custom properties of the `base` layer, which
 * every other stylesheet reads (`--brand`, `--night`, `--beam` and their shades), so a company's
 * colours reach every page without an inline style. Without `colors`, the template's own values,
 * exactly as they were written before they became settings.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { COMPANY_FILE, loadCompany } from '../model/company.ts';
import { DEFAULT_COLORS, type BrandColors } from '../schemas/brand.ts';
import { mix } from '../site/colors.ts';

/** The stylesheet the plugin fills, relative to the project. */
export const BRAND_CSS = 'src/styles/brand.css';

/** The template's shades of its default colours, as they were chosen by hand. */
const DEFAULT_SHADES = { brandStrong: '#083a50', night2: '#123049', beamSoft: '#fff4e2' } as const;

/** The custom properties of `colors`: each colour and the shades derived from it. */
export function brandProperties(colors: BrandColors): Record<string, string> {
  const shade = <K extends keyof BrandColors>(key: K, fallback: string, derive: (color: string) => string) =>
    colors[key] === DEFAULT_COLORS[key] ? fallback : derive(colors[key]);
  return {
    '--brand': colors.primary,
    '--brand-strong': shade('primary', DEFAULT_SHADES.brandStrong, (color) => mix(color, '#000000', 0.27)),
    '--night': colors.dark,
    '--night-2': shade('dark', DEFAULT_SHADES.night2, (color) => mix(color, '#ffffff', 0.06)),
    '--beam': colors.accent,
    '--beam-soft': shade('accent', DEFAULT_SHADES.beamSoft, (color) => mix(color, '#ffffff', 0.88)),
  };
}

/** The text of src/styles/brand.css for `colors`. */
export function brandCss(colors: BrandColors): string {
  const lines = Object.entries(brandProperties(colors)).map(([name, value]) => `    ${name}: ${value};`);
  return [
    `/* Generated from ${COMPANY_FILE} (\`colors\`) by src/build/brand-css.ts. */`,
    '@layer base {',
    '  :root {',
    ...lines,
    '  }',
    '}',
    '',
  ].join('\n');
}

/** The Vite plugin that gives src/styles/brand.css its content, and renews it when company.yaml changes in `npm run dev`. */
export function brandCssPlugin(root = process.cwd()): Plugin {
  const isBrandCss = (id: string) => id.split('?')[0]!.replace(/\\/g, '/').endsWith(`/${BRAND_CSS}`);
  return {
    name: 'brand-css',
    enforce: 'pre',
    load(id) {
      return isBrandCss(id) ? brandCss(loadCompany(root).colors) : undefined;
    },
    configureServer(server) {
      const company = path.join(root, COMPANY_FILE);
      server.watcher.on('change', (file) => {
        if (file !== company) return;
        for (const module of server.moduleGraph.getModulesByFile(path.join(root, BRAND_CSS)) ?? [])
          server.moduleGraph.invalidateModule(module);
      });
    },
  };
}
