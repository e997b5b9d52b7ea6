/**
 * The site's script in the editor at /admin/ (src/build/admin-files.ts bundles it; it runs after
 * Sveltia CMS and before it starts): the MDX components of src/components/mdx/ as blocks an
 * editor inserts and edits in the text (`+` menu), each written back as the JSX the build reads.
 * A component whose text does not match its pattern stays plain text, so nothing is lost.
 */

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

declare global {
  interface Window {
    CMS?: { registerEditorComponent(component: EditorComponent): void };
  }
}

/** A component field's value as text (the fields hold strings; anything else is left out). */
const textOf = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

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
          { name: 'label', label: 'Label', widget: 'string', hint: 'What it counts, e.g. "engineers in Rotterdam".' },
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

for (const component of COMPONENTS) window.CMS?.registerEditorComponent(component);
