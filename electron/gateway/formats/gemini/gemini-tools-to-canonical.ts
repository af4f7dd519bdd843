import type { CanonicalTool } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../server/gateway-error.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import { optionalString, readArray, readObject } from './gemini-request-values.ts';
import { geminiSchemaToJsonSchema } from './gemini-schema-to-json-schema.ts';

const HOSTED = 'a Google-hosted tool has no equivalent in another format';

const TOOL_POLICY: FieldPolicy = {
  carried: ['functionDeclarations'],
  dropped: {},
  refused: {
    googleSearch: HOSTED,
    googleSearchRetrieval: HOSTED,
    codeExecution: HOSTED,
    urlContext: HOSTED,
    fileSearch: HOSTED,
    googleMaps: HOSTED,
    retrieval: HOSTED,
    enterpriseWebSearch: HOSTED,
    computerUse: HOSTED,
    mcpServers: 'remote MCP servers have no equivalent in another format',
  },
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

/** `tools[].functionDeclarations` → canonical tools; hosted tools are refused by name. */
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
