/**
 * A readable message from an upstream error body that is not the API's JSON: the title of an
 * HTML error page (a proxy's 502, a CDN's block page) or the text itself, cut to a sane length.
 */
export function readableErrorText(status: number, body: string): string {
  const text = body.trim();
  if (!text) return `The upstream answered ${status} with no body.`;
  if (/^<(!doctype|html|head|body|\?xml)/i.test(text) || /<\/(html|body|title|h1)>/i.test(text)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
    const words = (title ?? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' '))
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return `The upstream answered ${status} with an HTML page: ${words.slice(0, 300) || '(no text)'}`;
  }
  return text.length <= 500 ? text : `${text.slice(0, 500)}…`;
}

/** Whether an error body is JSON (what the client's SDK can read as the API's own error). */
export function isJsonBody(body: string): boolean {
  const start = body.trimStart()[0];
  if (start !== '{' && start !== '[') return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}
