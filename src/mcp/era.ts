/**
 * Which MCP revision family a message speaks. One endpoint serves both ("dual-era"):
 *
 * - modern (2026-07-28): the message declares a non-legacy version in
 *   `params._meta["io.modelcontextprotocol/protocolVersion"]`, or the `MCP-Protocol-Version`
 *   header names a modern version, or the method is `server/discover` (the modern probe);
 * - legacy (2025-11-25, 2025-06-18, 2025-03-26): everything else, so every 2025 client (which
 *   never sends those) is served exactly as before.
 */
import { META } from '../mcp-meta.ts';
import {
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
  SUPPORTED_PROTOCOL_VERSIONS,
  type LegacyProtocolVersion,
  type ModernProtocolVersion,
  type ProtocolVersion,
} from './versions.ts';

export type Era = 'legacy' | 'modern';

export const isSupportedVersion = (value: unknown): value is ProtocolVersion =>
  (SUPPORTED_PROTOCOL_VERSIONS as readonly unknown[]).includes(value);
export const isLegacyVersion = (value: unknown): value is LegacyProtocolVersion =>
  (LEGACY_PROTOCOL_VERSIONS as readonly unknown[]).includes(value);
export const isModernVersion = (value: unknown): value is ModernProtocolVersion =>
  (MODERN_PROTOCOL_VERSIONS as readonly unknown[]).includes(value);

/** The value at `params._meta[protocolVersion]`, undefined when absent. */
export function declaredVersion(params: Record<string, unknown> | undefined): unknown {
  const meta = params?._meta;
  return meta !== null && typeof meta === 'object'
    ? (meta as Record<string, unknown>)[META.protocolVersion]
    : undefined;
}

export function selectEra(
  method: string,
  params: Record<string, unknown> | undefined,
  headerVersion: string | undefined,
): Era {
  if (method === 'server/discover' || isModernVersion(headerVersion)) return 'modern';
  const declared = declaredVersion(params);
  return declared !== undefined && !isLegacyVersion(declared) ? 'modern' : 'legacy';
}
