/** Where an area's data is: not asked yet, on its way, here, or failed (with `error`). */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
