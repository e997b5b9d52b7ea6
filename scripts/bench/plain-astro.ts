/**
 * The baseline of the build benchmark: a plain Astro + MDX project (no schemas, no Markdown
 * siblings, no discovery files, no search index) that renders the same MDX files as HTML pages
 * with the same components. Written into a temporary folder next to the generated content.
 *
 * A multilingual content folder (content/<code>/ beside the collections) gets the same entry
 * pages for each of its other languages, under /<code>/ as the site publishes them, so both
 * builds render the same pages in every language.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILES: Record<string, string> = {
  'astro.config.mjs':
    `import mdx from '@astrojs/mdx';\n` +
    `import { defineConfig } from 'astro/config';\n` +
    `export default defineConfig({ site: 'https://plain.example', trailingSlash: 'never', build: { format: 'file' }, ` +
    `integrations: [mdx()], devToolbar: { enabled: false } });\n`,
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
  'src/components/TrafficRetention.astro': `<span>90</span>\n`,
  // A plain figure: the picture as the content names it, and the caption.
  'src/components/Figure.astro': `---\nconst { src, alt = '' } = Astro.props;\n---\n<figure><img src={src} alt={alt} /><figcaption><slot /></figcaption></figure>\n`,
  'src/layouts/Page.astro':
    `---\nconst { title } = Astro.props;\n---\n` +
    `<html lang="en"><head><meta charset="utf-8" /><title>{title}</title></head>` +
    `<body><main><h1>{title}</h1><slot /></main></body></html>\n`,
};

/** The collections (name, folder) and where their pages go, for the default language. */
const COLLECTIONS = [
  { name: 'services', folder: 'services', route: 'services/[slug].astro' },
  { name: 'caseStudies', folder: 'case-studies', route: 'case-studies/[slug].astro' },
  { name: 'insights', folder: 'insights', route: 'insights/[slug].astro' },
  { name: 'pages', folder: 'pages', route: '[slug].astro' },
] as const;

/** A collection's name in a language (`services`, `services_nl`). */
const collectionName = (name: string, language?: string) =>
  language ? `${name}_${language.replace(/-/g, '_')}` : name;

function contentConfig(languages: readonly string[]): string {
  const entries = ['', ...languages].flatMap((language) =>
    COLLECTIONS.map(
      (collection) =>
        `  ${collectionName(collection.name, language)}: defineCollection({ loader: mdx('${language ? `${language}/` : ''}${collection.folder}') }),`,
    ),
  );
  return `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
const mdx = (folder: string) => glob({ base: './content/' + folder, pattern: '*.mdx' });
export const collections = {
${entries.join('\n')}
};
`;
}

/** The page of one collection's entries; `depth` is how many folders below src/pages it lives. */
function entryPage(collection: string, depth: number): string {
  const up = Array.from({ length: depth + 1 }, () => '..').join('/');
  return `---
import { getCollection, render } from 'astro:content';
import Page from '${up}/layouts/Page.astro';
import Callout from '${up}/components/Callout.astro';
import Metrics from '${up}/components/Metrics.astro';
import Metric from '${up}/components/Metric.astro';
import Quote from '${up}/components/Quote.astro';
import CTA from '${up}/components/CTA.astro';
import LeadRetention from '${up}/components/LeadRetention.astro';
import TrafficRetention from '${up}/components/TrafficRetention.astro';
import Figure from '${up}/components/Figure.astro';
export async function getStaticPaths() {
  return (await getCollection('${collection}')).map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const { Content } = await render(entry);
---
<Page title={entry.data.title}><Content components={{ Callout, Metrics, Metric, Quote, CTA, LeadRetention, TrafficRetention, Figure }} /></Page>
`;
}

/**
 * Writes the plain project's source files into `dir` (content/ is generated separately), with
 * entry pages for the default language and for each of `languages` (the other languages'
 * folders, content/<code>/, published under /<code>/).
 */
export function writePlainAstroProject(dir: string, languages: readonly string[] = []): void {
  const files: Record<string, string> = { ...FILES, 'src/content.config.ts': contentConfig(languages) };
  for (const language of ['', ...languages]) {
    for (const collection of COLLECTIONS) {
      const route = `src/pages/${language ? `${language}/` : ''}${collection.route}`;
      const depth = route.split('/').length - 3;
      files[route] = entryPage(collectionName(collection.name, language), depth);
    }
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}
