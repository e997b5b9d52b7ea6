/**
 * The `## Languages` section of every language's llms.txt on a multilingual site: one line per
 * language, the default first, in a fixed form that readers (and `npm run audit`) parse:
 *
 *   - [Nederlands](https://www.example.com/nl/llms.txt): Dutch (nl); full text: https://www.example.com/nl/llms-full.txt
 *
 * the language's own name linking its llms.txt, its English name and code, and its
 * llms-full.txt. Only the heading is translated. A one-language site has no such section.
 */
import type { RootContent } from 'mdast';
import { md } from '../markdown/mdast.ts';
import type { SiteModel } from '../model/model.ts';
import { absoluteUrl } from '../site/urls.ts';

/** One language as the section lists it. */
export interface LlmsLanguage {
  code: string;
  name: string;
  englishName: string;
  llms: string;
  llmsFull: string;
}

/** Every language of the site with the absolute URLs of its llms.txt and llms-full.txt, the default first. */
export function llmsLanguages(model: SiteModel): LlmsLanguage[] {
  return model.languages.codes.map((code) => {
    const other = model.languages.models.get(code)!;
    return {
      code,
      name: other.strings.language.name,
      englishName: other.strings.language.englishName,
      llms: absoluteUrl(other.company.baseUrl, other.routes.llms),
      llmsFull: absoluteUrl(other.company.baseUrl, other.routes.llmsFull),
    };
  });
}

/** The section in the model's language; empty on a one-language site. */
export function languagesSection(model: SiteModel): RootContent[] {
  if (model.languages.codes.length < 2) return [];
  return [
    md.heading(2, model.strings.llms.languages),
    md.list(
      llmsLanguages(model).map((language) => [
        md.link(language.llms, language.name),
        md.text(`: ${language.englishName} (${language.code}); full text: ${language.llmsFull}`),
      ]),
    ),
  ];
}
