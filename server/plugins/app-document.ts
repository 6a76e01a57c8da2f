/**
 * The fans' app's OpenAPI document, cut from the whole API's: the /app/v1 operations, the named
 * schemas they point at (schemas/app.ts), the bearer scheme, and `servers` at PUBLIC_URL (the
 * server's own origin when unset). App developers generate their types from it
 * (docs/openapi/app-v1.json, written by `npm run openapi:write`).
 */
import { SHELL } from '../../src/domain/messages';

type Json = Record<string, unknown>;

const APP_PREFIX = '/app/v1/';

export interface OpenApiDocument {
  openapi: string;
  info: Json;
  servers?: Json[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas?: Record<string, Json>; securitySchemes?: Json };
  [key: string]: unknown;
}

/** The document's version: the contract's, moved on with each entry of docs/app-api.md's changelog. */
export const APP_DOCUMENT_VERSION = '1.1.0';

const SCHEMA_REF = '#/components/schemas/';

/** The names of the schemas `node` points at, and those they point at in turn. */
function referenced(node: unknown, schemas: Record<string, Json>, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referenced(item, schemas, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        const name = value.slice(SCHEMA_REF.length);
        if (!found.has(name)) {
          found.add(name);
          referenced(schemas[name], schemas, found);
        }
      } else referenced(value, schemas, found);
    }
  }
  return found;
}

/** A header as OpenAPI has it: `required` and `example` beside its schema, not in it. */
function tidyHeaders(response: Json) {
  for (const header of Object.values((response.headers ?? {}) as Record<string, Json>)) {
    const schema = header.schema as Json;
    if (schema.required === true) header.required = true;
    if (schema.example !== undefined) header.example = schema.example;
    delete schema.required;
    delete schema.example;
  }
}

/** A multipart body's JSON parts (`contentMediaType`) say so in its encoding, as OpenAPI reads it. */
function encodeJsonParts(operation: Json, schemas: Record<string, Json>) {
  const media = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const multipart = media?.['multipart/form-data'];
  let schema = multipart?.schema as Json | undefined;
  if (typeof schema?.$ref === 'string') schema = schemas[schema.$ref.slice(SCHEMA_REF.length)];
  const properties = schema?.properties as Record<string, Json> | undefined;
  if (!multipart || !properties) return;
  const encoding: Record<string, Json> = {};
  for (const [name, property] of Object.entries(properties)) if (typeof property.contentMediaType === 'string') encoding[name] = { contentType: property.contentMediaType };
  if (Object.keys(encoding).length > 0) multipart.encoding = encoding;
}

export function appDocument(full: OpenApiDocument, { publicUrl }: { publicUrl?: string }): OpenApiDocument {
  const whole = structuredClone(full);
  const paths = Object.fromEntries(Object.entries(whole.paths).filter(([path]) => path.startsWith(APP_PREFIX)));
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values((operation.responses ?? {}) as Record<string, Json>)) tidyHeaders(response);
      encodeJsonParts(operation, whole.components.schemas ?? {});
    }
  }
  const all = whole.components.schemas ?? {};
  const names = [...referenced(paths, all)].sort();
  return {
    openapi: whole.openapi,
    info: {
      title: `${SHELL.productName} fans' app API`,
      version: APP_DOCUMENT_VERSION,
      description:
        `What the fans' app reads and sends under /app/v1. Every answer is \`{ success, data, message }\`, every error the \`Error\` schema. ` +
        'What may change within /app/v1 (added fields and routes) and what needs /app/v2: docs/app-api.md.',
    },
    servers: [publicUrl ? { url: publicUrl, description: 'This league (PUBLIC_URL)' } : { url: '/', description: "The server's own origin (PUBLIC_URL when set)" }],
    tags: [{ name: 'app', description: "The fans' app: public reads limited per address; a fan's own calls with their bearer token" }],
    paths,
    components: {
      schemas: Object.fromEntries(names.map((name) => [name, all[name]])),
      securitySchemes: whole.components.securitySchemes,
    },
  };
}
