/**
 * Checks a page's JSON-LD the way a search engine reads it, for the unit tests of
 * src/discovery/structured-data.ts and the integration test over the served pages: the graph
 * shape, the properties Google's structured-data documentation requires (BreadcrumbList: items
 * with position, name and item; LocalBusiness: name and address) or recommends (Organization:
 * name and url; Article and BlogPosting, which have no required ones: headline, author and both
 * dates; ProfilePage: a Person as its main entity), the ones this site promises of the others
 * (WebSite, the page, Service, Person), and that every `@id`
 * reference points at a node of the same graph. Every `@type` the site emits has a schema here:
 * an unknown one is a problem, so a new type cannot go out unchecked.
 */
import { z } from 'zod';
import {
  isLocalBusinessType,
  ORGANIZATION_TYPES,
  type OrganizationType,
} from '../../src/schemas/organization-types.ts';

const absoluteUrl = z.string().regex(/^https?:\/\/[^/\s]+/, 'an absolute URL');
const text = z.string().trim().min(1);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'an ISO 8601 date');
const reference = z.object({ '@id': absoluteUrl }).strict();

const postalAddress = z.object({
  '@type': z.literal('PostalAddress'),
  streetAddress: text,
  addressLocality: text,
  addressCountry: text,
});

/** An image: its file's URL and size (Google's ImageObject); `caption` the alt text where there is one. */
const imageObject = z.object({
  '@type': z.literal('ImageObject'),
  url: absoluteUrl,
  contentUrl: absoluteUrl,
  width: z.string().regex(/^\d+$/),
  height: z.string().regex(/^\d+$/),
  encodingFormat: z.string().regex(/^image\//),
  caption: text.optional(),
});

const organization = z.object({
  '@id': absoluteUrl,
  name: text,
  url: absoluteUrl,
  logo: z.union([absoluteUrl, imageObject]).optional(),
  sameAs: z.array(absoluteUrl).optional(),
  contactPoint: z.object({ '@type': z.literal('ContactPoint'), contactType: text, email: text }).optional(),
  address: z.union([postalAddress, z.array(postalAddress).min(1)]).optional(),
});

/** Google's LocalBusiness rich result requires `name` and `address`. */
const localBusiness = organization.extend({ address: z.union([postalAddress, z.array(postalAddress).min(1)]) });

const webPage = z.object({
  '@id': absoluteUrl,
  url: absoluteUrl,
  name: text,
  isPartOf: reference,
  primaryImageOfPage: imageObject.optional(),
});

const listItem = z.object({
  '@type': z.literal('ListItem'),
  position: z.number().int().min(1),
  name: text,
  item: absoluteUrl,
});

const breadcrumbList = z.object({
  itemListElement: z
    .array(listItem)
    .min(2, 'Google needs at least two items')
    .refine((items) => items.every((item, index) => item.position === index + 1), 'positions must run 1, 2, 3…'),
});

const person = z.object({ '@type': z.literal('Person'), name: text });

/** Article: headline (long ones are truncated on display, not refused), author with a name or a reference, dates. */
const article = z.object({
  '@id': absoluteUrl,
  headline: text,
  author: z.union([person, reference, z.array(z.union([person, reference])).min(1)]),
  datePublished: isoDate,
  dateModified: isoDate,
  publisher: reference,
  mainEntityOfPage: reference,
  image: imageObject.optional(),
});

const SCHEMAS: Record<string, z.ZodType> = {
  WebSite: z.object({ '@id': absoluteUrl, name: text, url: absoluteUrl, publisher: reference }),
  WebPage: webPage,
  CollectionPage: webPage,
  AboutPage: webPage,
  ContactPage: webPage,
  /** Google's profile page: its main entity, a Person with a name (the site adds what it knows of them). */
  ProfilePage: webPage.extend({ mainEntity: reference }),
  Person: z.object({
    '@id': absoluteUrl,
    name: text,
    url: absoluteUrl,
    jobTitle: text,
    knowsAbout: z.array(text).min(1),
    worksFor: reference,
    mainEntityOfPage: reference,
    image: imageObject.optional(),
    sameAs: z.array(absoluteUrl).optional(),
  }),
  BreadcrumbList: breadcrumbList,
  Service: z.object({
    '@id': absoluteUrl,
    name: text,
    provider: reference,
    url: absoluteUrl,
    image: imageObject.optional(),
  }),
  Article: article.extend({ about: z.array(z.object({ '@type': text, name: text })).min(1) }),
  BlogPosting: article.extend({ author: person.extend({ worksFor: reference.optional() }) }),
  ...Object.fromEntries(
    ORGANIZATION_TYPES.map((type: OrganizationType) => [
      type,
      isLocalBusinessType(type) ? localBusiness : organization,
    ]),
  ),
};

const graphSchema = z.object({
  '@context': z.literal('https://schema.org'),
  '@graph': z.array(z.looseObject({ '@type': z.string() })).min(1),
});

export type JsonLdNode = { '@type': string; '@id'?: string } & Record<string, unknown>;

/** Every `{ "@id": … }` object nested in `value` (references, not the nodes themselves). */
function referencesIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, into);
  else if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '@id') into.push((value as { '@id': string })['@id']);
    else for (const item of Object.values(value)) referencesIn(item, into);
  }
  return into;
}

/**
 * The problems of one JSON-LD value (empty when it is fine), each naming the node and the
 * property, and the graph's nodes.
 */
export function checkJsonLd(value: unknown): { problems: string[]; nodes: JsonLdNode[] } {
  const parsed = graphSchema.safeParse(value);
  if (!parsed.success)
    return {
      problems: parsed.error.issues.map((issue) => `graph ${issue.path.join('.')}: ${issue.message}`),
      nodes: [],
    };
  const nodes = parsed.data['@graph'] as JsonLdNode[];
  const problems: string[] = [];
  const ids = new Set(nodes.flatMap((node) => (node['@id'] ? [node['@id']] : [])));
  if (ids.size !== nodes.filter((node) => node['@id']).length) problems.push('two nodes share an @id');
  for (const node of nodes) {
    const schema = SCHEMAS[node['@type']];
    const name = `${node['@type']} ${node['@id'] ?? ''}`.trim();
    if (!schema) {
      problems.push(`${name}: no check for this @type; add one to tests/support/json-ld.ts`);
      continue;
    }
    const result = schema.safeParse(node);
    if (!result.success)
      problems.push(
        ...result.error.issues.map((issue) => `${name}: ${issue.path.join('.') || '(node)'}: ${issue.message}`),
      );
  }
  for (const id of referencesIn(nodes.map((node) => ({ ...node, '@id': undefined }))))
    if (!ids.has(id)) problems.push(`reference to ${id}, which is no node of the graph`);
  const organizations = nodes.filter(
    (node) => (ORGANIZATION_TYPES as readonly string[]).includes(node['@type']) && node['@id'],
  );
  if (organizations.length !== 1)
    problems.push(`expected one organization node with an @id, found ${organizations.length}`);
  return { problems, nodes };
}

/** The text of every `<script type="application/ld+json">` element of an HTML page. */
export function jsonLdScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1]!,
  );
}
