/**
 * The site's script in the editor at /admin/ (src/build/admin-files.ts bundles it for the
 * browser; it runs after Sveltia CMS and before it starts):
 * - the MDX components of src/components/mdx/ as blocks an editor inserts and edits in the text
 *   (`+` menu), each written back as the JSX the build reads; a component whose text does not
 *   match its pattern stays plain text, so nothing is lost;
 * - the translation record (docs/content.md, "Translations: what is missing or stale"): when a
 *   save changes a translation, its record is renewed with the original's digest as it is now,
 *   as `npm run content -- mark` does, so `npm run content -- status` calls it current; a
 *   translation the save leaves as it was keeps its record, and goes stale when its original
 *   changed.
 */
import { entryDigest } from '../translations/digest.ts';

interface ComponentField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  default?: unknown;
  options?: string[];
  hint?: string;
  fields?: ComponentField[];
  summary?: string;
}

interface EditorComponent {
  id: string;
  label: string;
  fields: ComponentField[];
  pattern: RegExp;
  fromBlock(match: RegExpMatchArray): Record<string, unknown>;
  toBlock(data: Record<string, unknown>): string;
  toPreview(data: Record<string, unknown>): string;
}

/** What the editor hands a pre-save hook: its entry as an Immutable.js map (`data`, `i18n.<code>.data`). */
interface EntryMap {
  get(key: 'collection'): unknown;
  getIn(path: readonly string[]): { toJS(): Record<string, unknown> } | undefined;
  setIn(path: readonly string[], value: unknown): EntryMap;
}

interface EventListener {
  name: 'preSave';
  handler(event: { entry: EntryMap }): Promise<EntryMap>;
}

declare global {
  interface Window {
    CMS?: {
      registerEditorComponent(component: EditorComponent): void;
      registerEventListener(listener: EventListener): void;
    };
  }
}

/** The field that holds an entry's text (src/cms/config.ts BODY_FIELD). */
const BODY = 'body';

/** The digest of an entry as the editor holds it: its fields and its text, as the files have them. */
export function digestOf(data: Record<string, unknown>): Promise<string> {
  const { [BODY]: body, ...fields } = data;
  return entryDigest(fields, typeof body === 'string' ? body : '');
}

/** The record of a translation as the editor holds it, if it has a well-formed one. */
function recordOf(data: Record<string, unknown>): { source: string; text: string } | undefined {
  const record = data.translation as { source?: unknown; text?: unknown } | undefined;
  return typeof record?.source === 'string' && typeof record.text === 'string'
    ? { source: record.source, text: record.text }
    : undefined;
}

/**
 * The collections whose entries carry translation records: the content collections, named by the
 * build (src/build/admin-files.ts); not the settings files (company.yaml, strings.yaml).
 */
declare const __ENTRY_COLLECTIONS__: readonly string[] | undefined;

/**
 * Renews the record of every translation of the entry that this save changes (its digest is no
 * longer the one its record holds, or it has none): the original's digest now, its own now.
 * Entries of other collections than `collections` are left as they are.
 */
export async function withTranslationRecords(entry: EntryMap, collections: readonly string[]): Promise<EntryMap> {
  if (!collections.includes(String(entry.get('collection')))) return entry;
  const original = entry.getIn(['data'])?.toJS();
  const translations = entry.getIn(['i18n'])?.toJS() as Record<string, { data?: Record<string, unknown> }> | undefined;
  if (!original || !translations) return entry;
  const source = await digestOf(original);
  let saved = entry;
  for (const [code, translation] of Object.entries(translations)) {
    if (!translation.data) continue;
    const text = await digestOf(translation.data);
    if (recordOf(translation.data)?.text === text) continue;
    saved = saved.setIn(['i18n', code, 'data', 'translation'], { source, text });
  }
  return saved;
}

/** A component field's value as text (the fields hold strings; anything else is left out). */
const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** `name="value"` pairs of a JSX tag's attributes (the components take strings only). */
export function attributesOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/([A-Za-z]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
}

/** An attribute for a JSX tag, or nothing when it is empty. */
function attribute(name: string, value: unknown): string {
  const text = textOf(value).trim();
  return text ? ` ${name}="${text.replace(/"/g, '&quot;')}"` : '';
}

const escapeHtml = (value: unknown) =>
  textOf(value).replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** A component with children: `<Name attrs>\ntext\n</Name>`. */
function wrapping(name: string, attributes: string, body: unknown): string {
  return `<${name}${attributes}>\n${textOf(body).trim()}\n</${name}>`;
}

export const COMPONENTS: EditorComponent[] = [
  {
    id: 'callout',
    label: 'Callout',
    fields: [
      { name: 'type', label: 'Kind', widget: 'select', options: ['note', 'tip', 'warning'], default: 'note' },
      { name: 'title', label: 'Title', widget: 'string', required: false },
      { name: 'body', label: 'Text', widget: 'text' },
    ],
    pattern: /^<Callout\b([^>]*)>\n?([\s\S]*?)\n?<\/Callout>/,
    fromBlock: (match) => {
      const attributes = attributesOf(match[1] ?? '');
      return { type: attributes.type ?? 'note', title: attributes.title ?? '', body: match[2] ?? '' };
    },
    toBlock: (data) =>
      wrapping('Callout', attribute('type', data.type || 'note') + attribute('title', data.title), data.body),
    toPreview: (data) =>
      `<aside><strong>${escapeHtml(data.type || 'note')}${data.title ? `: ${escapeHtml(data.title)}` : ''}</strong><p>${escapeHtml(data.body)}</p></aside>`,
  },
  {
    id: 'metrics',
    label: 'Metrics',
    fields: [
      {
        name: 'items',
        label: 'Metrics',
        widget: 'list',
        summary: '{{fields.value}} {{fields.label}}',
        fields: [
          { name: 'value', label: 'Value', widget: 'string', hint: 'The figure, e.g. "45" or "6 weeks".' },
          { name: 'label', label: 'Label', widget: 'string', hint: 'What it counts, e.g. "engineers on the team".' },
        ],
      },
    ],
    pattern: /^<Metrics>\n?([\s\S]*?)\n?<\/Metrics>/,
    fromBlock: (match) => ({
      items: [...(match[1] ?? '').matchAll(/<Metric\b([^>]*?)\/>/g)].map((metric) => {
        const attributes = attributesOf(metric[1] ?? '');
        return { value: attributes.value ?? '', label: attributes.label ?? '' };
      }),
    }),
    toBlock: (data) => {
      const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
      const lines = items.map(
        (item) => `  <Metric${attribute('value', item.value)}${attribute('label', item.label)} />`,
      );
      return `<Metrics>\n${lines.join('\n')}\n</Metrics>`;
    },
    toPreview: (data) => {
      const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
      return `<dl>${items.map((item) => `<dt>${escapeHtml(item.value)}</dt><dd>${escapeHtml(item.label)}</dd>`).join('')}</dl>`;
    },
  },
  {
    id: 'quote',
    label: 'Quote',
    fields: [
      { name: 'author', label: 'Author', widget: 'string' },
      { name: 'role', label: 'Role', widget: 'string', required: false },
      { name: 'body', label: 'Quoted words', widget: 'text' },
    ],
    pattern: /^<Quote\b([^>]*)>\n?([\s\S]*?)\n?<\/Quote>/,
    fromBlock: (match) => {
      const attributes = attributesOf(match[1] ?? '');
      return { author: attributes.author ?? '', role: attributes.role ?? '', body: match[2] ?? '' };
    },
    toBlock: (data) => wrapping('Quote', attribute('author', data.author) + attribute('role', data.role), data.body),
    toPreview: (data) =>
      `<blockquote><p>${escapeHtml(data.body)}</p><footer>${escapeHtml(data.author)}${data.role ? `, ${escapeHtml(data.role)}` : ''}</footer></blockquote>`,
  },
  {
    id: 'cta',
    label: 'Call to action',
    fields: [
      {
        name: 'href',
        label: 'Link',
        widget: 'string',
        default: '/contact',
        hint: 'A path on the site, e.g. /contact or /nl/contact.',
      },
      { name: 'body', label: 'Button text', widget: 'string' },
    ],
    pattern: /^<CTA\b([^>]*)>([\s\S]*?)<\/CTA>/,
    fromBlock: (match) => ({ href: attributesOf(match[1] ?? '').href ?? '/contact', body: (match[2] ?? '').trim() }),
    toBlock: (data) => `<CTA${attribute('href', data.href || '/contact')}>${textOf(data.body).trim()}</CTA>`,
    toPreview: (data) => `<p><a href="${escapeHtml(data.href)}">${escapeHtml(data.body)}</a></p>`,
  },
  {
    id: 'figure',
    label: 'Figure with a caption',
    fields: [
      { name: 'src', label: 'Image file', widget: 'image', hint: 'The picture, saved in images/ beside the entry.' },
      {
        name: 'alt',
        label: 'Alt text (what the image shows)',
        widget: 'text',
        required: false,
        hint: 'What it shows and tells, for someone who cannot see it. Required unless the picture only decorates.',
      },
      { name: 'decorative', label: 'Only decorates (no alt text)', widget: 'boolean', required: false, default: false },
      { name: 'body', label: 'Caption', widget: 'text', required: false },
    ],
    pattern: /^<Figure\b((?:[^>"]|"[^"]*")*?)(?:\/>|>\n?([\s\S]*?)\n?<\/Figure>)/,
    fromBlock: (match) => {
      const attributes = attributesOf(match[1] ?? '');
      return {
        src: attributes.src ?? '',
        alt: attributes.alt ?? '',
        decorative: /(?:^|\s)decorative(?=\s|$)/.test((match[1] ?? '').replace(/"[^"]*"/g, '""')),
        body: match[2] ?? '',
      };
    },
    toBlock: (data) => {
      const attributes = `${attribute('src', data.src)}${data.decorative ? ' decorative' : attribute('alt', data.alt)}`;
      const caption = textOf(data.body).trim();
      return caption ? wrapping('Figure', attributes, caption) : `<Figure${attributes} />`;
    },
    // Named rather than drawn: the editor would look for the file under /admin/ (a path from the entry).
    toPreview: (data) =>
      `<figure><p><em>${escapeHtml(data.src)}</em>${data.decorative ? '' : `: ${escapeHtml(data.alt)}`}</p><figcaption>${escapeHtml(data.body)}</figcaption></figure>`,
  },
  {
    id: 'leadRetention',
    label: 'Lead retention period',
    fields: [],
    pattern: /^<LeadRetention\s*\/>/,
    fromBlock: () => ({}),
    toBlock: () => '<LeadRetention />',
    toPreview: () => '<p>(how long contact requests are kept, from company.yaml)</p>',
  },
  {
    id: 'trafficRetention',
    label: 'Traffic record retention period',
    fields: [],
    pattern: /^<TrafficRetention\s*\/>/,
    fromBlock: () => ({}),
    toBlock: () => '<TrafficRetention />',
    toPreview: () => '<p>(how long the traffic record keeps its counts, from company.yaml)</p>',
  },
];

// In the editor's page; the tests import this module without one.
const cms = typeof window === 'undefined' ? undefined : window.CMS;
for (const component of COMPONENTS) cms?.registerEditorComponent(component);
const entryCollections = typeof __ENTRY_COLLECTIONS__ === 'undefined' ? [] : __ENTRY_COLLECTIONS__;
cms?.registerEventListener({
  name: 'preSave',
  handler: ({ entry }) => withTranslationRecords(entry, entryCollections),
});
