// @ts-check
import mdx from '@astrojs/mdx';
import { satteri } from '@astrojs/markdown-satteri';
import { defineConfig } from 'astro/config';
import { siteFilesIntegration } from './src/integrations/site-files.ts';
import { CODE_THEME, codeClassesTransformer, codeThemeCssPlugin } from './src/markdown/code-classes.ts';
import { contentImagesPlugin } from './src/integrations/content-images.ts';
import { loadCompany } from './src/model/company.ts';
import { languageListOf } from './src/site/languages.ts';
import { brandCssPlugin } from './src/build/brand-css.ts';

const company = loadCompany();

// No Netlify adapter: every page is static, and the adapter's catch-all SSR function would
// shadow /api/* under netlify-cli (see docs/architecture.md).
export default defineConfig({
  site: company.baseUrl,
  trailingSlash: 'never',
  // No inline stylesheet (inlineStylesheets) and no inline script (Vite's assetsInlineLimit
  // below): the Content-Security-Policy allows styles and scripts from the site's origin only
  // (src/http/security-headers.ts).
  build: { format: 'file', inlineStylesheets: 'never' },
  // Code blocks: the high-contrast GitHub theme keeps comments above WCAG AA (the default
  // github-dark shows them at about 3:1). Its colours are classes, not style attributes
  // (src/markdown/code-classes.ts).
  markdown: { shikiConfig: { theme: CODE_THEME, transformers: [codeClassesTransformer] } },
  // Images in the content's MDX become the site's own responsive pictures, drawn from the site
  // model's table of images (src/integrations/content-images.ts), not Astro's image pipeline.
  integrations: [
    mdx({ processor: satteri({ mdastPlugins: [contentImagesPlugin(process.cwd(), languageListOf(company).codes)] }) }),
    siteFilesIntegration(),
  ],
  devToolbar: { enabled: false },
  vite: {
    plugins: [codeThemeCssPlugin(), brandCssPlugin()],
    // `astro dev` (npm run dev): a changed file is announced once its size has held for 100 ms.
    // Editors that save in place empty the file and then write it, and without this the
    // content loader sometimes read the empty file between the two: a false "`title` is
    // required" in the terminal, and a new entry left out of the preview until its next save.
    server: { watch: { awaitWriteFinish: { stabilityThreshold: 100, pollInterval: 20 } } },
    build: {
      // Nothing is inlined into the HTML (Astro inlines scripts and assets under 4 KB): the pages'
      // scripts stay external same-origin files, which the strict Content-Security-Policy
      // (script-src 'self', src/http/security-headers.ts) allows.
      assetsInlineLimit: 0,
      rolldownOptions: {
        // Astro's own content-asset plugin puts the directive "use astro:head-inject" into the
        // module it generates for every MDX entry (`…mdx?astroPropagatedAssets`), and Rolldown
        // warns once per file that it may not survive bundling. Astro reads the directive before
        // bundling, so nothing is lost; the warning is Astro's to fix
        // (https://github.com/withastro/astro/issues/18087, open for Astro 7.3.5). Only that
        // warning is dropped: any other, including another directive's, still shows.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use astro:head-inject"')) return;
          warn(warning);
        },
      },
    },
  },
});
