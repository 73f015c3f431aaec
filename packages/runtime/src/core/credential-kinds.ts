/** How credential kinds are named in messages, the same in open-source and hosted mode. */
import type { AuthKind } from './metadata.js';

/** `Token { api_token } | OAuth { access_token, refresh_token? }`: the fields of each kind, optional ones marked. */
export function describeCredentialKinds(kinds: readonly AuthKind[]): string {
  return kinds
    .map(
      (k) =>
        `${k.name} { ${Object.entries(k.fields)
          .map(([n, f]) => (f.required ? n : `${n}?`))
          .join(', ')} }`,
    )
    .join(' | ');
}
