/** Limits of the MCP protocol layer, one definition for the server, the OpenAPI description and the docs. */

/** Most messages in one JSON-RPC batch (batches exist only in the 2025-03-26 revision); more -> 400 / -32600. */
export const MAX_BATCH_LENGTH = 20;
