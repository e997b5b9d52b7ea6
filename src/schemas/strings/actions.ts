/**
 * The page actions: the menu at the top of a page (src/components/PageActions.astro) that copies
 * the page as Markdown, links to its Markdown and opens it in the AI assistants company.yaml
 * lists (`assistants`), with a question about the page in the page's language.
 */
import { z } from 'zod';
import { phrase } from './phrase.ts';

export const actionStrings = z.strictObject({
  /** The menu's button, which opens it: what the menu is for, e.g. "Use this page with AI". */
  menu: phrase([], 40),
  /** The button that copies the page's Markdown to the clipboard (shown where JavaScript runs). */
  copy: phrase([], 40),
  /** Shown and read out once the page's Markdown is on the clipboard. */
  copied: phrase([], 80),
  /** Shown and read out when the browser could not copy it: what to do instead (`view` is the other way). */
  copyFailed: phrase([], 160),
  /** The link to the page's Markdown, e.g. "View as Markdown". */
  view: phrase([], 40),
  /** A link that opens the page in an assistant; {assistant} is its `name` in company.yaml, e.g. "Open in {assistant}". */
  openIn: phrase(['assistant'], 60),
  /** Read out after each assistant's link (not shown): it opens in a new tab, e.g. "(opens in a new tab)". */
  newTab: phrase([], 60),
  /**
   * The question each assistant starts with, in this language: {url} is the page's address (the
   * question must have it), {title} its title, e.g. "Read {url} and answer my questions about it."
   */
  prompt: phrase(['url', 'title'], 300).refine((value) => value.includes('{url}'), {
    error:
      'must contain {url}, the page the assistant is asked to read, e.g. "Read {url} and answer my questions about it."',
  }),
});
