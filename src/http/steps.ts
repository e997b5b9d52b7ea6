/**
 * An answer made by steps in order, one concern each (the API's are listed in api.ts). A step
 * gets what every step of the request reads (the exchange) and `next`, the steps after it: it
 * answers by itself (a refusal, a route's handler), or passes the request on with `next()` and
 * returns the answer that comes back, changed (its headers) or replaced (HEAD's, without a body).
 * So a step that must see every answer, whoever made it, comes before the steps that make them.
 *
 * The idea is the middleware `compose` of Koa and Hono; this one is the project's own, typed, with
 * only what the API needs: no framework, no context object beyond the exchange.
 */

/** The steps after the current one, run with the same exchange; the answer they make. */
export type Next = () => Promise<Response>;

/** One concern of an answer: answer the exchange, or call `next` and return (or change) what it answers. */
export type Step<Exchange> = (exchange: Exchange, next: Next) => Promise<Response>;

/**
 * The steps as one function: the first step runs first, and each one's `next` runs the one after
 * it. A step may call `next` once; the last step must answer, since there is nothing after it.
 * Either mistake is a programming error, and the answer's promise rejects with it.
 */
export function compose<Exchange>(steps: readonly Step<Exchange>[]): (exchange: Exchange) => Promise<Response> {
  if (steps.length === 0) throw new Error('compose needs a step that answers');
  return (exchange) => {
    let reached = -1;
    // async, so a step that throws (rather than rejects) rejects the answer's promise too.
    const run = async (index: number): Promise<Response> => {
      if (index <= reached) throw new Error(`step ${index - 1} called next() twice`);
      reached = index;
      const step = steps[index];
      if (!step) throw new Error(`step ${index - 1}, the last, called next(): no step answers`);
      return step(exchange, () => run(index + 1));
    };
    return run(0);
  };
}
