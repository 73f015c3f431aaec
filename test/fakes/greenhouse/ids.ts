/** Small helpers shared by the Greenhouse data builders. */
import type { Random } from '../shared/random.js';
import type { Json } from './types.js';

/** Ascending integer ids with random gaps, as a long-lived Greenhouse account has. */
export class IdSeq {
  #next: number;
  constructor(
    private readonly rng: Random,
    start: number,
    private readonly maxGap = 40,
  ) {
    this.#next = start;
  }
  take(): number {
    this.#next += this.rng.int(1, this.maxGap);
    return this.#next;
  }
}

/** `{id, first_name, last_name, name, employee_id}` — how Harvest embeds a user in other records. */
export function userRef(user: Json): Json {
  return { id: user.id, first_name: user.first_name, last_name: user.last_name, name: user.name, employee_id: user.employee_id };
}
