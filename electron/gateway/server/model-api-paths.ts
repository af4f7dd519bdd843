import { APP_PATH_PREFIX } from '../../../shared/contract.ts';
import { CODEC_LIST } from '../formats/codecs.ts';

/** Every format's path prefixes (`/v1/`, `/v1beta/`): requests under them are the model API. */
const MODEL_API_PREFIXES = [...new Set(CODEC_LIST.flatMap((codec) => codec.pathPrefixes))];

/** Whether a path is under one of `prefixes`, or is one of them without its last `/` (`/v1`). */
export function isUnder(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}

/**
 * Whether a request path is the model API; every other path is the app's (headless mode: the
 * UI's files, and its RPC under `APP_PATH_PREFIX`).
 */
export const isModelApiPath = (path: string): boolean => isUnder(path, MODEL_API_PREFIXES);

/**
 * What is wrong with a set of model API prefixes beside the app's: a prefix that is not one or
 * more whole segments (`/name/`), or one that takes the app's paths or gives it some of its own.
 * Empty when nothing is.
 */
export function prefixProblems(modelPrefixes: readonly string[], appPrefix: string): string[] {
  const problems: string[] = [];
  for (const prefix of modelPrefixes) {
    if (!/^(\/[^/]+)+\/$/.test(prefix))
      problems.push(`'${prefix}' is not a path prefix of whole segments ('/name/')`);
    else if (prefix.startsWith(appPrefix) || appPrefix.startsWith(prefix))
      problems.push(`'${prefix}' overlaps the app's '${appPrefix}'`);
  }
  return problems;
}

const problems = prefixProblems(MODEL_API_PREFIXES, APP_PATH_PREFIX);
if (problems.length > 0)
  throw new Error(`A format's path prefixes collide with the app's: ${problems.join('; ')}.`);
