/**
 * The vendor's own words about a failure (`vendorMessage` on ApiError and VendorError), kept apart
 * from the message so they can be shown to someone who did not configure the connector: the
 * execution service words its problems from them. Where the connector sends its requests is the
 * configuration of whoever set it up (in the service, the operator's `--vendor-base-url`, which may
 * name an internal proxy), and a vendor or a gateway in front of it may repeat the URL it was
 * asked for, so every mention of the request's host is taken out of the words.
 */

/** What stands in for a mention of the request's URL or host. */
export const VENDOR_URL = '[vendor URL]';

/**
 * `words` with every URL or bare host naming `url`'s host (with its scheme, userinfo, port, path
 * and query) replaced by VENDOR_URL; undefined when there are none (no words, or only blanks).
 */
export function vendorWords(words: string | undefined, url: string): string | undefined {
  if (words === undefined || words.trim() === '') return undefined;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return words;
  }
  // Longest first, so `host:port` goes whole before the bare host name is looked for.
  const names = [...new Set([target.host, target.hostname])].filter((name) => name !== '').sort((a, b) => b.length - a.length);
  let out = words;
  for (const name of names) {
    const mention = new RegExp(
      `(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:[^\\s/@"'<>]*@)?${escapeRegExp(name)}(?::\\d+)?(?:[/?#][^\\s"'<>)\\]]*)?`,
      'gi',
    );
    out = out.replace(mention, VENDOR_URL);
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
