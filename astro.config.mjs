// @ts-check
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import { siteFilesIntegration } from './src/integrations/site-files.ts';
import { loadCompany } from './src/model/company.ts';

// No Netlify adapter: every page is static, and the adapter's catch-all SSR function would
// shadow /api/* under netlify-cli (see docs/architecture.md).
export default defineConfig({
  site: loadCompany().baseUrl,
  trailingSlash: 'never',
  build: { format: 'file' },
  // Code blocks: the high-contrast GitHub theme keeps comments above WCAG AA (the default
  // github-dark shows them at about 3:1).
  markdown: { shikiConfig: { theme: 'github-dark-high-contrast' } },
  integrations: [mdx(), siteFilesIntegration()],
  devToolbar: { enabled: false },
});
