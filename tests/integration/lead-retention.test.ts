/**
 * Retention end to end under netlify-cli: the scheduled function `lead-retention` (triggered by a
 * request to /.netlify/functions/lead-retention, as `netlify serve` allows) deletes the leads
 * received more than `leads.retentionDays` days ago (content/company.yaml) from the store the
 * site writes, and keeps every younger one. Two aged leads are written straight into the local
 * Blobs store (through the operator command's own store access, scripts/leads/target.ts), as if
 * they had been filed long ago; a fresh one comes in through the contact form. What is left is
 * read back with `npm run leads -- list --json`.
 */
import { describe, expect, inject, test } from 'vitest';
import { createLeadReference } from '../../src/lead-reference.ts';
import type { Lead } from '../../src/leads/schema.ts';
import { loadCompany } from '../../src/model/company.ts';
import { openTarget } from '../../scripts/leads/target.ts';
import { listStoredLeads } from '../support/run-leads.ts';
import { baseUrl, fetchFrom, randomLoopbackAddress, runId, runScheduledFunction } from './http.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const run = runId();

function agedLead(label: string, ageDays: number): Lead {
  const createdAt = new Date(Date.now() - ageDays * DAY_MS).toISOString();
  return {
    reference: createLeadReference(),
    createdAt,
    name: 'Retention Test',
    email: `retention-${label}-${run}@example.com`,
    message: `Retention test ${run}: a lead received ${ageDays} days ago.`,
    source: 'form',
    dedupeKey: `retention-test-${label}-${run}`,
    consent: { given: true, at: createdAt, statement: 'Retention test.', via: 'form-checkbox' },
    notification: { status: 'sent', attempts: 1, lastAttemptAt: createdAt },
  };
}

describe('lead retention (the scheduled function lead-retention)', () => {
  test(
    'deletes the leads older than leads.retentionDays and keeps the younger ones',
    { timeout: 120_000 },
    async () => {
      const projectRoot = inject('projectRoot');
      const { retentionDays } = loadCompany(projectRoot).leads;

      // A lead of today, through the form (this also creates the local store on a fresh clone).
      const email = `retention-fresh-${run}@example.com`;
      const response = await fetchFrom(randomLoopbackAddress())(`${baseUrl()}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Retention Test',
          email,
          message: `Retention test ${run}: a lead of today.`,
          consent: true,
        }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const fresh = ((await response.json()) as { reference: string }).reference;

      const expired = agedLead('expired', retentionDays + 1);
      const kept = agedLead('kept', retentionDays - 1);
      const target = await openTarget({ kind: 'local', projectDir: projectRoot });
      try {
        expect(target.store, 'the local store exists after a lead was filed').toBeDefined();
        expect(await target.store!.insert(expired)).toBe(true);
        expect(await target.store!.insert(kept)).toBe(true);
      } finally {
        await target.close();
      }
      const before = new Set((await listStoredLeads(projectRoot)).map((lead) => lead.reference));
      expect([fresh, kept.reference, expired.reference].every((reference) => before.has(reference))).toBe(true);

      await runScheduledFunction('lead-retention');

      const after = await listStoredLeads(projectRoot);
      const references = new Set(after.map((lead) => lead.reference));
      expect(
        references.has(expired.reference),
        `${expired.reference} (${retentionDays + 1} days old) was not deleted`,
      ).toBe(false);
      expect(references.has(kept.reference), `${kept.reference} (${retentionDays - 1} days old) was deleted`).toBe(
        true,
      );
      expect(references.has(fresh)).toBe(true);
      const cutoff = Date.now() - retentionDays * DAY_MS;
      expect(after.filter((lead) => Date.parse(lead.createdAt) < cutoff).map((lead) => lead.reference)).toEqual([]);
    },
  );
});
