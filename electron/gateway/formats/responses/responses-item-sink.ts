/** Where a stream encoder's output items go: their events are written, the items kept in order. */
export interface ItemSink {
  write(type: string, fields: Record<string, unknown>): string;
  /** Appends an item to the response's `output` and returns its `output_index`. */
  add(item: Record<string, unknown>): number;
}

export type ItemStatus = 'completed' | 'incomplete';
