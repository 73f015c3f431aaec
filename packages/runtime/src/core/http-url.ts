/**
 * Whether a base URL a caller gives is one the transport can send to: an absolute http or https URL.
 * Checked where the connector is made, so `baseUrl: 'api.example.com'` is a ConfigurationError then
 * and there, in both modes, not a ConnectionError (retried, as a dropped connection is) at the first call.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
