/**
 * The prompts a person picks from a client's menu: a brief on the company, its work relevant to
 * an industry or a service, and a guided contact request. Every word about the company comes
 * from the content (the head and the artefacts), so another company's build has its own prompts.
 * Their messages embed the pages they are about (an embedded resource holds the page's exact
 * Markdown) or link them (resource links, read with resources/read), never more than
 * PROMPT_LINKS links, so an answer stays bounded at any site size.
 *
 * Arguments are checked with zod like tools' arguments; a bad one is -32602 with a message that
 * says what to send (for relevant_work, the closest industries and services).
 */
import type { ArtefactReader } from '../artefacts/reader.ts';
import type { Head, PageIndexEntry } from '../artefacts/schema.ts';
import { SERVICE_CASE_STUDIES } from '../site/bounds.ts';
import * as z from '../zod.ts';
import { ERROR_CODES } from './jsonrpc.ts';
import type { RpcError } from './messages.ts';
import {
  completeFrom,
  type Completion,
  type Outcome,
  type PageResource,
  type Resources,
  type TextResourceContents,
} from './resources.ts';
import { headPromptCatalog, type Prompt, type PromptArgument, type PromptName } from './prompt-catalog.ts';
import { closestMatches } from './tools/page-path.ts';
import { fill, languageOfPath, unlocalizedPath } from '../site/languages.ts';
import { plural } from '../site/plural.ts';
import { languageArgument } from './tools/language.ts';
import { pathIn, prefixOf, toolLanguages } from './tools/site-languages.ts';

/** The most resource links one prompt message carries. */
export const PROMPT_LINKS = 24;

/** The longest free-text prompt argument, in characters. */
const ARGUMENT_MAX = 200;

type Content =
  | { type: 'text'; text: string }
  | { type: 'resource'; resource: TextResourceContents }
  | ({ type: 'resource_link' } & PageResource);

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: Content;
}

export interface GetPromptResult {
  description: string;
  messages: PromptMessage[];
}

export interface Prompts {
  list: readonly Prompt[];
  get(name: string, args: Record<string, string>): Promise<Outcome<GetPromptResult>>;
  /** Completion of a prompt argument. */
  complete(name: string, argument: string, value: string): Promise<Outcome<Completion>>;
}

const user = (content: Content): PromptMessage => ({ role: 'user', content });
const text = (value: string): PromptMessage => user({ type: 'text', text: value });

const invalid = (message: string, data?: unknown): { ok: false; error: RpcError } => ({
  ok: false,
  error: { code: ERROR_CODES.invalidParams, message, ...(data === undefined ? {} : { data }) },
});

const topicSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'is empty' }),
    z.maxLength(ARGUMENT_MAX, { error: `is longer than ${ARGUMENT_MAX} characters` }),
  );

/** The fields start_conversation sends, one line each, named and described by its input schema. */
function leadFields(head: Head): string[] {
  const descriptor = head.tools.find((tool) => tool.name === 'start_conversation');
  const schema = descriptor?.inputSchema as
    { properties?: Record<string, { description?: string }>; required?: string[] } | undefined;
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(
    ([name, property]) =>
      `- ${name} (${required.has(name) ? 'required' : 'optional'})${property.description ? `: ${property.description}` : ''}`,
  );
}

/** Long: a factory: the catalog, the page index and the language's strings are shared by the three prompts it builds and their completion. */
export function createPrompts(head: Head, artefacts: ArtefactReader, resources: Resources): Prompts {
  const { site } = head;
  const catalog = headPromptCatalog(head);
  const list = toolLanguages(head);
  // On a site in more than one language every prompt takes an optional language (prompt-catalog.ts),
  // read as the tools read theirs (a code in any case, a regional variant, a language's name).
  const language = languageArgument(head, 'The language of the pages and of the answer');
  const specs = {
    company_brief: { prompt: catalog.company_brief, schema: z.strictObject({ ...language }) },
    relevant_work: { prompt: catalog.relevant_work, schema: z.strictObject({ topic: topicSchema, ...language }) },
    contact_request: {
      prompt: catalog.contact_request,
      schema: z.strictObject({ topic: z.optional(topicSchema), ...language }),
    },
  } as const satisfies Record<PromptName, unknown>;
  /** The pages of `code` (every page on a one-language site). */
  const inLanguage = (code: string | undefined) => (path: string) =>
    !list || languageOfPath(list, path) === (code ?? list.default);
  /** What the prompts say in `code` (the default language without one): its `mcp` strings and follow-up sentence. */
  const wordsOf = async (code: string | undefined) => artefacts.messages(code);
  const names = Object.keys(specs) as PromptName[];
  const isPromptName = (name: string): name is PromptName => Object.hasOwn(specs, name);

  const index = async (): Promise<readonly PageIndexEntry[]> => (await artefacts.pageIndex()).pages;
  const linkTo = (resource: PageResource): PromptMessage => user({ type: 'resource_link', ...resource });
  const embed = async (path: string): Promise<PromptMessage[]> => {
    const contents = await resources.contentsOf(path);
    return contents ? [user({ type: 'resource', resource: contents })] : [];
  };
  const links = async (paths: readonly string[]): Promise<PromptMessage[]> => {
    const found = await Promise.all(paths.slice(0, PROMPT_LINKS).map((path) => resources.resourceOf(path)));
    return found.filter((resource) => resource !== undefined).map(linkTo);
  };

  /** The published industries and services of a language, by the name a person would type. */
  const topics = async (code: string | undefined) => {
    const [listing, pages] = await Promise.all([artefacts.caseStudies(code), index()]);
    const services = pages
      .filter(([path, , kind]) => kind === 'service' && inLanguage(code)(path))
      .map(([path, title]) => ({ path, title }));
    return { listing, services, industries: listing.industries };
  };

  const companyBrief = async (code: string | undefined): Promise<GetPromptResult> => {
    const pages = (await index()).filter(([path]) => inLanguage(code)(path));
    const home = pathIn(head, code, '/');
    const linked = pages
      .filter(
        ([path, , kind]) =>
          path !== home &&
          (kind === 'service' ||
            kind === 'page' ||
            (kind === 'listing' && (list ? unlocalizedPath(list, path) : path).split('/').length === 2)),
      )
      .map(([path]) => path);
    const { mcp } = await wordsOf(code);
    return {
      description: specs.company_brief.prompt.description,
      messages: [
        text(
          fill(mcp.promptBrief!, {
            company: site.name,
            site: `${site.baseUrl}${prefixOf(head, code)}`,
          }),
        ),
        ...(await embed(home)),
        ...(await links(linked)),
      ],
    };
  };

  const relevantWork = async (topic: string, code: string | undefined): Promise<Outcome<GetPromptResult>> => {
    const { listing, services, industries } = await topics(code);
    const wanted = topic.toLowerCase();
    const industry = industries.find(
      (facet) => facet.name.toLowerCase() === wanted || facet.slug.toLowerCase() === wanted,
    );
    const service = services.find(
      (entry) => entry.title.toLowerCase() === wanted || entry.path.split('/').at(-1) === wanted,
    );
    if (!industry && !service) {
      const candidates = [...industries.map((facet) => facet.name), ...services.map((entry) => entry.title)];
      const closest = closestMatches(topic, candidates);
      return invalid(
        `Invalid arguments for prompt relevant_work: topic ${JSON.stringify(topic.slice(0, ARGUMENT_MAX))} is neither an industry nor a service of ${site.name}. ` +
          `Closest: ${closest.join(', ')}. completion/complete (ref/prompt relevant_work, argument topic) suggests the published ones.`,
        { closest },
      );
    }
    const matching = listing.items.filter(
      (item) => (industry && item.industry === industry.name) || (service && item.services.includes(service.title)),
    );
    const { mcp, counts, language } = await wordsOf(code);
    const industryLabel = industry && fill(mcp.promptWorkIndustry!, { name: industry.name });
    const serviceLabel = service && fill(mcp.promptWorkService!, { name: service.title });
    const label =
      industryLabel && serviceLabel
        ? fill(mcp.promptWorkBoth!, { industry: industryLabel, service: serviceLabel })
        : (industryLabel ?? serviceLabel)!;
    const shown = matching.slice(0, SERVICE_CASE_STUDIES);
    const paths = shown.map((item) => item.url.slice(site.baseUrl.length));
    const values = { company: site.name, count: matching.length, label, shown: shown.length };
    const counted = (key: 'promptWorkAll' | 'promptWorkNewest' | 'promptWorkNewestIndustry') =>
      plural(counts[key]!, matching.length, language.locale);
    const found =
      matching.length === 0
        ? fill(mcp.promptWorkNone!, values)
        : matching.length > shown.length
          ? industry
            ? fill(counted('promptWorkNewestIndustry'), { ...values, industry: industry.name })
            : fill(counted('promptWorkNewest'), values)
          : fill(counted('promptWorkAll'), values);
    const summary = matching.length === 0 ? found : `${found} ${mcp.promptWorkRead!}`;
    return {
      ok: true,
      value: {
        description: `${site.name}'s work for ${label}.`,
        messages: [
          text(`${fill(mcp.promptWork!, { company: site.name, topic })} ${summary}`),
          ...(service ? await embed(service.path) : []),
          ...(await links(paths)),
        ],
      },
    };
  };

  const contactRequest = async (topic: string | undefined, code: string | undefined): Promise<GetPromptResult> => {
    const fields = leadFields(head);
    const { mcp, followUp } = await wordsOf(code);
    const company = site.name;
    return {
      description: specs.contact_request.prompt.description,
      messages: [
        text(
          [
            topic ? fill(mcp.promptContactAbout!, { company, topic }) : fill(mcp.promptContact!, { company }),
            `${mcp.promptContactAsk!}\n${fields.join('\n')}`,
            fill(mcp.promptContactShow!, { company, followUp }),
            mcp.promptContactConsent!,
            fill(mcp.promptContactReference!, { email: site.contactEmail }),
            ...(list ? [fill(mcp.promptContactLanguage!, { code: code ?? list.default })] : []),
          ].join('\n\n'),
        ),
      ],
    };
  };

  return {
    list: names.map((name) => specs[name].prompt),

    async get(name, args) {
      if (!isPromptName(name))
        return invalid(
          `Unknown prompt: ${JSON.stringify(name.slice(0, 100))}. Available prompts: ${names.join(', ')}.`,
          {
            availablePrompts: names,
          },
        );
      const declared: readonly PromptArgument[] = specs[name].prompt.arguments;
      const missing = declared.find((argument) => argument.required && args[argument.name] === undefined);
      if (missing)
        return invalid(`Invalid arguments for prompt ${name}: ${missing.name} is required (${missing.description}).`);
      const parsed = specs[name].schema.safeParse(args);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const names = declared.map((argument) => argument.name);
        const problem =
          issue.code === 'unrecognized_keys'
            ? `unknown argument ${issue.keys.join(', ')}; it takes ${names.length ? names.join(', ') : 'no arguments'}`
            : `${issue.path.map(String).join('.') || 'arguments'} ${issue.message}`;
        return invalid(`Invalid arguments for prompt ${name}: ${problem}.`);
      }
      const data = parsed.data as { topic?: string; language?: string };
      if (name === 'company_brief') return { ok: true, value: await companyBrief(data.language) };
      if (name === 'relevant_work') return relevantWork(data.topic!, data.language);
      return { ok: true, value: await contactRequest(data.topic, data.language) };
    },

    async complete(name, argument, value) {
      if (!isPromptName(name))
        return invalid(
          `Unknown prompt: ${JSON.stringify(name.slice(0, 100))}. Available prompts: ${names.join(', ')}.`,
        );
      const declared: string[] = specs[name].prompt.arguments.map((entry) => entry.name);
      if (!declared.includes(argument))
        return invalid(
          `Prompt ${name} has no argument ${JSON.stringify(argument.slice(0, 100))}; ` +
            (declared.length ? `its arguments: ${declared.join(', ')}.` : 'it takes no arguments.'),
        );
      // Every language's industries and services: completion does not know the language argument.
      const all = await Promise.all((list?.codes ?? [undefined]).map((code) => topics(code)));
      const services = [...new Map(all.flatMap((one) => one.services).map((entry) => [entry.title, entry])).values()];
      const industries = [
        ...new Map(all.flatMap((one) => one.industries).map((facet) => [facet.name, facet])).values(),
      ];
      const candidates =
        name === 'relevant_work'
          ? [...industries.map((facet) => facet.name), ...services.map((entry) => entry.title)]
          : services.map((entry) => entry.title);
      return { ok: true, value: completeFrom(candidates, value) };
    },
  };
}
