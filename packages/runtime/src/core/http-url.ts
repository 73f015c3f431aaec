/**
 * The one rule for a base URL that calls are sent to (a connector's `baseUrl` in both modes, the
 * CLI's `--base-url` and `--service`, the service's vendor base URLs and public URL, the cloud
 * client's roots): an absolute http or https URL, without credentials (they would show wherever
 * the URL is logged) and without a query or fragment (each call's path and query are appended to
 * it: `…/api?x=1` would send `…/api?x=1/users.list`). Checked where the URL is given, so a bad one
 * is a configuration error then and there, not a ConnectionError (retried, as a dropped connection
 * is) or a 404 at the first call.
 *
 * The reason never repeats the URL, which may carry a secret.
 */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https URLs are allowed';
  if (url.username || url.password) return 'the URL must not carry credentials';
  // `url.search` is '' for a bare trailing '?', which would still be appended to.
  if (value.includes('?') || value.includes('#')) return "the URL must not carry a query or fragment (each call's path is appended to it)";
  return undefined;
}
