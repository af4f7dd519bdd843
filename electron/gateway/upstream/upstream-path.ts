import type { WireFormat } from '../formats/wire-format.ts';

/** The upstream's path for a generation in a format (the upstream serves native under v1beta only). */
export function upstreamPath(format: WireFormat, model: string, stream: boolean): string {
  if (format === 'chat') return '/v1/chat/completions';
  if (format === 'responses') return '/v1/responses';
  const method = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return `/v1beta/models/${encodeURIComponent(model)}:${method}`;
}
