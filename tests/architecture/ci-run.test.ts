/**
 * .ci/run runs what `npm run lint` and `npm run check` run, part for part, without calling the
 * two scripts (it builds once and runs their parts two at a time): a part added to either script
 * in package.json and not to .ci/run, or left behind there, fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../support/sample-site.ts';

const scripts = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
const ciRun = readFileSync(path.join(ROOT, '.ci/run'), 'utf8');

/** The commands a command line runs, `npm run <script>` followed into package.json, in order. */
function commandsOf(line: string): string[] {
  return line
    .split('&&')
    .map((part) => part.trim())
    .flatMap((part) => {
      const script = /^npm run ([\w:-]+)$/.exec(part)?.[1];
      if (!script) return [part.replace(/^npx /, '')];
      const body = scripts[script];
      if (body === undefined)
        throw new Error(`.ci/run or package.json runs npm run ${script}, which package.json lacks`);
      return commandsOf(body);
    });
}

/** The command lines .ci/run runs for the checks: its build and the two arguments of `both`. */
function ciCommands(): string[] {
  const build = /^npx (astro build --silent)$/m.exec(ciRun)?.[1];
  const both = /^both "([^"]+)" \\\n\s+"([^"]+)"$/m.exec(ciRun);
  expect(build, '.ci/run builds once for the checks').toBeDefined();
  expect(both, '.ci/run runs the checks with both "…" "…"').not.toBeNull();
  return [build!, ...commandsOf(both![1]!), ...commandsOf(both![2]!)];
}

describe('.ci/run and package.json', () => {
  test('.ci/run runs every part of npm run lint and npm run check, and nothing else, building once', () => {
    const scripted = [...commandsOf(scripts.lint!), ...commandsOf(scripts.check!)];
    const ci = ciCommands();
    expect(new Set(ci)).toEqual(new Set(scripted));
    expect(ci.filter((command) => command.startsWith('astro build'))).toHaveLength(1);
    // Every part still stands alone: lint and check each build first.
    expect(scripted.filter((command) => command.startsWith('astro build')).length).toBeGreaterThanOrEqual(2);
  });

  test('.ci/run runs the README test command, npm test', () => {
    expect(ciRun).toMatch(/^npm test$/m);
  });
});
