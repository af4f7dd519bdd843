import type { CanonicalTool } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import { optionalString, readArray, readObject } from './gemini-request-values.ts';
import { geminiSchemaToJsonSchema } from './gemini-schema-to-json-schema.ts';

const HOSTED_DROPPED = 'gemini.hosted_tool_dropped';

/**
 * Tools Google runs itself (search, code execution, URL reading, maps, MCP servers). A model
 * reached through another format cannot run them, so they are dropped, and named in the header
 * and the log, rather than failing the whole request.
 */
const TOOL_POLICY: FieldPolicy = {
  carried: ['functionDeclarations'],
  dropped: {
    googleSearch: HOSTED_DROPPED,
    googleSearchRetrieval: HOSTED_DROPPED,
    codeExecution: HOSTED_DROPPED,
    urlContext: HOSTED_DROPPED,
    fileSearch: HOSTED_DROPPED,
    googleMaps: HOSTED_DROPPED,
    retrieval: HOSTED_DROPPED,
    enterpriseWebSearch: HOSTED_DROPPED,
    computerUse: HOSTED_DROPPED,
    mcpServers: HOSTED_DROPPED,
  },
  refused: {},
};

const DECLARATION_POLICY: FieldPolicy = {
  carried: ['name', 'description', 'parameters', 'parametersJsonSchema'],
  // A description of what the function returns; it guides the model and changes no output shape.
  dropped: {
    response: 'gemini.function_response_schema_dropped',
    responseJsonSchema: 'gemini.function_response_schema_dropped',
  },
  refused: { behavior: 'non-blocking functions exist only in the Live API' },
};

/** `tools[].functionDeclarations` → canonical tools; hosted tools are dropped by name. */
export function geminiToolsToCanonical(
  value: unknown,
  ctx: ConversionContext,
): CanonicalTool[] | undefined {
  if (value === undefined || value === null) return undefined;
  const tools: CanonicalTool[] = [];
  readArray(value, 'tools').forEach((raw, i) => {
    const where = `tools.${i}`;
    const tool = readObject(raw, where);
    applyFieldPolicy(tool, TOOL_POLICY, ctx, where);
    if (tool.functionDeclarations === undefined || tool.functionDeclarations === null) return;
    readArray(tool.functionDeclarations, `${where}.functionDeclarations`).forEach((decl, j) => {
      tools.push(readDeclaration(decl, `${where}.functionDeclarations.${j}`, ctx));
    });
  });
  return tools.length > 0 ? tools : undefined;
}

function readDeclaration(raw: unknown, where: string, ctx: ConversionContext): CanonicalTool {
  const decl = readObject(raw, where);
  applyFieldPolicy(decl, DECLARATION_POLICY, ctx, where);
  const name = optionalString(decl.name, `${where}.name`);
  if (!name) throw badRequest(`Missing required field '${where}.name'.`, `${where}.name`);
  const tool: CanonicalTool = { name };
  const description = optionalString(decl.description, `${where}.description`);
  if (description !== undefined) tool.description = description;
  const hasOpenApi = decl.parameters !== undefined && decl.parameters !== null;
  const hasJson = decl.parametersJsonSchema !== undefined && decl.parametersJsonSchema !== null;
  if (hasOpenApi && hasJson) {
    throw badRequest(
      `'${where}.parameters' and '${where}.parametersJsonSchema' cannot both be set.`,
      `${where}.parameters`,
    );
  }
  if (hasJson) {
    if (!isRecord(decl.parametersJsonSchema)) {
      throw badRequest(
        `Invalid field '${where}.parametersJsonSchema': expected a schema object.`,
        `${where}.parametersJsonSchema`,
      );
    }
    tool.parameters = decl.parametersJsonSchema;
  } else if (hasOpenApi) {
    addRule(ctx, 'gemini.schema_openapi_to_json_schema');
    tool.parameters = geminiSchemaToJsonSchema(decl.parameters, `${where}.parameters`);
  }
  return tool;
}
