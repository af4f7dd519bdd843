/**
 * Call ids for an Ollama conversation. Ollama's own answers name their calls (`call_…`) and
 * the Ollama server takes a tool message's `tool_call_id`, but most clients (the `ollama-js`
 * examples among them) send calls without ids and results with only `tool_name`, or nothing.
 *
 * A call without an id gets one from its place in the conversation: the same history sent again
 * (the next turn of a tool loop) gives the same ids, so anything keyed by a call id on the
 * other side of the hub stays linked across turns.
 */
export const ollamaCallId = (messageIndex: number, callIndex: number): string =>
  `call_ollama_${messageIndex}_${callIndex}`;

interface OpenCall {
  id: string;
  name: string;
  answered: boolean;
}

/**
 * The calls of the latest assistant message, for matching the tool messages after it: by
 * `tool_call_id` when given; else the k-th result named X answers the k-th unanswered call named
 * X; else, with no name either, the first call not answered yet.
 */
export class OllamaPendingCalls {
  private calls: OpenCall[] = [];
  /** Every call of the conversation by id, for a result that answers an older turn by id. */
  private readonly names = new Map<string, string>();

  /** A new assistant message: its calls are the ones results answer now. */
  reset(): void {
    this.calls = [];
  }

  add(id: string, name: string): void {
    this.calls.push({ id, name, answered: false });
    this.names.set(id, name);
  }

  /** The call a result answers, with its name; undefined when none is left to answer. */
  answer(
    callId: string | undefined,
    name: string | undefined,
  ): { id: string; name: string } | undefined {
    if (callId !== undefined) {
      const open = this.calls.find((call) => call.id === callId);
      if (open) open.answered = true;
      const known = this.names.get(callId);
      return known === undefined ? undefined : { id: callId, name: known };
    }
    const call = this.calls.find(
      (candidate) => !candidate.answered && (name === undefined || candidate.name === name),
    );
    if (call === undefined) return undefined;
    call.answered = true;
    return { id: call.id, name: call.name };
  }
}
