/**
 * The words of search, one analysis for the build (which indexes) and the API function (which
 * queries):
 *
 * - `stem`: a word's indexed form. Lower-cased, British -ise/-isation spellings written -ize,
 *   then reduced by the Porter stemmer, so "migrations", "migrating" and "migrate" are one term
 *   and "modernisation" finds "modernization".
 * - `STOP_WORDS`: general English function and question words ("where", "is", "the", "do",
 *   "you"...). They stay in the index (a query of nothing else still finds something) but are
 *   dropped from a query that has other words, so "where is the company based" searches for
 *   "company based" and not for every page with "the".
 * - `QUESTION_WORDS`: the question words that ask for the company's facts (questions.ts): a
 *   query's "who", "where", "when" or "many" finds the pages that state them instead of being
 *   dropped.
 * - `SYNONYM_GROUPS`: general words a buyer or an agent uses for the same thing as an IT
 *   consultancy's site ("get in touch" and "contact", "price" and "rates", "old" and "legacy",
 *   "dashboard" and "BI"). A query word also matches the other words of its group, at the
 *   ranker's synonym weight (options.ts, `weights.synonym`). The list is vocabulary, not
 *   answers: it names no page and no fact of the sample company. Single words only: an entry is
 *   stemmed as one word, so a phrase or a hyphenated entry would match nothing (a language's
 *   strings.yaml can hold phrases). A word that also means something else as often ("local",
 *   "store", "business") stays out, as does a word that pulls another topic's pages ("bill" and
 *   "hourly" pull the pages about cloud costs).
 */
// The Porter stemmer by file path, not by package name, as src/zod.ts does for zod: Netlify's
// bundler leaves a package import to be loaded from node_modules when the function starts (about
// 1 ms of every cold start for this 4 KB module); by path it is bundled into the entry.
import { stemmer } from '../../node_modules/stemmer/index.js';
import type { QuestionWords } from './questions.ts';

/** General English stop words and question words, as typed (before stemming). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any anything are as at be because been before being ' +
    'below between both but by can could did do does doing done down during each either else ever every few for ' +
    'from further get gets getting got had has have having he her here hers him his how i if in into is it its ' +
    'just know let like many me might more most much must my need no nor not now of off on once one only or other ' +
    'our ours out over own please same shall she should so some something such tell than that the their them ' +
    'then there these they this those through to too under until up us very want was we were what when where ' +
    'whether which while who whom whose why will with within would yes yet you your yours'
  ).split(' '),
);

/** The question words English asks the company's facts with (questions.ts): "how many" by its second word. */
export const QUESTION_WORDS: QuestionWords = {
  who: ['who', 'whom'],
  where: ['where'],
  when: ['when'],
  count: ['many'],
};

/**
 * English words that ask for a person as "who" does ("author of", "someone who knows", "your
 * platform lead"), on a site with people's pages; they are searched as words too (options.ts,
 * queryTerms). A language's own are its strings.yaml's `search.questions.who`.
 */
export const PERSON_WORDS: ReadonlySet<string> = new Set([
  'author',
  'someone',
  'somebody',
  'anyone',
  'anybody',
  'person',
  'expert',
  'specialist',
  'lead',
  'coach',
  'director',
  'founder',
  'principal',
  'engineers',
  'consultant',
  'consultants',
]);

/**
 * Groups of words that mean the same thing to someone looking for a page. A word may be in one
 * group only. Written as typed; they are stemmed on first use (stemmedGroups).
 */
const SYNONYM_GROUPS_AS_TYPED: readonly (readonly string[])[] = [
  [
    'contact',
    'touch',
    'reach',
    'email',
    'mail',
    'write',
    'talk',
    'call',
    'phone',
    'telephone',
    'enquiry',
    'inquiry',
    'message',
  ],
  ['price', 'pricing', 'cost', 'charge', 'fee', 'rate', 'budget', 'quote', 'expensive'],
  ['free', 'gratis', 'complimentary'],
  ['meeting', 'conversation', 'consultation', 'intro', 'introductory', 'introduction', 'appointment'],
  ['industry', 'industries', 'sector', 'sectors', 'vertical', 'verticals'],
  ['location', 'located', 'based', 'office', 'headquarters', 'hq', 'address', 'offices', 'situated'],
  ['founded', 'founder', 'established', 'since', 'history', 'started'],
  ['ceo', 'director', 'leadership', 'boss'],
  ['team', 'staff', 'employees', 'headcount', 'people', 'personnel', 'workforce'],
  ['size', 'big', 'large'],
  ['client', 'customer'],
  ['company', 'firm', 'consultancy', 'agency'],
  ['services', 'service', 'offer', 'offering', 'offerings', 'capabilities'],
  ['job', 'career', 'vacancy', 'hiring', 'recruit', 'talent'],
  ['junior', 'graduate', 'trainee', 'apprentice', 'novice', 'inexperienced', 'internship'],
  ['commission', 'kickback', 'rebate', 'backhander', 'incentive'],
  ['privacy', 'gdpr', 'confidentiality', 'pii', 'personal', 'private', 'nda', 'dsar', 'hipaa'],
  ['delete', 'remove', 'erase', 'erasure', 'purge', 'wipe', 'forget', 'forgotten'],
  ['retain', 'retention'],
  ['track', 'tracking', 'analytics', 'cookie'],
  ['bank', 'banking', 'financial', 'finance', 'fintech', 'payments'],
  ['hospital', 'healthcare', 'health', 'clinic', 'clinical', 'medical', 'patient'],
  ['insurance', 'insurer'],
  ['government', 'municipality', 'municipal', 'council', 'ministry'],
  ['retail', 'retailer', 'shop', 'ecommerce', 'webshop', 'commerce'],
  ['energy', 'utility', 'utilities', 'power', 'grid'],
  ['logistics', 'shipping', 'freight', 'transport'],
  ['ai', 'llm', 'genai', 'gpt', 'chatbot', 'ml', 'artificial', 'chatgpt', 'openai', 'copilot', 'assistant'],
  ['rag', 'retrieval'],
  ['kubernetes', 'k8s'],
  ['migrate', 'migration', 'move', 'moving', 'relocate', 'relocation'],
  [
    'legacy',
    'mainframe',
    'outdated',
    'old',
    'older',
    'ageing',
    'obsolete',
    'antiquated',
    'archaic',
    'unsupported',
    'debt',
    'cobol',
    'as400',
    'vb6',
    'delphi',
  ],
  ['test', 'evaluate', 'evaluation', 'eval'],
  ['deploy', 'release', 'ship', 'launch', 'rollout', 'golive'],
  ['onboarding', 'onboard', 'induction', 'orientation', 'rampup'],
  ['reply', 'replies', 'respond', 'responds'],
  ['developer', 'engineer', 'programmer', 'coder'],
  [
    'security',
    'secure',
    'vulnerability',
    'threat',
    'cybersecurity',
    'cyber',
    'infosec',
    'hack',
    'hacker',
    'breach',
    'attack',
    'pentest',
    'safe',
    'safety',
    'protect',
  ],
  ['credentials', 'secrets'],
  ['oidc', 'openid'],
  ['rewrite', 'replace', 'rebuild', 'redo', 'redevelop', 'reimplement', 'reengineer', 'scratch'],
  ['begin', 'commence', 'kickoff'],
  ['contract', 'agreement', 'sow', 'msa'],
  ['assessment', 'audit', 'appraisal', 'diagnostic', 'healthcheck', 'diligence'],
  ['senior', 'experienced', 'veteran', 'principal', 'expert', 'specialist'],
  ['subcontract', 'subcontractor', 'outsource', 'offshore', 'nearshore', 'freelancer', 'contractor'],
  ['lock', 'lockin', 'forever', 'indefinitely'],
  ['handover', 'exit', 'leave', 'offboarding'],
  ['refuse', 'decline', 'reject'],
  ['licence', 'license'],
  ['resell', 'resale'],
  ['vendor', 'supplier', 'provider'],
  ['modernise', 'upgrade', 'overhaul', 'revamp', 'renovate'],
  ['decommission', 'retire', 'sunset', 'shutdown', 'dismantle'],
  ['incremental', 'gradual', 'stepwise'],
  ['cloud', 'aws', 'azure', 'gcp', 'hyperscaler'],
  ['centre', 'center', 'datacenter', 'datacentre'],
  ['premises', 'onprem', 'prem', 'house', 'selfhosted', 'sovereign', 'sovereignty'],
  ['finops', 'overspend', 'rightsizing'],
  ['outage', 'downtime', 'disruption', 'interruption'],
  ['disagree', 'contradict', 'inconsistent', 'mismatch', 'discrepancy', 'conflict', 'reconcile', 'match'],
  ['metric', 'kpi', 'indicator', 'figure'],
  ['trust', 'trustworthy', 'reliable', 'accurate'],
  ['dashboard', 'bi', 'powerbi', 'tableau', 'looker', 'qlik'],
  ['spreadsheet', 'excel'],
  ['late', 'delay', 'stale', 'lag', 'fresh'],
  ['hallucination', 'fabricate', 'invent'],
  ['paved', 'golden'],
  ['devops', 'cicd'],
  ['oncall', 'pager', 'standby', 'rota'],
  ['coach', 'mentor', 'upskill', 'teach', 'training', 'tutor'],
  ['agile', 'scrum', 'kanban', 'ceremony', 'ritual'],
  ['reference', 'testimonial', 'showcase'],
  ['sales', 'salesperson', 'salesman'],
];

/** The indexed form of a lower-cased word: -ise spellings as -ize, then its Porter stem. */
export function stem(word: string): string {
  if (word.length < 3 || /\d/.test(word)) return word;
  const american = word.replace(/is(e|es|ed|ing|ation|ations|er|ers)$/, 'iz$1');
  return stemmer(american);
}

/**
 * Each stemmed term's synonym group, made on the first synonymsOf call: stemming the groups takes
 * about 1.4 ms, which the API function's cold start would pay for every instance, searched or not.
 * A constant made late, not state: no query changes it, so answers do not depend on their order.
 */
let groups: Map<string, readonly string[]> | undefined;

function stemmedGroups(): Map<string, readonly string[]> {
  if (groups) return groups;
  groups = new Map();
  for (const group of SYNONYM_GROUPS_AS_TYPED) {
    const stems = [...new Set(group.map((word) => stem(word)))];
    for (const term of stems) groups.set(term, stems);
  }
  return groups;
}

/** The other terms of a term's synonym group (stemmed), or none. */
export function synonymsOf(term: string): readonly string[] {
  const group = stemmedGroups().get(term);
  return group ? group.filter((other) => other !== term) : [];
}
