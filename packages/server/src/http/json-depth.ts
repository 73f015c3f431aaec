/**
 * How deeply a request body may nest arrays and objects, checked on its text before it is parsed.
 * The bound is far beyond any request the routes take (JSON-RPC messages, parameters, credentials)
 * and far below what recursive code down the line survives: the MCP SDK serializes the body it is
 * handed again, and overflowed its stack at about 5,000 levels (a 500 that said nothing).
 */
export const MAX_JSON_DEPTH = 512;

/** Whether JSON text nests deeper than `max` (brackets inside strings do not count). Malformed text is left to the parser. */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
