/**
 * Per-attempt timeouts without a timer per request. Attempts with the same timeout finish in the
 * order they started, so each timeout length keeps a FIFO of deadlines and one timer is armed for
 * the earliest; finishing an attempt only flags its entry (O(1)). A setTimeout/clearTimeout pair
 * per request cost about 4% of a loopback round trip (bench/request-overhead.ts). When a deadline
 * fires, its `expire` callback aborts the attempt for real (its AbortController), so the request
 * or body read stops and its socket is closed; the attempt's promise is rejected at the same
 * moment, even if a caller-supplied fetch ignores the signal.
 */
interface Entry {
  at: number;
  /** Dropped once settled: it holds the attempt's promise, and so its whole response body. */
  expire: (() => void) | undefined;
  settled: boolean;
}

class DeadlineQueue {
  private readonly queues = new Map<number, { entries: Entry[]; head: number }>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private armedFor = Infinity;

  add(ms: number, expire: () => void): Entry {
    const entry: Entry = { at: Date.now() + ms, expire, settled: false };
    let queue = this.queues.get(ms);
    if (!queue) this.queues.set(ms, (queue = { entries: [], head: 0 }));
    // Attempts usually finish long before their deadline: drop finished ones from the front.
    while (queue.head < queue.entries.length && queue.entries[queue.head]!.settled) queue.head++;
    if (queue.head > 1024 || queue.head === queue.entries.length) {
      queue.entries.splice(0, queue.head);
      queue.head = 0;
    }
    queue.entries.push(entry);
    if (entry.at < this.armedFor) this.arm(entry.at);
    return entry;
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = at;
    // A pending request keeps the process alive through its socket; the timer need not.
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - Date.now())).unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = Date.now();
    let next = Infinity;
    for (const [ms, queue] of this.queues) {
      const { entries } = queue;
      while (queue.head < entries.length) {
        const entry = entries[queue.head]!;
        if (!entry.settled && entry.at > now) break;
        queue.head++;
        if (!entry.settled) {
          const expire = entry.expire;
          settle(entry);
          expire?.();
        }
      }
      if (queue.head === entries.length) this.queues.delete(ms);
      else {
        if (queue.head > 1024) {
          entries.splice(0, queue.head);
          queue.head = 0;
        }
        next = Math.min(next, entries[queue.head]!.at);
      }
    }
    if (next !== Infinity) this.arm(next);
  }
}

const deadlines = new DeadlineQueue();

function settle(entry: Entry): void {
  entry.settled = true;
  entry.expire = undefined;
}

/**
 * Settles like `work`, or, after `ms`, calls `expire` (which aborts the work) and rejects with what
 * it returns. A late result of abandoned work is handed to `onLate` to release what it holds.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, expire: () => unknown, onLate: (late: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const entry = deadlines.add(ms, () => reject(expire()));
    work.then(
      (value) => {
        if (entry.settled) return onLate(value);
        settle(entry);
        resolve(value);
      },
      (error: unknown) => {
        if (entry.settled) return;
        settle(entry);
        reject(error);
      },
    );
  });
}
