/**
 * The upstream's own words from an error body: OpenAI's and Google's `{error:{message}}`, a
 * bare `{message}`, or the text itself (shortened). What the user sees when a call fails.
 */
export function upstreamMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const first = Array.isArray(parsed) ? (parsed[0] as unknown) : parsed;
    if (first && typeof first === 'object') {
      const error = (first as { error?: unknown }).error;
      if (error && typeof error === 'object') {
        const message = (error as { message?: unknown }).message;
        if (typeof message === 'string' && message) return message;
      }
      if (typeof error === 'string' && error) return error;
      const message = (first as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // not JSON: the text itself
  }
  const text = body.trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** Removes a secret wherever it occurs in text shown to the user (some upstreams echo keys). */
export function withoutSecret(text: string, secret: string): string {
  return secret ? text.split(secret).join('[REDACTED]') : text;
}
