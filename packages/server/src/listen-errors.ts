/**
 * A port or address a server cannot take, said in the operator's terms: one line naming the
 * setting to change, not a stack (`switchyard serve` and `switchyard fake` alike).
 */
import { ConfigError } from './config.js';

/** Why a server (the service, a bundled fake) could not take its address, in the operator's terms, when the reason is a setting; the error itself otherwise. */
export function cannotListen(error: unknown, host: string, port: number): unknown {
  const reasons: Record<string, string> = {
    EADDRINUSE: 'another process is listening there; pick another --port (0 picks a free one)',
    EACCES: 'this user may not bind that port (ports below 1024 need privileges); pick another --port',
    EADDRNOTAVAIL: 'that address is not one of this machine’s; check --host',
  };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = code === undefined ? undefined : reasons[code];
  return reason ? new ConfigError(`cannot listen on ${host}:${port} (${code}): ${reason}`, { cause: error }) : error;
}
