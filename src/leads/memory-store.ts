/**
 * An in-memory LeadStore for tests and local tools; nothing survives the process. Its work is
 * synchronous, so each method returns an already settled promise.
 */
import type { Lead } from './schema.ts';
import { newestFirst, type DedupeClaim, type LeadStore } from './store.ts';

export interface MemoryLeadStore extends LeadStore {
  /** The stored leads in insertion order (for assertions). */
  readonly leads: readonly Lead[];
}

export function createMemoryLeadStore(initial: Lead[] = []): MemoryLeadStore {
  const leads: Lead[] = initial.map((lead) => structuredClone(lead));
  // Duplicate markers; initial leads mark their keys (the newest lead per key wins).
  const markers = new Map<string, DedupeClaim>();
  for (const lead of [...leads].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    markers.set(lead.dedupeKey, { reference: lead.reference, createdAt: lead.createdAt });
  }
  const indexOf = (reference: string) => leads.findIndex((existing) => existing.reference === reference);
  return {
    get leads() {
      return leads;
    },
    insert(lead) {
      if (indexOf(lead.reference) >= 0) return Promise.resolve(false);
      leads.push(structuredClone(lead));
      return Promise.resolve(true);
    },
    claimDedupe(dedupeKey, claim, now, windowMs, graceMs) {
      const earlier = markers.get(dedupeKey);
      if (earlier) {
        const age = now.getTime() - Date.parse(earlier.createdAt);
        const expired = !(age >= 0 && age < windowMs);
        const orphaned = age >= graceMs && indexOf(earlier.reference) < 0;
        if (!expired && !orphaned) return Promise.resolve({ claimed: false, earlier: { ...earlier } });
      }
      markers.set(dedupeKey, { ...claim });
      return Promise.resolve({ claimed: true });
    },
    releaseDedupe(dedupeKey, reference) {
      if (markers.get(dedupeKey)?.reference === reference) markers.delete(dedupeKey);
      return Promise.resolve();
    },
    findByDedupeKey(dedupeKey) {
      const marker = markers.get(dedupeKey);
      const lead = marker && leads.find((existing) => existing.reference === marker.reference);
      return Promise.resolve(lead && structuredClone(lead));
    },
    get(reference) {
      const lead = leads.find((existing) => existing.reference === reference);
      return Promise.resolve(lead && structuredClone(lead));
    },
    list() {
      return Promise.resolve({ leads: leads.map((lead) => structuredClone(lead)).sort(newestFirst), unreadable: [] });
    },
    update(lead) {
      const index = indexOf(lead.reference);
      if (index < 0) return Promise.resolve(false);
      leads[index] = structuredClone(lead);
      return Promise.resolve(true);
    },
    delete(reference) {
      const index = indexOf(reference);
      if (index < 0) return Promise.resolve(false);
      const [removed] = leads.splice(index, 1);
      if (removed && markers.get(removed.dedupeKey)?.reference === reference) markers.delete(removed.dedupeKey);
      return Promise.resolve(true);
    },
  };
}
