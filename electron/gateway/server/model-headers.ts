/** The model that answered a generation request, on every answer. */
export const MODEL_HEADER = 'x-gateway-model';

/** The models a route left before one answered, and why: only when a fallback fired. */
export const FALLBACK_HEADER = 'x-gateway-fallback';
