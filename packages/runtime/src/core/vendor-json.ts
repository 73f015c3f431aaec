/**
 * A vendor's JSON, read without losing integers. JSON.parse turns an integer beyond ±(2^53−1) into
 * the nearest double, so two of Gong's int64 ids (6843152929075440037 and …038, gong-openapi.json
 * `Scorecard.scorecardId`) both read as 6843152929075440000. Such an integer is read here as the
 * string of its exact digits; every other value as JSON.parse reads it (a repeated key keeps its
 * last value, `__proto__` is an own key). The exact parser (lossless-json, a JavaScript parser,
 * slower than the built-in one) runs only for a text holding a number of 16 or more digits.
 */
import { isInteger, isSafeNumber, parse } from 'lossless-json';

/** A number token of 16 digits or more: after `:`, `,` or `[` (or at the start), outside a string in valid JSON. */
const LONG_NUMBER = /(?:^|[:,[])\s*-?\d{16}/;

export function parseVendorJson(text: string): unknown {
  return LONG_NUMBER.test(text) ? parseExactly(text) : JSON.parse(text);
}

/** The exact reading, whatever the text holds (exported for the tests that compare it with JSON.parse). */
export function parseExactly(text: string): unknown {
  return parse(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue });
}

/** An integer JavaScript cannot hold exactly stays its digits; any other number is a number. */
function exactNumber(token: string): number | string {
  return isInteger(token) && !isSafeNumber(token) ? token : Number(token);
}
