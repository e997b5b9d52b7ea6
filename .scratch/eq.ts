import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isDeepStrictEqual } from 'node:util';
for (const f of process.argv.slice(2)) {
  const before = parse(execFileSync('git', ['show', `HEAD:${f}`], { encoding: 'utf8' }));
  const after = parse(readFileSync(f, 'utf8'));
  console.log(f, isDeepStrictEqual(before, after) ? 'same data' : 'DIFFERENT', JSON.stringify(Object.keys(after)));
  if (!isDeepStrictEqual(before, after)) for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) if (!isDeepStrictEqual(before[k], after[k])) console.log('  ', k, JSON.stringify(before[k])?.slice(0, 150), '->', JSON.stringify(after[k])?.slice(0, 150));
}
