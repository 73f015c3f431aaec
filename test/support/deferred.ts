/**
 * A promise the test settles itself: a gate a fake holds a request behind, a signal one part of a
 * test waits for (Node 20 has no `Promise.withResolvers`).
 */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
