/**
 * How an OAuth token request carries its parameters (grant_type, refresh_token, client
 * credentials, extra params): a form-encoded body (RFC 6749's way), a JSON body, or the URL query
 * string with an empty body, which some vendors (Gong) require for their token endpoint.
 */
export type TokenBodyFormat = 'form' | 'json' | 'query';

export interface TokenRequestParts {
  url: string;
  /** The content-type header, absent when there is no body. */
  contentType?: string;
  body?: string | URLSearchParams;
}

export function tokenRequestParts(format: TokenBodyFormat, tokenUrl: string, params: Record<string, string>): TokenRequestParts {
  switch (format) {
    case 'json':
      return { url: tokenUrl, contentType: 'application/json', body: JSON.stringify(params) };
    case 'query': {
      const url = new URL(tokenUrl);
      for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
      return { url: url.toString() };
    }
    case 'form':
      return { url: tokenUrl, contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(params) };
  }
}
