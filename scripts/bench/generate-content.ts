/**
 * Generates a synthetic content folder of N entry pages for the build benchmark: services, case
 * studies, insights and pages in realistic proportions, with headings, lists, code, the site's
 * MDX components and internal links between the generated pages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WORDS = (
  'platform migration data pipeline team delivery cloud legacy service contract latency throughput observability ' +
  'rollout review incident budget schema warehouse model evaluation security audit release cadence ownership ' +
  'runbook capacity queue cache index backlog'
).split(' ');

function sentence(seed: number, length = 14): string {
  const words = Array.from({ length }, (_, index) => WORDS[(seed * 7 + index * 13) % WORDS.length]!);
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** Search phrases as the sample has them (14 to 20 a page): 15 lines of 8 words, frontmatter YAML. */
function phrases(seed: number): string {
  const lines = Array.from({ length: 15 }, (_, index) => `  - "${sentence(seed + index * 3, 8).slice(0, -1)}"`);
  return `searchPhrases:\n${lines.join('\n')}\n`;
}

function paragraph(seed: number, sentences = 4): string {
  return Array.from({ length: sentences }, (_, index) => sentence(seed + index, 10 + ((seed + index) % 9))).join(' ');
}

function body(seed: number, link: string): string {
  return [
    '## Context',
    '',
    paragraph(seed, 5),
    '',
    `${paragraph(seed + 1, 3)} See [a related page](${link}) for more.`,
    '',
    '<Callout type="tip" title="What worked">',
    paragraph(seed + 2, 2),
    '</Callout>',
    '',
    '## What we did',
    '',
    '- ' + sentence(seed + 3),
    '- ' + sentence(seed + 4),
    '- ' + sentence(seed + 5),
    '',
    paragraph(seed + 6, 4),
    '',
    '```ts',
    `export const budget${seed} = { latencyMs: ${100 + (seed % 50)}, errors: 0.1 };`,
    '```',
    '',
    '<Metrics>',
    `  <Metric value="${10 + (seed % 80)}%" label="fewer incidents" />`,
    `  <Metric value="${2 + (seed % 5)}x" label="faster releases" />`,
    '</Metrics>',
    '',
    '## Result',
    '',
    paragraph(seed + 7, 5),
    '',
    '<CTA href="/contact">Talk to an engineer</CTA>',
    '',
  ].join('\n');
}

export interface GeneratedCounts {
  services: number;
  caseStudies: number;
  insights: number;
  pages: number;
}

/** Splits `total` entry pages like a real consultancy site: 2% services, 33% cases, 64% insights, 1% pages. */
export function countsFor(total: number): GeneratedCounts {
  const services = Math.max(3, Math.round(total * 0.02));
  const pages = Math.max(3, Math.round(total * 0.01));
  const caseStudies = Math.round(total * 0.33);
  return { services, caseStudies, insights: total - services - pages - caseStudies, pages };
}

const date = (index: number) => {
  const day = new Date(Date.UTC(2020, 0, 1) + index * 86_400_000 * 2);
  return day.toISOString().slice(0, 10);
};

/** Writes the generated MDX files under `dir/content` and returns the counts. */
export function generateContent(dir: string, total: number): GeneratedCounts {
  const counts = countsFor(total);
  const write = (folder: string, name: string, text: string) => {
    mkdirSync(path.join(dir, 'content', folder), { recursive: true });
    writeFileSync(path.join(dir, 'content', folder, `${name}.mdx`), text);
  };
  const serviceTitle = (index: number) => `Service ${index + 1}`;
  for (let index = 0; index < counts.services; index += 1) {
    write(
      'services',
      `service-${index + 1}`,
      `---\ntitle: "${serviceTitle(index)}"\nsummary: "${sentence(index, 12)}"\norder: ${index}\n${phrases(index)}---\n\n${body(index, '/services')}`,
    );
  }
  for (let index = 0; index < counts.caseStudies; index += 1) {
    // Named by id (file name), as references between entries are.
    const services = [`service-${(index % counts.services) + 1}`, `service-${((index + 1) % counts.services) + 1}`];
    const link = `/services/service-${(index % counts.services) + 1}`;
    write(
      'case-studies',
      `case-${index + 1}`,
      `---\ntitle: "Case ${index + 1}: ${sentence(index, 6).slice(0, -1)}"\n` +
        `client: "Client ${index + 1}"\nindustry: "Industry ${(index % 10) + 1}"\n` +
        `summary: "${sentence(index + 1, 16)}"\nservices: ${JSON.stringify(services)}\ndate: ${date(index)}\n` +
        `outcomes:\n  - "${sentence(index + 2, 6)}"\n  - "${sentence(index + 3, 6)}"\n` +
        `${phrases(index + 200)}---\n\n${body(index + 100, link)}`,
    );
  }
  for (let index = 0; index < counts.insights; index += 1) {
    const tags = [`tag-${(index % 20) + 1}`, `tag-${((index + 7) % 20) + 1}`];
    const link = index > 0 ? `/insights/insight-${index}` : '/insights';
    write(
      'insights',
      `insight-${index + 1}`,
      `---\ntitle: "Insight ${index + 1}: ${sentence(index + 5, 6).slice(0, -1)}"\ndate: ${date(index)}\n` +
        `summary: "${sentence(index + 6, 16)}"\ntags: ${JSON.stringify(tags)}\nauthor: "Author ${(index % 12) + 1}"\n` +
        `${phrases(index + 600)}---\n\n${body(index + 500, link)}`,
    );
  }
  const pageNames = ['about', 'contact', 'privacy'];
  for (let index = 0; index < counts.pages; index += 1) {
    const name = pageNames[index] ?? `page-${index + 1}`;
    write(
      'pages',
      name,
      `---\ntitle: "${name[0]!.toUpperCase()}${name.slice(1)}"\ndescription: "${sentence(index + 9, 12)}"\n${phrases(index + 900)}---\n\n${body(index + 900, '/')}`,
    );
  }
  return counts;
}
