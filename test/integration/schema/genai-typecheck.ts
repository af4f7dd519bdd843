import { typeErrorsOf, type TypedValue } from '../../doubles/typed-literals.ts';

/**
 * Gemini has no published JSON schema; `@google/genai`'s types are the reference. Captured
 * bodies are written as object literals typed with them and compiled with `tsc`, so unknown
 * keys (excess property checks) and wrong enum strings are errors.
 */

type GenaiShape = 'response' | 'error';

export type GenaiValue = TypedValue<GenaiShape>;

const TYPE_NAMES: Record<GenaiShape, string> = { response: 'ResponseBody', error: 'ErrorBody' };

/**
 * `GenerateContentResponse` is a class whose getters (`text`, …) are no wire fields, and its
 * enums are TypeScript string enums, which refuse the plain strings JSON has: `Wire` turns each
 * enum into the union of its values.
 */
const PRELUDE = `import type { GenerateContentResponse } from '@google/genai';
type Getters = 'text' | 'data' | 'functionCalls' | 'executableCode' | 'codeExecutionResult' | 'initialPromptTokenCount';
type Wire<T> = T extends string ? \`\${T}\` : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
type ResponseBody = Wire<Omit<GenerateContentResponse, Getters>>;
interface ErrorBody { error: { code: number; message: string; status: string; details?: { '@type': string; [key: string]: unknown }[] } }
`;

/** The type errors of every value, each prefixed with its label (empty when all conform). */
export const genaiTypeErrors = (values: readonly GenaiValue[]): Promise<string[]> =>
  typeErrorsOf(PRELUDE, TYPE_NAMES, values);
