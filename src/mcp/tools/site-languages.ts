/**
 * The site's languages as the MCP server sees them (the head's `languages`, the default first,
 * and their names), for the tools, the prompts, the resources and the instructions. No zod here:
 * the modules loaded at start (the prompt catalog, the resources) use these too.
 */
import type { ToolInfo } from '../../artefacts/schema.ts';
import { languagePrefix, localizedPath, type LanguageList } from '../../site/languages.ts';

/** The site's languages as the tools see them, or undefined on a one-language site. */
export function toolLanguages(info: Pick<ToolInfo, 'languages'>): LanguageList | undefined {
  const codes = info.languages;
  return codes && codes.length > 1 ? { default: codes[0]!, codes } : undefined;
}

/** "nl (Dutch)": a code with its English name, for descriptions written in English. */
export function languageLabel(info: Pick<ToolInfo, 'languageNames'>, code: string): string {
  const name = info.languageNames?.[code];
  return name ? `${code} (${name})` : code;
}

/** A site path in `language` (`/llms.txt` -> `/nl/llms.txt`); the path itself on a one-language site. */
export function pathIn(info: Pick<ToolInfo, 'languages'>, language: string | undefined, path: string): string {
  const languages = toolLanguages(info);
  return languages && language ? localizedPath(languages, language, path) : path;
}

/** The path prefix of `language` (`''` for the default language and on a one-language site). */
export function prefixOf(info: Pick<ToolInfo, 'languages'>, language: string | undefined): string {
  const languages = toolLanguages(info);
  return languages && language ? languagePrefix(languages, language) : '';
}
