/** A captured body for reading: pretty JSON when it parses, else as captured. */
export function prettyBody(body: string): string {
  const text = body.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return body;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return body; // truncated at the capture limit, or SSE: show it as it was
  }
}
