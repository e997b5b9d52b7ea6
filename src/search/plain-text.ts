/** Reduces Markdown to plain words for indexing and snippets (no link targets, no syntax). */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n([\s\S]*?)```/g, '$1') // keep code, drop fences
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images -> alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links -> label
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '') // block markers
    .replace(/[*_`~|]+/g, '') // emphasis, code, table pipes
    .replace(/^\s*-{3,}\s*$/gm, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1') // escapes
    .replace(/\s+/g, ' ')
    .trim();
}
