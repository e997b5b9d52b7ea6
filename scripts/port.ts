/**
 * The port a local server listens on, from `PORT`: `npm start` (scripts/start.mjs) and
 * `npm run dev` (scripts/dev.ts) read it the same way and refuse the same values.
 */

/** `value` (PORT, else `fallback`) as a TCP port, or the sentence to print for anything else. */
export function portOf(
  value: string | undefined,
  fallback: number,
  command: string,
): { port: number } | { error: string } {
  const port = value ?? String(fallback);
  if (!/^\d{2,5}$/.test(port) || Number(port) > 65535)
    return { error: `PORT must be a TCP port number (got "${port}"). Example: PORT=${fallback + 2} ${command}` };
  return { port: Number(port) };
}
