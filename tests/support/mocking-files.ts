/**
 * The unit files that replace a module with vi.mock: each runs with modules of its own (the
 * 'unit-isolated' project of vitest.config.ts), since the other unit files share theirs.
 * tests/architecture/isolation.test.ts checks that the list is complete.
 */
export const MOCKING_FILES = ['tests/architecture/one-tool-list.test.ts', 'tests/schemas/collections.test.ts'];
