/**
 * MCP protocol revisions this server speaks. One list, used by the handler, the OpenAPI
 * description, the server card and the developer docs.
 */

/** The stateless 2026 revision: no initialize; version, client info and capabilities travel in `params._meta`. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;

/** The session-era revisions named by the contract, newest first. */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

/** Every revision served, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS] as const;

export type LegacyProtocolVersion = (typeof LEGACY_PROTOCOL_VERSIONS)[number];
export type ModernProtocolVersion = (typeof MODERN_PROTOCOL_VERSIONS)[number];
export type ProtocolVersion = (typeof SUPPORTED_PROTOCOL_VERSIONS)[number];

/** What a 2025-era client gets when it asks for a version we do not speak. */
export const LATEST_LEGACY_VERSION: LegacyProtocolVersion = LEGACY_PROTOCOL_VERSIONS[0];

/** Assumed by 2025-06-18+ servers when a request carries no MCP-Protocol-Version header. */
export const DEFAULT_HEADER_VERSION: LegacyProtocolVersion = '2025-03-26';
