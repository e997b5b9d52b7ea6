/**
 * A cheap token estimate for `x-markdown-tokens`: about four characters per token, the rule of
 * thumb for English text with GPT-style tokenizers. It is an estimate for budgeting, not a count.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
