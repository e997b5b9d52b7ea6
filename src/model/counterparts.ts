/**
 * Which industry or tag of a language is which of the default language's: its counterpart, so a
 * filter page links its versions in the other languages (hreflang, the language switcher, the
 * sitemap, the `Link` header) and the list tools take either language's name.
 *
 * Derived from the translations alone, with nothing more for an editor to write: a translated
 * case study's industry is the counterpart of its original's industry, and a translated
 * insight's tags pair with its original's by position when both have as many tags (otherwise
 * only a tag spelled the same in both pairs with itself). Every facet of a language other than
 * the default comes from a translated entry, so every industry has its counterpart, and every tag
 * of a translation that keeps its original's tags in order. The languages other than the default
 * meet through it: nl "Zorg" and pt "Saúde" are one facet because both stand for "Healthcare".
 *
 * A name has one counterpart: two translations that pair a name with two different names (in
 * either direction) stop the build, naming both files.
 */
import { ContentError } from '../markdown/mdx-to-markdown.ts';
import { slugify } from '../site/urls.ts';
import type { CaseStudy, Facet, Insight, Person, SiteModel } from './types.ts';

/** One pairing a translated entry makes between its name and its original's. */
interface Pairing {
  name: string;
  originalName: string;
  file: string;
  originalFile: string;
  /** For tags paired by position: the position, from 1, and how many tags both have. */
  position?: { at: number; of: number };
}

/** The pairs of tags a translation makes with its original's: by position when both have as many, else only the same spelling. */
export function tagPairs(
  tags: readonly string[],
  originalTags: readonly string[],
): { name: string; originalName: string; position?: { at: number; of: number } }[] {
  if (tags.length === originalTags.length)
    return tags.map((name, index) => ({
      name,
      originalName: originalTags[index]!,
      position: { at: index + 1, of: tags.length },
    }));
  const bySlug = new Map(originalTags.map((tag) => [slugify(tag), tag]));
  return tags.flatMap((name) => {
    const originalName = bySlug.get(slugify(name));
    return originalName === undefined ? [] : [{ name, originalName }];
  });
}

/** How an error names a pairing: `content/nl/insights/x.mdx has "oplevering" for "delivery" (tag 2 of 2 in both) of content/insights/x.mdx`. */
function said(pairing: Pairing): string {
  const where = pairing.position ? ` (tag ${pairing.position.at} of ${pairing.position.of}, paired by position)` : '';
  return `${pairing.file} has "${pairing.name}" for "${pairing.originalName}"${where} of ${pairing.originalFile}`;
}

/**
 * Links the facets of `model` (a language other than the default) with their counterparts in
 * `original` (the default language's model), from `pairings`, in both facets' shared maps.
 * Throws when two pairings disagree.
 */
function link<E extends CaseStudy | Insight | Person>(
  pairings: readonly Pairing[],
  facetsOf: (model: SiteModel) => ReadonlyMap<string, Facet<E>>,
  kind: string,
  model: SiteModel,
  original: SiteModel,
): void {
  const languageName = model.strings.language.englishName;
  const order =
    kind === 'tag' || kind === 'expertise'
      ? `, or correct the order of the ${kind === 'tag' ? 'tags' : 'expertise'}`
      : '';
  const byName = new Map<string, Pairing>();
  const byOriginal = new Map<string, Pairing>();
  for (const pairing of pairings) {
    const slug = slugify(pairing.name);
    const originalSlug = slugify(pairing.originalName);
    const earlier = byName.get(slug);
    if (earlier && slugify(earlier.originalName) !== originalSlug)
      throw new ContentError(
        `Two translations give the ${kind} "${pairing.name}" two counterparts: ${said(earlier)}, and ${said(pairing)}. ` +
          `A ${kind} has one counterpart in each language: give one of them another ${languageName} name${order}.`,
      );
    const earlierOriginal = byOriginal.get(originalSlug);
    if (earlierOriginal && slugify(earlierOriginal.name) !== slug)
      throw new ContentError(
        `Two translations write the ${kind} "${pairing.originalName}" two ways in ${languageName}: ${said(earlierOriginal)}, and ${said(pairing)}. ` +
          `Write it the same way in every ${languageName} translation${order}.`,
      );
    if (earlier) continue;
    byName.set(slug, pairing);
    byOriginal.set(originalSlug, pairing);
    const facet = facetsOf(model).get(pairing.name);
    const counterpart = facetsOf(original).get(pairing.originalName);
    if (facet && counterpart) (counterpart.counterparts as Map<string, Facet<E>>).set(model.language, facet);
  }
}

/**
 * Gives every facet of every language its counterparts (Facet.counterparts): one map per group,
 * shared by the group's facets. `models` holds every language's model, the default language's
 * under `defaultLanguage`.
 */
export function linkCounterparts(models: ReadonlyMap<string, SiteModel>, defaultLanguage: string): void {
  const original = models.get(defaultLanguage)!;
  const studies = new Map(original.caseStudies.map((study) => [study.slug, study]));
  const insights = new Map(original.insights.map((insight) => [insight.slug, insight]));
  const people = new Map(original.people.map((person) => [person.slug, person]));
  for (const [language, model] of models) {
    if (language === defaultLanguage) continue;
    const industryPairings = model.caseStudies.flatMap((study): Pairing[] => {
      const source = studies.get(study.slug);
      return source
        ? [
            {
              name: study.data.industry,
              originalName: source.data.industry,
              file: study.file,
              originalFile: source.file,
            },
          ]
        : [];
    });
    const tagPairings = model.insights.flatMap((insight): Pairing[] => {
      const source = insights.get(insight.slug);
      return source
        ? tagPairs(insight.data.tags, source.data.tags).map((pair) => ({
            ...pair,
            file: insight.file,
            originalFile: source.file,
          }))
        : [];
    });
    // A person's expertise pairs with the original's as an insight's tags do; an office is the
    // same office in every language (company.yaml's \`offices\`, by place).
    const expertisePairings = model.people.flatMap((person): Pairing[] => {
      const source = people.get(person.slug);
      return source
        ? tagPairs(person.data.expertise, source.data.expertise).map((pair) => ({
            ...pair,
            file: person.file,
            originalFile: source.file,
          }))
        : [];
    });
    link(industryPairings, (of) => of.index.industries, 'industry', model, original);
    link(tagPairings, (of) => of.index.tags, 'tag', model, original);
    link(expertisePairings, (of) => of.index.expertise, 'expertise', model, original);
    for (const facet of model.offices) {
      const index = facet.entries[0]?.office?.index;
      const counterpart = original.offices.find((other) => other.entries[0]?.office?.index === index);
      if (counterpart) (counterpart.counterparts as Map<string, Facet<Person>>).set(model.language, facet);
    }
  }
  for (const facet of [...original.industries, ...original.tags, ...original.expertise, ...original.offices])
    for (const member of facet.counterparts.values())
      (member as { counterparts: Facet['counterparts'] }).counterparts = facet.counterparts;
}
