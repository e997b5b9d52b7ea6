/**
 * Loads and validates `content/company.yaml`. Used by the Astro build, the operator scripts and
 * the tests, so the facts have exactly one source.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { companySchema, type Company } from '../schemas/company.ts';

export const COMPANY_FILE = 'content/company.yaml';

/** Parses the company facts from YAML text; `file` only names the source in error messages. */
export function parseCompany(source: string, file = COMPANY_FILE): Company {
  let raw: unknown;
  try {
    raw = parse(source);
  } catch (cause) {
    throw new Error(`${file} is not valid YAML: ${(cause as Error).message}`, { cause });
  }
  const result = companySchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new Error(
      `${file} has invalid company facts:\n${problems.join('\n')}\nFix the fields above and build again.`,
      {
        cause: result.error,
      },
    );
  }
  return result.data;
}

/** Reads `content/company.yaml` under `root` (the project folder by default). */
export function loadCompany(root = process.cwd()): Company {
  const file = path.join(root, COMPANY_FILE);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new Error(`Cannot read ${COMPANY_FILE}: create it with the company's facts (see docs/content.md).`, {
      cause,
    });
  }
  return parseCompany(source, COMPANY_FILE);
}

export type { Company };
