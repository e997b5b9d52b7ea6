/**
 * `npm run bench:traffic`: what counting costs per request (docs/traffic.md, "What it costs"),
 * measured on the traffic edge function's own code (src/traffic/counter.ts) in this process:
 * the same requests through a pass-through edge function (the baseline: it only calls
 * `context.next()`) and through the counter, alternating in rounds, with a next step that answers
 * at once, so the figures are the counter's own time. Writing is left out (a store that takes the
 * parts without work): it happens after the answer, once per instance every 30 s on Netlify.
 *
 * Prints per workload the median time per request of each, the counter's extra time and the
 * ratio, and the classifier's first use (its compilation, paid once per edge instance). The API
 * function's own part (a map update per answer, a send every 30 s) is in bench:mcp's figures.
 */
import { agentPatterns } from '../src/build/agent-patterns.ts';
import { createTrafficCounter, type CounterContext } from '../src/traffic/counter.ts';
import { createTrafficRecorder } from '../src/traffic/recorder.ts';
import { createClassifier } from '../src/traffic/classify.ts';

const ROUNDS = 7;
const REQUESTS = 4000;
const patterns = agentPatterns();

const agents = [
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'curl/8.5.0',
];
/** Distinct browser versions, so the classifier's cache of 256 strings is missed. */
const browser = (index: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (index % 900)}.0.${index}.0 Safari/537.36`;

const answer = new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } });
const context = (): CounterContext => ({
  deploy: { context: 'production' },
  waitUntil: () => {},
  next: () => Promise.resolve(answer.clone()),
});
const passThrough = (_request: Request, ctx: CounterContext) => ctx.next();

const workloads: { name: string; request: (index: number) => Request }[] = [
  {
    name: 'page, known agents (cached class)',
    request: (index) =>
      new Request('https://example.com/about', { headers: { 'User-Agent': agents[index % agents.length]! } }),
  },
  {
    name: 'page, a new browser each time',
    request: (index) => new Request('https://example.com/about', { headers: { 'User-Agent': browser(index) } }),
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function time(handler: typeof passThrough, make: (index: number) => Request): Promise<number> {
  const requests = Array.from({ length: REQUESTS }, (_, index) => make(index));
  const ctx = context();
  const started = performance.now();
  for (const request of requests) await handler(request, ctx);
  return ((performance.now() - started) * 1000) / REQUESTS;
}

const firstStarted = performance.now();
createClassifier(patterns)(agents[0]);
const firstUse = performance.now() - firstStarted;

console.log(`Traffic counter benchmark · ${new Date().toISOString()} · Node ${process.version}`);
console.log(`${REQUESTS} requests per run, ${ROUNDS} rounds alternating baseline and counter; medians of the rounds\n`);
console.log(
  `${'workload'.padEnd(38)}${'baseline µs'.padStart(12)}${'counter µs'.padStart(12)}${'extra µs'.padStart(10)}${'ratio'.padStart(8)}`,
);
for (const workload of workloads) {
  const recorder = createTrafficRecorder({ store: () => Promise.resolve({ write: () => Promise.resolve() }) });
  const count = createTrafficCounter({ patterns, recorder: () => recorder });
  const baseline: number[] = [];
  const counted: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baseline.push(await time(passThrough, workload.request));
    counted.push(await time(count, workload.request));
  }
  const [base, ours] = [median(baseline), median(counted)];
  console.log(
    `${workload.name.padEnd(38)}${base.toFixed(1).padStart(12)}${ours.toFixed(1).padStart(12)}${(ours - base).toFixed(1).padStart(10)}${`${(ours / base).toFixed(2)}x`.padStart(8)}`,
  );
}
console.log(
  `\nThe classifier's first use (compiling ${patterns.patterns.length} patterns and isbot's): ${firstUse.toFixed(1)} ms, once per instance.`,
);
console.log('Baseline: a pass-through edge function (context.next() only), with the same requests and next step.');
