/**
 * The caller's intent on the execution service's wire: a tool call's one-sentence reason travels as
 * this header of an execute request (percent-encoded UTF-8), at most INTENT_MAX_LENGTH characters
 * (Unicode code points) once decoded. Defined here, where both sides can import it without the
 * other's weight: the MCP package's hosted connectors send it and declare the bound in their tool
 * schemas; the service checks it and records it in the audit log (its `audit/intent.ts`).
 */
export const INTENT_HEADER = 'x-switchyard-intent';
export const INTENT_MAX_LENGTH = 1000;
