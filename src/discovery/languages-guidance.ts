/**
 * What the agent-facing docs (/mcp.md and the agent skill) say about a multilingual site's
 * languages: which there are, where each language's pages and profiles live, the headers that
 * tie a page's versions together, and how the read tools take a language. Written once, in
 * English like the rest of those docs; a one-language site gets nothing.
 */
import type { RootContent } from 'mdast';
import { md } from '../markdown/mdast.ts';
import { pageAlternates, type SiteModel } from '../model/model.ts';
import { inlineCode } from './doc-blocks.ts';
import { llmsLanguages } from './llms-languages.ts';

const code = inlineCode;

/** `English (`en`, the default), Dutch (`nl`) and Portuguese (`pt`)`. */
function languageNames(model: SiteModel) {
  const languages = llmsLanguages(model);
  return languages.flatMap((language, index) => [
    ...(index ? [md.text(index === languages.length - 1 ? ' and ' : ', ')] : []),
    md.text(`${language.englishName} (`),
    code(language.code),
    md.text(index === 0 ? ', the default)' : ')'),
  ]);
}

/** `en`, `nl`, `pt` as code spans. */
function codes(model: SiteModel) {
  return model.languages.codes.flatMap((value, index) => [...(index ? [md.text(', ')] : []), code(value)]);
}

/** A translated page of the second language, to show the form of its paths (`/nl/services/x`). */
function examplePath(model: SiteModel): string {
  const second = model.languages.codes[1]!;
  const translated = model.sitePages.find(
    (page) => page.entry && pageAlternates(model, page).some((alternate) => alternate.language === second),
  );
  const alternate = translated && pageAlternates(model, translated).find((item) => item.language === second);
  return alternate?.path ?? model.languages.models.get(second)!.routes.home;
}

/** The languages section's blocks (without its heading); empty on a one-language site. */
export function languagesGuidance(model: SiteModel): RootContent[] {
  if (model.languages.codes.length < 2) return [];
  const example = examplePath(model);
  const second = model.languages.codes[1]!;
  return [
    md.paragraph('The site is published in ', ...languageNames(model), '. Not every page is translated.'),
    md.list([
      [
        md.text('Pages: the default language at the root, every other one under its code, '),
        code(`/<code>/<path>`),
        md.text(' (e.g. '),
        code(example),
        md.text('). Every page, as HTML and as Markdown, answers with '),
        code('Content-Language'),
        md.text(', and a page that has translations links each of them with '),
        code('Link: <…>; rel="alternate"; hreflang="<code>"'),
        md.text(' (plus '),
        code('x-default'),
        md.text(', the default language’s version); the sitemap lists the same.'),
      ],
      [
        md.text('Profiles: every language has its own '),
        code(`/<code>/llms.txt`),
        md.text(' and '),
        code(`/<code>/llms-full.txt`),
        md.text(' (e.g. '),
        code(model.languages.models.get(second)!.routes.llms),
        md.text('); each llms.txt lists them all under '),
        code('## Languages'),
        md.text('.'),
      ],
      [
        md.text('Tools: the read tools take an optional '),
        code('language'),
        md.text(' argument, one of '),
        ...codes(model),
        md.text('. '),
        code('search_site'),
        md.text(
          ' without one searches in the language the query is written in, in that language’s pages only. Each result says its language and lists its translations; ' +
            'get_page_markdown with a language returns the page’s translation (or says which languages it has), the list tools list that language’s entries, ' +
            'and the prompts and start_conversation take the same argument. Tool names, arguments and these docs are English; answers and tool errors are in the language asked for.',
        ),
      ],
    ]),
  ];
}
