/**
 * The baseline of the build benchmark: a plain Astro + MDX project (no schemas, no Markdown
 * siblings, no discovery files, no search index) that renders the same MDX files as HTML pages
 * with the same components. Written into a temporary folder next to the generated content.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILES: Record<string, string> = {
  'astro.config.mjs':
    `import mdx from '@astrojs/mdx';\n` +
    `import { defineConfig } from 'astro/config';\n` +
    `export default defineConfig({ site: 'https://plain.example', trailingSlash: 'never', build: { format: 'file' }, ` +
    `integrations: [mdx()], devToolbar: { enabled: false } });\n`,
  'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
const mdx = (folder: string) => glob({ base: './content/' + folder, pattern: '*.mdx' });
export const collections = {
  services: defineCollection({ loader: mdx('services') }),
  caseStudies: defineCollection({ loader: mdx('case-studies') }),
  insights: defineCollection({ loader: mdx('insights') }),
  pages: defineCollection({ loader: mdx('pages') }),
};
`,
  'src/components/Callout.astro':
    `---\nconst { type = 'note', title } = Astro.props;\n---\n` +
    `<aside class={type}>{title && <strong>{title}</strong>}<slot /></aside>\n`,
  'src/components/Metrics.astro': `<ul class="metrics"><slot /></ul>\n`,
  'src/components/Metric.astro': `---\nconst { value, label } = Astro.props;\n---\n<li><strong>{value}</strong> {label}</li>\n`,
  'src/components/Quote.astro':
    `---\nconst { author, role } = Astro.props;\n---\n` +
    `<blockquote><slot /><footer>{author}{role && ', ' + role}</footer></blockquote>\n`,
  'src/components/CTA.astro': `---\nconst { href } = Astro.props;\n---\n<a class="cta" href={href}><slot /></a>\n`,
  'src/components/LeadRetention.astro': `<span>180</span>\n`,
  'src/layouts/Page.astro':
    `---\nconst { title } = Astro.props;\n---\n` +
    `<html lang="en"><head><meta charset="utf-8" /><title>{title}</title></head>` +
    `<body><main><h1>{title}</h1><slot /></main></body></html>\n`,
};

function entryPage(collection: string): string {
  return `---
import { getCollection, render } from 'astro:content';
import Page from '${collection === 'pages' ? '..' : '../..'}/layouts/Page.astro';
import Callout from '${collection === 'pages' ? '..' : '../..'}/components/Callout.astro';
import Metrics from '${collection === 'pages' ? '..' : '../..'}/components/Metrics.astro';
import Metric from '${collection === 'pages' ? '..' : '../..'}/components/Metric.astro';
import Quote from '${collection === 'pages' ? '..' : '../..'}/components/Quote.astro';
import CTA from '${collection === 'pages' ? '..' : '../..'}/components/CTA.astro';
import LeadRetention from '${collection === 'pages' ? '..' : '../..'}/components/LeadRetention.astro';
export async function getStaticPaths() {
  return (await getCollection('${collection}')).map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const { Content } = await render(entry);
---
<Page title={entry.data.title}><Content components={{ Callout, Metrics, Metric, Quote, CTA, LeadRetention }} /></Page>
`;
}

/** Writes the plain project's source files into `dir` (content/ is generated separately). */
export function writePlainAstroProject(dir: string): void {
  const files: Record<string, string> = {
    ...FILES,
    'src/pages/services/[slug].astro': entryPage('services'),
    'src/pages/case-studies/[slug].astro': entryPage('caseStudies'),
    'src/pages/insights/[slug].astro': entryPage('insights'),
    'src/pages/[slug].astro': entryPage('pages'),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}
