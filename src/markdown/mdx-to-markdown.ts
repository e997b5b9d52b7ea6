/**
 * Turns an MDX body into clean Markdown: the same words a reader sees on the HTML page, with the
 * site's components rewritten as ordinary Markdown and every internal link checked and made an
 * absolute path. Anything that cannot be represented (imports, expressions, unknown components)
 * fails with a message naming the file, instead of being dropped silently.
 */
import type { Strings } from '../schemas/strings.ts';
import { fill } from '../site/languages.ts';
import { plural } from '../site/plural.ts';
import type {
  Blockquote,
  Emphasis,
  Image,
  Link,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Strong,
  Text,
} from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { mdxToMdast } from 'satteri';
import { toMarkdown } from './mdast.ts';
import type { ImageAsset } from '../site/images.ts';

/** Decides whether an internal path (after resolution to an absolute path) exists. */
export type LinkChecker = (absolutePath: string) => boolean;

export interface MdxToMarkdownOptions {
  /** The content file, for error messages, e.g. `content/services/cloud.mdx`. */
  file: string;
  /** The page's own path, against which relative links are resolved. */
  pagePath: string;
  /** Returns whether an internal path is a published page or a published file. */
  linkExists: LinkChecker;
  /** What `<LeadRetention />` states: `leads.retentionDays` of content/company.yaml. */
  leadRetentionDays: number;
  /** What `<TrafficRetention />` states: `traffic.retentionDays` of content/company.yaml (docs/traffic.md). */
  trafficRetentionDays: number;
  /** The components' words in the page's language (the `content` section of its strings.yaml). */
  labels: ContentLabels;
  /** The page language's `language.locale`: its plural rules choose the form of a count ("1 day"). */
  locale: string;
  /**
   * The body's images (`![alt](./x.jpg)`, `<Figure src="./x.svg">`): `resolve` finds and checks the
   * file a reference names (throwing ContentError at `line`, e.g. " (line 12)"), `url` gives the
   * absolute URL the Markdown links it with. Without it, an image in the body is an error.
   */
  images?: BodyImages;
}

/** How a body's images are found and linked (src/model/entry-images.ts provides it). */
export interface BodyImages {
  resolve(reference: string, line: string): ImageAsset;
  url(asset: ImageAsset): string;
}

/** The `content` section of a language's strings.yaml. */
export type ContentLabels = Strings['content'];

/** A content problem an editor must fix; the message names the file and what to do. */
export class ContentError extends Error {
  override name = 'ContentError';
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
type Block = RootContent;

const CALLOUT_TYPES = ['note', 'tip', 'warning'] as const;

/**
 * The components editors may use, with the props each accepts (`flags`: props written without a
 * value, `<Figure decorative />`). Shared with the HTML side's docs.
 */
export const MDX_COMPONENTS = {
  Callout: { props: ['type', 'title'], required: [] },
  Metrics: { props: [], required: [] },
  Metric: { props: ['value', 'label'], required: ['value', 'label'] },
  Quote: { props: ['author', 'role'], required: ['author'] },
  CTA: { props: ['href'], required: ['href'] },
  LeadRetention: { props: [], required: [] },
  TrafficRetention: { props: [], required: [] },
  Figure: { props: ['src', 'alt', 'decorative'], required: ['src'], flags: ['decorative'] },
} as const satisfies Record<
  string,
  { props: readonly string[]; required: readonly string[]; flags?: readonly string[] }
>;

type ComponentName = keyof typeof MDX_COMPONENTS;

/** The components' names, for the messages that list them: "Callout, Metrics, …, LeadRetention and TrafficRetention". */
const COMPONENT_LIST = (() => {
  const names = Object.keys(MDX_COMPONENTS);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
})();

/** The words `<LeadRetention />` and `<TrafficRetention />` render for a retention period, e.g. "180 days" (HTML and Markdown alike). */
export function leadRetentionText(
  days: number,
  labels: Pick<ContentLabels, 'retentionPeriod'>,
  locale: string,
): string {
  return fill(plural(labels.retentionPeriod, days, locale), { days });
}

/** Converts one MDX body to Markdown (without a title; the page template adds that). */
export function mdxToMarkdown(source: string, options: MdxToMarkdownOptions): string {
  let tree: Root;
  try {
    // The same MDX parser Astro uses to render the HTML (satteri, native), so both forms of a
    // page read the source identically; it is also ~20x faster than remark-mdx.
    tree = mdxToMdast(source, { features: { frontmatter: false } }) as unknown as Root;
  } catch (cause) {
    throw new ContentError(
      `${options.file}: the MDX cannot be parsed: ${(cause as Error).message}. Check for unclosed tags or stray { } characters.`,
      { cause },
    );
  }
  // Blocks that need no rewriting are copied from the source as the editor wrote them; only
  // blocks with components, rewritten links or comments are serialised again. Besides keeping
  // the editor's formatting, this skips the serialiser's escaping pass, the costliest step.
  const blocks: string[] = [];
  for (const child of tree.children) {
    const state: ConvertState = { changed: false };
    const converted = convertNode(child, options, state);
    const start = child.position?.start.offset;
    const end = child.position?.end.offset;
    if (!state.changed && start !== undefined && end !== undefined) blocks.push(source.slice(start, end).trimEnd());
    else if (converted.length) blocks.push(toMarkdown(converted).trimEnd());
  }
  return blocks.length ? `${blocks.join('\n\n')}\n` : '';
}

/** Whether converting a block changed anything (then it must be serialised, not copied). */
interface ConvertState {
  changed: boolean;
}

function convertChildren(
  children: readonly RootContent[],
  options: MdxToMarkdownOptions,
  state: ConvertState,
): RootContent[] {
  const out: RootContent[] = [];
  for (const child of children) out.push(...convertNode(child, options, state));
  return out;
}

function lineOf(node: { position?: { start: { line: number } } }): string {
  return node.position ? ` (line ${node.position.start.line})` : '';
}

function convertNode(node: RootContent, options: MdxToMarkdownOptions, state: ConvertState): RootContent[] {
  switch (node.type) {
    case 'mdxjsEsm':
      throw new ContentError(
        `${options.file}${lineOf(node)}: \`import\`/\`export\` statements are not allowed in content. ` +
          `Remove them; the components ${COMPONENT_LIST} are available without an import.`,
      );
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      if (isComment(node.value)) {
        state.changed = true;
        return [];
      }
      throw new ContentError(
        `${options.file}${lineOf(node)}: \`{…}\` expressions are not allowed in content. Write the text itself, or escape the braces as \\{ and \\}.`,
      );
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      state.changed = true;
      return convertComponent(node, options, state);
    case 'html':
      throw new ContentError(
        `${options.file}${lineOf(node)}: raw HTML is not allowed in content. ` +
          `Use Markdown or one of the components ${COMPONENT_LIST}.`,
      );
    case 'link':
      return [
        {
          ...node,
          url: rewriteLink(node.url, node, options, state),
          children: convertChildren(node.children, options, state) as PhrasingContent[],
        },
      ];
    case 'definition':
      return [{ ...node, url: rewriteLink(node.url, node, options, state) }];
    case 'image':
      state.changed = true;
      return [convertImage(node, options)];
    case 'imageReference':
      throw new ContentError(
        `${options.file}${lineOf(node)}: write the image with its file's path in place, e.g. ![${node.alt ?? 'What it shows'}](./images/<file>.jpg), not as a reference ![…][…].`,
      );
    default:
      if ('children' in node && Array.isArray(node.children)) {
        return [{ ...node, children: convertChildren(node.children, options, state) } as RootContent];
      }
      return [node];
  }
}

/** A body image checked and linked to its published file: its alt text required, its file found. */
function convertImage(node: Image, options: MdxToMarkdownOptions): Image {
  if (!node.alt?.trim())
    throw new ContentError(
      `${options.file}${lineOf(node)}: the image ![](${node.url}) has no alt text: write what it shows for someone who cannot see it ` +
        `between the brackets, e.g. ![Cranes unloading a container ship at dusk](${node.url}); an image that only decorates goes in ` +
        `<Figure src="${node.url}" decorative />`,
    );
  return { ...node, url: imageUrl(node.url, node, options) };
}

/** The absolute URL of the published file an image reference of the body names. */
function imageUrl(reference: string, node: { position?: { start: { line: number } } }, options: MdxToMarkdownOptions) {
  if (!options.images)
    throw new ContentError(`${options.file}${lineOf(node)}: images cannot be published from this text.`);
  return options.images.url(options.images.resolve(reference, lineOf(node)));
}

function isComment(value: string): boolean {
  return /^\s*\/\*[\s\S]*\*\/\s*$/.test(value);
}

/** Checks a link and records whether its target had to be rewritten. */
function rewriteLink(
  url: string,
  node: { position?: { start: { line: number } } },
  options: MdxToMarkdownOptions,
  state: ConvertState,
): string {
  const checked = checkLink(url, node, options);
  if (checked !== url) state.changed = true;
  return checked;
}

/**
 * An internal link resolved against the page's path the way a browser resolves it, as an
 * absolute path without a trailing slash (the site uses `trailingSlash: 'never'`). Undefined for
 * external links (`https:`, `mailto:`, `//host`) and same-page anchors. The HTML pages resolve
 * links with this too, so both forms of a page point to the same places.
 */
export function resolveInternalLink(url: string, pagePath: string): { pathname: string; href: string } | undefined {
  if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('#')) return undefined;
  const resolved = new URL(url, `https://site.invalid${pagePath}`);
  const encoded = resolved.pathname.replace(/(.)\/$/, '$1');
  let pathname = encoded;
  try {
    pathname = decodeURIComponent(encoded);
  } catch {
    // a malformed escape: keep it encoded; the existence check below then fails with the path
  }
  return { pathname, href: `${encoded}${resolved.search}${resolved.hash}` };
}

/** Resolves a link target to an absolute path and fails when an internal target does not exist. */
function checkLink(
  url: string,
  node: { position?: { start: { line: number } } },
  options: MdxToMarkdownOptions,
): string {
  const internal = resolveInternalLink(url, options.pagePath);
  if (!internal) return url;
  if (!options.linkExists(internal.pathname)) {
    throw new ContentError(
      `${options.file}${lineOf(node)}: the link to "${url}" points to ${internal.pathname}, ` +
        'which is not a published page. ' +
        'Fix the path (e.g. /services/<slug>), or remove the link if the page was deleted or is a draft.',
    );
  }
  return internal.href;
}

function attributes(node: JsxElement, options: MdxToMarkdownOptions): Record<string, string> {
  const name = node.name ?? '';
  const spec = MDX_COMPONENTS[name as ComponentName];
  const attrs: Record<string, string> = {};
  const flags: readonly string[] = 'flags' in spec ? spec.flags : [];
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.value === null && flags.includes(attribute.name)) {
      attrs[attribute.name] = 'true';
      continue;
    }
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') {
      throw new ContentError(
        `${options.file}${lineOf(node)}: <${name}> props must be plain quoted text, ` +
          `e.g. ${name === 'Metric' ? 'value="40%"' : 'title="…"'}; \`{…}\` values are not allowed.`,
      );
    }
    if (!(spec.props as readonly string[]).includes(attribute.name)) {
      throw new ContentError(
        `${options.file}${lineOf(node)}: <${name}> has no prop "${attribute.name}"; it accepts ${spec.props.length ? spec.props.join(', ') : 'no props'}.`,
      );
    }
    attrs[attribute.name] = attribute.value;
  }
  for (const required of spec.required) {
    if (!attrs[required]?.trim()) {
      throw new ContentError(`${options.file}${lineOf(node)}: <${name}> needs a ${required}="…" prop.`);
    }
  }
  return attrs;
}

function text(value: string): Text {
  return { type: 'text', value };
}

function strong(value: string): Strong {
  return { type: 'strong', children: [text(value)] };
}

/** Wraps phrasing content in a paragraph so a text-level component can stand in a block. */
function asBlocks(nodes: RootContent[]): Block[] {
  const blocks: Block[] = [];
  let inline: PhrasingContent[] = [];
  const flush = () => {
    if (inline.length) blocks.push({ type: 'paragraph', children: inline } satisfies Paragraph);
    inline = [];
  };
  for (const node of nodes) {
    if (isPhrasing(node)) inline.push(node);
    else {
      flush();
      blocks.push(node);
    }
  }
  flush();
  return blocks;
}

const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'inlineCode',
  'link',
  'linkReference',
  'image',
  'imageReference',
  'break',
  'delete',
  'footnoteReference',
]);
function isPhrasing(node: RootContent): node is PhrasingContent {
  return PHRASING.has(node.type);
}

function plainText(nodes: readonly RootContent[]): string {
  return nodes
    .map((node) =>
      'value' in node && typeof node.value === 'string'
        ? node.value
        : 'children' in node
          ? plainText(node.children as RootContent[])
          : '',
    )
    .join('')
    .trim();
}

/** Long: one case per component the editors may use, a table read top to bottom. */
function convertComponent(node: JsxElement, options: MdxToMarkdownOptions, state: ConvertState): RootContent[] {
  const name = node.name ?? '';
  if (!(name in MDX_COMPONENTS)) {
    throw new ContentError(
      `${options.file}${lineOf(node)}: <${name || 'fragment'}> is not a known component. ` +
        `Use Markdown, or one of: ${Object.keys(MDX_COMPONENTS).join(', ')} (see docs/content.md).`,
    );
  }
  const attrs = attributes(node, options);
  const inner = convertChildren(node.children, options, state);
  const inlineParent = node.type === 'mdxJsxTextElement';
  switch (name as ComponentName) {
    case 'Callout': {
      const type = attrs.type ?? 'note';
      const label = (CALLOUT_TYPES as readonly string[]).includes(type)
        ? options.labels[type as (typeof CALLOUT_TYPES)[number]]
        : undefined;
      if (!label)
        throw new ContentError(
          `${options.file}${lineOf(node)}: <Callout type="${type}"> is not a callout type; use note, tip or warning.`,
        );
      const heading = attrs.title ? `${label}: ${attrs.title}` : label;
      const blocks = asBlocks(inner);
      const first = blocks[0];
      const lead: PhrasingContent[] = [strong(heading)];
      if (first?.type === 'paragraph') {
        first.children = [...lead, text(' '), ...first.children];
      } else {
        blocks.unshift({ type: 'paragraph', children: lead });
      }
      return [{ type: 'blockquote', children: blocks } as Blockquote];
    }
    case 'Metrics': {
      const items: ListItem[] = [];
      for (const child of node.children as RootContent[]) {
        if (child.type === 'text' && !child.value.trim()) continue;
        if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name === 'Metric') {
          const metric = attributes(child, options);
          items.push({
            type: 'listItem',
            spread: false,
            children: [{ type: 'paragraph', children: [strong(metric.value!), text(` ${metric.label}`)] }],
          });
        } else if (child.type === 'paragraph' && plainText([child]) === '') {
          continue;
        } else {
          throw new ContentError(
            `${options.file}${lineOf(child)}: <Metrics> may contain only <Metric value="…" label="…" /> elements.`,
          );
        }
      }
      if (!items.length)
        throw new ContentError(
          `${options.file}${lineOf(node)}: <Metrics> is empty; add <Metric value="…" label="…" /> inside it.`,
        );
      return [{ type: 'list', ordered: false, spread: false, children: items }];
    }
    case 'Metric': {
      const content: PhrasingContent[] = [strong(attrs.value!), text(` ${attrs.label}`)];
      return inlineParent ? content : [{ type: 'paragraph', children: content }];
    }
    case 'Quote': {
      const attribution = `— ${attrs.author}${attrs.role ? `, ${attrs.role}` : ''}`;
      return [
        {
          type: 'blockquote',
          children: [...asBlocks(inner), { type: 'paragraph', children: [text(attribution)] }],
        } as Blockquote,
      ];
    }
    case 'CTA': {
      const href = checkLink(attrs.href!, node, options);
      const label = plainText(inner);
      if (!label)
        throw new ContentError(
          `${options.file}${lineOf(node)}: <CTA href="${attrs.href}"> needs a label between its tags, e.g. <CTA href="/contact">Talk to an engineer</CTA>.`,
        );
      const link: Link = { type: 'link', url: href, children: [text(label)] };
      return inlineParent ? [link] : [{ type: 'paragraph', children: [link] }];
    }
    case 'Figure': {
      if (inlineParent)
        throw new ContentError(
          `${options.file}${lineOf(node)}: put <Figure> on a line of its own, with an empty line before and after it.`,
        );
      const decorative = attrs.decorative !== undefined;
      if (decorative && attrs.decorative !== 'true')
        throw new ContentError(
          `${options.file}${lineOf(node)}: write <Figure decorative /> without a value for an image that only decorates.`,
        );
      if (!decorative && !attrs.alt?.trim())
        throw new ContentError(
          `${options.file}${lineOf(node)}: <Figure src="${attrs.src}"> needs alt="…": what the image shows for someone who cannot see it ` +
            '(or `decorative` for an image that only decorates, which the Markdown then leaves out).',
        );
      if (decorative && attrs.alt)
        throw new ContentError(
          `${options.file}${lineOf(node)}: <Figure decorative> has alt="…" too: a decorative image has no alt text; remove one of them.`,
        );
      const url = imageUrl(attrs.src!, node, options);
      const caption = asBlocks(inner);
      // A caption of one plain paragraph is set in italics, as pages set it apart; one with its own emphasis stays as written.
      const only =
        caption.length === 1 &&
        caption[0]!.type === 'paragraph' &&
        caption[0].children.every((child) => child.type === 'text' || child.type === 'link')
          ? caption[0]
          : undefined;
      const captionBlocks: RootContent[] = only
        ? [{ type: 'paragraph', children: [{ type: 'emphasis', children: only.children } satisfies Emphasis] }]
        : caption;
      const image: Image = { type: 'image', url, alt: attrs.alt ?? '' };
      return decorative ? captionBlocks : [{ type: 'paragraph', children: [image] }, ...captionBlocks];
    }
    case 'LeadRetention':
    case 'TrafficRetention': {
      if (plainText(inner))
        throw new ContentError(
          `${options.file}${lineOf(node)}: <${name} /> takes no content; write it as <${name} />.`,
        );
      const days = name === 'LeadRetention' ? options.leadRetentionDays : options.trafficRetentionDays;
      const content = text(leadRetentionText(days, options.labels, options.locale));
      return inlineParent ? [content] : [{ type: 'paragraph', children: [content] }];
    }
  }
}
