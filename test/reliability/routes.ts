import type { FormatKit, KitRequest } from '../format-kits/format-kit.ts';
import { KIT_LIST } from '../format-kits/kits.ts';

/**
 * The generation routes of every format, from the kits: one per distinct path (a format that
 * puts the stream mode in its path, like the native one, has two).
 */
export interface GenerationRoute {
  name: string;
  kit: FormatKit;
  stream: boolean;
  /** A valid request for `model` with the user text `text`. */
  request(model: string, text?: string): KitRequest;
}

const routeOf = (kit: FormatKit, stream: boolean): GenerationRoute => ({
  name: `${kit.format} ${kit.client.request('{model}', '', stream).path}`,
  kit,
  stream,
  request: (model, text = 'hello') => kit.client.request(model, text, stream),
});

export const GENERATION_ROUTES: readonly GenerationRoute[] = KIT_LIST.flatMap((kit) => {
  const plain = kit.client.request('m', '', false).path;
  const streamed = kit.client.request('m', '', true).path;
  return plain === streamed ? [routeOf(kit, false)] : [routeOf(kit, false), routeOf(kit, true)];
});

/** What a client sends with every request: its token, the body's type, its format's extras. */
export const requestHeaders = (request: KitRequest, token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  ...request.headers,
});
