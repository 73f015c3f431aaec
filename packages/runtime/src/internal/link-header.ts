/** Parses an RFC 8288 `Link` header into rel → URL. */
export function parseLinkHeader(header: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>(.*)/.exec(part.trim());
    if (!match) continue;
    const rel = /;\s*rel="?([^";]+)"?/i.exec(match[2]!);
    if (!rel) continue;
    for (const name of rel[1]!.trim().split(/\s+/)) links[name.toLowerCase()] = match[1]!;
  }
  return links;
}
