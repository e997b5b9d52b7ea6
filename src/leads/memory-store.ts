/** An in-memory LeadStore for tests and local tools; nothing survives the process. */
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
    async insert(lead) {
      if (indexOf(lead.reference) >= 0) return false;
      leads.push(structuredClone(lead));
      return true;
    },
    async claimDedupe(dedupeKey, claim, now, windowMs, graceMs) {
      const earlier = markers.get(dedupeKey);
      if (earlier) {
        const age = now.getTime() - Date.parse(earlier.createdAt);
        const expired = !(age >= 0 && age < windowMs);
        const orphaned = age >= graceMs && indexOf(earlier.reference) < 0;
        if (!expired && !orphaned) return { claimed: false, earlier: { ...earlier } };
      }
      markers.set(dedupeKey, { ...claim });
      return { claimed: true };
    },
    async releaseDedupe(dedupeKey, reference) {
      if (markers.get(dedupeKey)?.reference === reference) markers.delete(dedupeKey);
    },
    async findByDedupeKey(dedupeKey) {
      const marker = markers.get(dedupeKey);
      const lead = marker && leads.find((existing) => existing.reference === marker.reference);
      return lead && structuredClone(lead);
    },
    async get(reference) {
      const lead = leads.find((existing) => existing.reference === reference);
      return lead && structuredClone(lead);
    },
    async list() {
      return { leads: leads.map((lead) => structuredClone(lead)).sort(newestFirst), unreadable: [] };
    },
    async update(lead) {
      const index = indexOf(lead.reference);
      if (index < 0) return false;
      leads[index] = structuredClone(lead);
      return true;
    },
    async delete(reference) {
      const index = indexOf(reference);
      if (index < 0) return false;
      const [removed] = leads.splice(index, 1);
      if (removed && markers.get(removed.dedupeKey)?.reference === reference) markers.delete(removed.dedupeKey);
      return true;
    },
  };
}
