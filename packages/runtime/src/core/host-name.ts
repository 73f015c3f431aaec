/**
 * DNS host-name syntax, the one definition both the template filler (a config value in a host
 * must be one label) and parameter validation (a config variable the spec declares `hostname`
 * is a whole host name) use.
 *
 * A host name is what the URL parser keeps as a host and nothing else: labels of letters, digits
 * and inner hyphens (at most 63 each, RFC 1035 §2.3.4) joined by single dots, at most 253 in all.
 * So no `/`, `@`, `:`, `?`, `#`, `%` or space can slip in and move the request to another host,
 * port or path. The last label may not be a number (`10.0.0.1`, `x.0x7f`): the URL parser would
 * read the host as an IPv4 address, or refuse it (RFC 3696 §2: a top-level domain is never
 * all-numeric). Which hosts are allowed is the spec's `pattern`, not this syntax.
 */

/** One DNS label: letters, digits and inner hyphens, at most 63 (RFC 1035 §2.3.4). */
const LABEL_SYNTAX = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** The ACE prefix (RFC 5890 §2.3.2.5): what follows it is Punycode (RFC 3492), which must decode. */
const ACE_PREFIX = /^xn--/i;
const MAX_HOST_NAME = 253;
/** What the WHATWG URL parser reads as a number in a host's last label (its "ends in a number" check). */
const NUMERIC_LABEL = /^(?:[0-9]+|0[xX][0-9A-Fa-f]*)$/;

/**
 * Whether `label` is one DNS label a URL parser keeps as it is (but for letter case). `xn--` labels
 * are checked by the platform's own URL parser (IDNA, UTS #46): most text after the prefix does not
 * decode and the parser refuses the whole host (`xn--zz`); `xn--mller-kva` (müller) passes.
 */
export function isHostLabel(label: string): boolean {
  if (!LABEL_SYNTAX.test(label)) return false;
  return !ACE_PREFIX.test(label) || keptByUrlParser(label);
}

function keptByUrlParser(label: string): boolean {
  const host = `${label}.invalid`;
  try {
    return new URL(`http://${host}/`).hostname === host.toLowerCase();
  } catch {
    return false;
  }
}

/** Why `value` is not a DNS host name, in words for an error message; undefined when it is one. */
export function hostNameProblem(value: string): string | undefined {
  if (value.length > MAX_HOST_NAME) return `is ${value.length} characters long; a host name has at most ${MAX_HOST_NAME}`;
  const labels = value.split('.');
  const bad = labels.find((label) => !isHostLabel(label));
  if (bad === '') return 'has an empty label (a leading, trailing or doubled dot)';
  if (bad !== undefined) {
    if (bad.length > 63) return `has a label of ${bad.length} characters; a label has at most 63`;
    if (LABEL_SYNTAX.test(bad)) return `has the label ${JSON.stringify(bad)}, which starts "xn--" but is not valid Punycode (RFC 3492)`;
    return `has the label ${JSON.stringify(bad.slice(0, 63))}; a label is letters, digits and inner hyphens only`;
  }
  if (NUMERIC_LABEL.test(labels.at(-1)!)) return 'ends in a number, which a URL reads as an IPv4 address, not a host name';
  return undefined;
}

/** The validation message of a value that is not a host name; undefined when it is one. */
export function hostNameMessage(value: string): string | undefined {
  const problem = hostNameProblem(value);
  if (problem === undefined) return undefined;
  return (
    `must be a host name (labels of letters, digits and inner hyphens joined by dots, such as api.example.com), ` +
    `because it is the host of the base URL; it ${problem}; got ${JSON.stringify(value.slice(0, 80))}`
  );
}
