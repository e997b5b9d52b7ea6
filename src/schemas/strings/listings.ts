/** The listings' titles and lead texts: HTML pages, their Markdown, llms.txt and the page index. */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const listingStrings = z.strictObject({
  /** Heading of the services listing and its navigation link. */
  services: phrase([], 60),
  /** Heading of the case studies listing and its navigation link. */
  caseStudies: phrase([], 60),
  /** Heading of the insights listing and its navigation link. */
  insights: phrase([], 60),
  /** Lead text of the services listing. */
  servicesLead: phrase(['company']),
  /** Lead text of the case studies listing. */
  caseStudiesLead: phrase(['company']),
  /** Lead text of the insights listing. */
  insightsLead: phrase(['company']),
  /** Title of an industry's filter page, e.g. "Case studies: Retail". */
  industryTitle: phrase(['name']),
  /** Lead text of an industry's filter page. */
  industryLead: phrase(['name']),
  /** Title of a tag's filter page, e.g. "Insights: cloud". */
  tagTitle: phrase(['name']),
  /** Lead text of a tag's filter page. */
  tagLead: phrase(['name']),
  /** Title of a listing's later pages, e.g. "Case studies (page 2 of 3)". */
  pageTitle: phrase(['title', 'number', 'pages']),
  /**
   * On a translated listing with fewer entries than the default language's: the link to the
   * default language's listing. {count} is how many more it has (its plural forms are chosen by
   * it), {language} the default language's name in this language (from Intl, e.g. "Engels").
   */
  moreServices: pluralPhrase(['count', 'language'], 160),
  moreCaseStudies: pluralPhrase(['count', 'language'], 160),
  moreInsights: pluralPhrase(['count', 'language'], 160),
});
