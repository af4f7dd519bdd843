/**
 * Models Google documents without multimodal function responses: Gemini 1.x and 2.x (and the
 * 1.0 names without a version: `gemini-pro`, `gemini-pro-vision`, `gemini-ultra`), experimental
 * builds of that time, Gemma and LearnLM. They answer a `functionResponse` with `parts` with a
 * 400 ("`function_response.parts` is not supported for this model").
 */
const WITHOUT_PARTS =
  /^(?:gemini-[12](?:[.-]|$)|gemini-(?:pro|ultra)(?:-vision)?(?:-\d+)?$|gemini-exp-|gemma|learnlm)/;

/**
 * Whether a native model takes the images a function returned inside its `functionResponse`
 * (`parts` of `inlineData` / `fileData`): Gemini 3 and later do. The name is read without a
 * resource prefix (`models/`, `publishers/google/models/`); a name the gateway cannot place (a
 * `-latest` alias, a proxy's own model name) is taken to be a current model, which does.
 */
export function takesFunctionResponseParts(model: string | undefined): boolean {
  if (model === undefined) return true;
  const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  return !WITHOUT_PARTS.test(name);
}
