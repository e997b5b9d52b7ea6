/**
 * What a page's actions menu offers (src/components/PageActions.astro): its Markdown sibling, to
 * copy or view, and a link per AI assistant of company.yaml (`assistants`) that starts a
 * conversation about the page, asked in the page's language (strings.yaml `actions.prompt`).
 */
import type { SiteModel, SitePage } from '../model/model.ts';
import { PROMPT_PLACEHOLDER, type Assistant } from '../schemas/assistants.ts';
import { fill } from '../site/languages.ts';

/** One assistant's link in the menu. */
export interface AssistantLink {
  /** The assistant's name, as company.yaml writes it. */
  name: string;
  /** "Open in Claude", in the page's language. */
  label: string;
  /** The assistant's address with the question in it. */
  href: string;
}

/** What the menu of one page holds. */
export interface PageActionMenu {
  /** The page's Markdown sibling (`/x.md`, `/index.md` for `/`): what Copy copies and View opens. */
  markdownPath: string;
  /** The question the assistants are asked, before it is encoded into their addresses. */
  prompt: string;
  assistants: AssistantLink[];
}

/**
 * Whether a page shows the menu: every page that has a Markdown sibling, the home page, listings,
 * filters, entries and the company pages, except the contact page, whose purpose is its form
 * (docs/content.md, "Page actions").
 */
export function hasPageActions(model: SiteModel, page: SitePage): boolean {
  return !(page.kind === 'page' && page.path === model.routes.contact);
}

/** An assistant's address with `prompt` URL-encoded where its template has {prompt}. */
export function assistantHref(template: string, prompt: string): string {
  return template.replace(PROMPT_PLACEHOLDER, () => encodeURIComponent(prompt));
}

/** The menu of `page`, in the language of `model` (the page's own), or undefined where it shows none. */
export function pageActionsFor(
  model: SiteModel,
  page: SitePage,
  assistants: readonly Assistant[] = model.company.assistants,
): PageActionMenu | undefined {
  if (!hasPageActions(model, page)) return undefined;
  const words = model.strings.actions;
  const prompt = fill(words.prompt, { url: page.url, title: page.title });
  return {
    markdownPath: page.markdownPath,
    prompt,
    assistants: assistants.map((assistant) => ({
      name: assistant.name,
      label: fill(words.openIn, { assistant: assistant.name }),
      href: assistantHref(assistant.url, prompt),
    })),
  };
}
