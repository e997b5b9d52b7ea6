/** An in-memory LeadStore for tests and local tools; nothing survives the process. */
import type { Lead } from './schema.ts';
import type { LeadStore } from './store.ts';

export interface MemoryLeadStore extends LeadStore {
  /** The stored leads in insertion order (for assertions). */
  readonly leads: readonly Lead[];
}

export function createMemoryLeadStore(initial: Lead[] = []): MemoryLeadStore {
  const leads: Lead[] = [...initial];
  return {
    get leads() {
      return leads;
    },
    async insert(lead) {
      if (leads.some((existing) => existing.reference === lead.reference)) return false;
      leads.push(structuredClone(lead));
      return true;
    },
    async findByDedupeKey(dedupeKey) {
      for (let i = leads.length - 1; i >= 0; i--) {
        const lead = leads[i]!;
        if (lead.dedupeKey === dedupeKey) return structuredClone(lead);
      }
      return undefined;
    },
    async get(reference) {
      const lead = leads.find((existing) => existing.reference === reference);
      return lead && structuredClone(lead);
    },
    async list() {
      return leads.map((lead) => structuredClone(lead)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  };
}
