/**
 * The cancellation of one attempt (core/http-client.ts): the deadline passed, the caller aborted,
 * or the attempt failed and nothing more may be read. An AbortController would do, but in Node 20
 * making one and its signal, and adding and removing a listener, is a large share of a loopback
 * round trip (bench/hosted-execute.ts profile). The built-in wire cancels undici's request itself
 * (`onAbort`); a wire that needs an AbortSignal (a caller's fetch, a streamed body) asks for
 * `signal`, made on demand and aborted with the same reason.
 */
export class AttemptAbort {
  #aborted = false;
  #reason: unknown = undefined;
  #listeners: ((reason: unknown) => void)[] | undefined;
  #controller: AbortController | undefined;

  get aborted(): boolean {
    return this.#aborted;
  }

  get reason(): unknown {
    return this.#reason;
  }

  /** Aborts once; later calls change nothing. */
  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (listeners) for (const listener of listeners) listener(reason);
    this.#controller?.abort(reason);
  }

  /** Called once on abort (at once when already aborted): one per request the attempt sent (redirects send several). */
  onAbort(listener: (reason: unknown) => void): void {
    if (this.#aborted) listener(this.#reason);
    else (this.#listeners ??= []).push(listener);
  }

  /** An AbortSignal that follows this abort, for APIs that take one. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }
}
