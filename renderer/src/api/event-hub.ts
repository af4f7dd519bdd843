import type { AppEvents, EventName } from '../../../shared/contract.ts';

type AnyListener = (payload: unknown) => void;

/** Listeners by event name, shared by both transports; `size` lets HTTP open its stream lazily. */
export interface EventHub {
  on<E extends EventName>(event: E, listener: (payload: AppEvents[E]) => void): () => void;
  emit(event: string, payload: unknown): void;
  size(): number;
}

export function createEventHub(onSizeChange?: (size: number) => void): EventHub {
  const listeners = new Map<string, Set<AnyListener>>();
  let size = 0;

  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<AnyListener>();
      listeners.set(event, set);
      // The payload's type is the contract's promise for this event name.
      const wrapped: AnyListener = (payload) => listener(payload as AppEvents[typeof event]);
      set.add(wrapped);
      size += 1;
      onSizeChange?.(size);
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        set.delete(wrapped);
        size -= 1;
        onSizeChange?.(size);
      };
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          // One broken listener must not starve the others of events.
          console.error(`Listener for ${event} failed`, error);
        }
      }
    },
    size: () => size,
  };
}
