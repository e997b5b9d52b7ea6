/** The team page, its filters and each person's page: their HTML and Markdown alike, and llms-full.txt's team. */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const teamStrings = z.strictObject({
  /** The team page's heading and navigation link, and the heading of a case study's team. */
  title: phrase([], 60),
  /** Lead text of the team page. */
  lead: phrase(['company']),
  /** Title and lead text of an office's filter page, e.g. "Team: Ghent". */
  officeTitle: phrase(['name']),
  officeLead: phrase(['name']),
  /** Title and lead text of an expertise's filter page, e.g. "Who knows Kubernetes". */
  expertiseTitle: phrase(['name']),
  expertiseLead: phrase(['name']),
  /** On a translated team page with fewer people than the default language's: the link to it (as listings.moreServices). */
  morePeople: pluralPhrase(['count', 'language'], 160),
  /** The lines of office and expertise filters on the team page. */
  filterByOffice: phrase([], 60),
  filterByExpertise: phrase([], 60),
  /** The filters' links back to everyone, and a filter page's link back to the team page. */
  allOffices: phrase([], 60),
  allExpertise: phrase([], 60),
  allPeople: phrase([], 60),
  /** The pager's accessible name on the team page, and on a filter page ({name}: the office or expertise). */
  pager: phrase([], 80),
  pagerFiltered: phrase(['name'], 120),
  /** The facts of a person's page. */
  role: phrase([], 40),
  office: phrase([], 40),
  expertise: phrase([], 40),
  languages: phrase([], 40),
  links: phrase([], 40),
  email: phrase([], 40),
  /** A service's lead, on the service's page. */
  serviceLead: phrase([], 40),
  /** The sections of a person's page: the case studies they worked on, the articles they wrote, the services they lead. */
  workedOn: phrase([], 60),
  wrote: phrase([], 60),
  leads: phrase([], 60),
});
