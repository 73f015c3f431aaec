/**
 * Per-attempt timeouts without a timer per request. Attempts with the same timeout finish in the
 * order they started, so each timeout length keeps a FIFO of deadlines and one timer is armed for
 * the earliest; finishing an attempt only flags its entry (O(1)). A setTimeout/clearTimeout pair
 * plus a Promise.race per request cost about 4% of a loopback round trip (bench/request-overhead.ts).
 */
interface Entry {
  at: number;
  expire: () => void;
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
          entry.settled = true;
          entry.expire();
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

/**
 * Settles like `work`, or rejects with `timeoutReason` after `ms`. A late result of abandoned work
 * is handed to `onLate` (to release what it holds, such as an unread stream).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, timeoutReason: unknown, onLate: (late: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const entry = deadlines.add(ms, () => reject(timeoutReason));
    work.then(
      (value) => {
        if (entry.settled) return onLate(value);
        entry.settled = true;
        resolve(value);
      },
      (error: unknown) => {
        if (entry.settled) return;
        entry.settled = true;
        reject(error);
      },
    );
  });
}
