import type { AppEvents, EventName } from '../../shared/contract.ts';

export type EventListener = (event: EventName, payload: unknown) => void;

/**
 * The contract's events, fanned out to every transport that listens (IPC windows, SSE clients).
 * A listener that throws is reported and skipped: one broken window must not starve the others.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();
  private readonly onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void) {
    this.onListenerError = onListenerError;
  }

  emit<E extends EventName>(event: E, payload: AppEvents[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    // Wrapped, so subscribing the same function twice gives two independent subscriptions.
    const entry: EventListener = (event, payload) => listener(event, payload);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  clear(): void {
    this.listeners.clear();
  }
}
