/**
 * The `language` argument of the tools on a site that publishes more than one language: an enum
 * of the site's language codes, the default first, optional (without it: the default language,
 * or for search_site the language the query is written in). Agents write languages many ways, so
 * the argument also takes a code in any case, a regional variant of a published language
 * ("pt-PT" for "pt") and the language's name in English or in itself ("Dutch", "Nederlands");
 * each becomes the code before the enum checks it. A one-language site's tools have no such
 * argument (their strict schemas refuse it as unknown), so its tools are as they always were.
 */
import type { ToolInfo } from '../../artefacts/schema.ts';
import * as z from '../../zod.ts';
import { languageLabel, toolLanguages } from './site-languages.ts';

/**
 * The optional `language` argument as a schema shape to spread into a tool's input, `{}` on a
 * one-language site. `about` says what the language chooses, `otherwise` what happens without it.
 */
export function languageArgument(
  info: Pick<ToolInfo, 'languages' | 'languageNames' | 'ownLanguageNames'>,
  about: string,
  otherwise?: string,
) {
  const languages = toolLanguages(info);
  if (!languages) return {};
  const byKey = new Map<string, string>();
  for (const code of languages.codes) {
    byKey.set(code, code);
    const name = info.languageNames?.[code];
    if (name) byKey.set(name.toLowerCase(), code);
    const own = info.ownLanguageNames?.[code];
    if (own) byKey.set(own.toLowerCase(), code);
  }
  const canonical = (input: unknown) => {
    if (typeof input !== 'string') return input;
    const key = input.trim().toLowerCase().replace(/_/g, '-');
    return byKey.get(key) ?? byKey.get(key.split('-')[0]!) ?? input;
  };
  const [first, ...rest] = languages.codes as [string, ...string[]];
  const listed = languages.codes.map((code) => languageLabel(info, code)).join(', ');
  return {
    language: z
      .optional(z.pipe(z.transform(canonical), z.enum([first, ...rest])))
      .check(
        z.describe(
          `${about}: one of ${listed}. ${otherwise ?? `Without it, ${languageLabel(info, languages.default)}.`}`,
        ),
      ),
  };
}
