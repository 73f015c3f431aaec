/**
 * Where an OAuth token request goes. An absolute `tokenUrl` is used as is; a relative one is a URL
 * reference resolved against the connector's base URL (the caller's `baseUrl` override included),
 * so a connector pointed at a proxy or a local fake also gets its tokens there instead of from the
 * production host. `/oauth/token` keeps only the base URL's origin; `oauth/token` goes below its path.
 */
export function resolveTokenUrl(tokenUrl: string, baseUrl: string | undefined): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(tokenUrl)) return tokenUrl;
  if (!baseUrl) throw new Error(`the relative token URL ${JSON.stringify(tokenUrl)} needs a base URL`);
  // The base URL is a directory: "https://h/crm/v3" + "oauth/token" → "https://h/crm/v3/oauth/token".
  return new URL(tokenUrl, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
}
