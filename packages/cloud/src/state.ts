/**
 * Turns the config API's `POST /state/get` answer into per-stream state entries. Only the member
 * matching `stateType` is set. Global-type state (CDC sources) keeps its per-stream entries under
 * `globalState.streamStates`; the reference client returned [] for it, hiding exactly the state one
 * needs when debugging such a source.
 */
import type { StreamStateArtifact } from './types.js';

export function extractStateArtifacts(response: unknown): StreamStateArtifact[] | null {
  const body = (response ?? {}) as {
    stateType?: string;
    streamState?: unknown;
    globalState?: { streamStates?: unknown } | null;
  };
  switch (body.stateType) {
    case 'stream':
      return Array.isArray(body.streamState) ? (body.streamState as StreamStateArtifact[]) : [];
    case 'global':
      return Array.isArray(body.globalState?.streamStates) ? (body.globalState.streamStates as StreamStateArtifact[]) : [];
    case 'legacy':
      // One opaque blob in `state` with no per-stream entries; documented as [].
      return [];
    default:
      // not_set, or nothing at all.
      return null;
  }
}
