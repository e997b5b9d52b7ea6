/**
 * The one way the server code logs an unexpected error: what failed and where, never what it was
 * about. An error's message may quote its input (Node's JSON.parse quotes the text it could not
 * parse, a validation library its value, an HTTP client its URL), and the input of this site's
 * API is personal data (a lead's name, e-mail address, message). So a log line carries the
 * error's class name, its `code` when it has a short one, and the stack's frames (file and line),
 * and drops every message, of the error and of its causes.
 */

/** How many stack frames a log line keeps: enough to find the place, short enough to read. */
const MAX_FRAMES = 8;

const SAFE_CODE = /^[A-Za-z0-9_.-]{1,40}$/;

/** `TypeError (ERR_X) at f (file:1:2) < g (file:3:4)`: no message, no data. */
export function describeErrorForLog(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return `a thrown ${error === null ? 'null' : typeof error}`;
  const name = SAFE_CODE.test(error.name) ? error.name : 'Error';
  const code = (error as { code?: unknown }).code;
  const codePart =
    typeof code === 'string' && SAFE_CODE.test(code) ? ` (${code})` : typeof code === 'number' ? ` (${code})` : '';
  // V8 starts the stack with the error's toString(), whose message may span lines (and a line of
  // it may start with "at "): cut that off before picking frames.
  const stack = error.stack ?? '';
  const header = String(error);
  const framesText = stack.startsWith(header) ? stack.slice(header.length) : stack;
  const frames = framesText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, MAX_FRAMES)
    .map((line) => line.slice(3));
  const cause =
    error.cause === undefined || depth >= 3 ? '' : `; caused by ${describeErrorForLog(error.cause, depth + 1)}`;
  return `${name}${codePart}${frames.length > 0 ? ` at ${frames.join(' < ')}` : ''}${cause}`;
}

/** Writes `<where>: <describeErrorForLog(error)>` with `write` (console.error by default). */
export function logError(where: string, error: unknown, write: (line: string) => void = console.error): void {
  write(`${where}: ${describeErrorForLog(error)}`);
}
