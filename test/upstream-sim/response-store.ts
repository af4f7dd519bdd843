/** Function calls of a stored response, by call_id, so a follow-up may answer them. */
export type StoredCalls = ReadonlyMap<string, string>;

/**
 * Responses the simulator produced, kept so `previous_response_id` can be checked.
 * Only their function calls are kept (the conversation itself is not replayed), and
 * the oldest are dropped past `limit` so long benchmark runs stay bounded.
 */
export class ResponseStore {
  readonly #byId = new Map<string, StoredCalls>();
  readonly #limit: number;

  constructor(limit = 10_000) {
    this.#limit = limit;
  }

  save(id: string, calls: StoredCalls): void {
    this.#byId.set(id, calls);
    if (this.#byId.size > this.#limit) {
      const oldest = this.#byId.keys().next();
      if (oldest.done !== true) this.#byId.delete(oldest.value);
    }
  }

  calls(id: string): StoredCalls | undefined {
    return this.#byId.get(id);
  }
}
