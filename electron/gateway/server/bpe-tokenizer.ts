import type { TextTokenizer } from '../canonical/output-limits.ts';

let loading: Promise<TextTokenizer> | undefined;

/**
 * OpenAI's o200k BPE, loaded the first time a request needs it: its rank table costs a few
 * megabytes that most gateways never need. It counts exactly for the models that use it and
 * closely for the rest.
 */
export function loadTokenizer(): Promise<TextTokenizer> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((bpe) => ({
    count: (text) => bpe.countTokens(text),
    prefix: (text, tokens) => bpe.decode(bpe.encode(text).slice(0, tokens)),
  }));
  return loading;
}
