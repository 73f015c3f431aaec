/** Cursors shown in errors: a cursor may be a vendor's next URL, and URLs may carry credentials. */
const REDACTED = '[REDACTED]';
/**
 * Query parameter names that carry credentials in token-bearing and pre-signed URLs (S3, GCS,
 * Azure SAS). Page tokens (`pageToken`, `next_page_token`) are cursors, not credentials: kept.
 */
const SECRET_PARAM =
  /^(?:token|auth|key|sig|code|apikey|session(?:_?id)?|x-amz-security-token)$|secret|password|passwd|signature|credential|access_?token|refresh_?token|id_?token|api_?key/i;
const MAX_SHOWN = 200;

/**
 * A cursor as it may appear in an error: userinfo is dropped from a URL and secret-looking
 * query (or fragment) values are replaced; long cursors are shortened. Text is edited in place
 * rather than re-serialised, so the rest of the cursor reads exactly as the vendor sent it.
 */
export function redactCursor(cursor: unknown): string {
  const text = typeof cursor === 'object' && cursor !== null ? JSON.stringify(cursor) : String(cursor);
  const shown = text
    .replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1')
    .replace(/([?&#;])([^=&#;?]+)=([^&#;]*)/g, (all, separator: string, name: string) =>
      SECRET_PARAM.test(decodeSafe(name)) ? `${separator}${name}=${REDACTED}` : all,
    );
  return shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN - 3)}...` : shown;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
