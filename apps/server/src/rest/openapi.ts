import { appRouter, DocumentedOutput } from '@barterads/api';
import { z } from 'zod';
import { acceptsApiKey, type RestRoute } from './route';

type JsonSchema = Record<string, unknown>;

interface ProcedureDef {
  inputs?: unknown[];
  output?: unknown;
}

function schemaOf(value: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(value instanceof z.ZodType)) return undefined;
  try {
    const { $schema: _ignored, ...schema } = z.toJSONSchema(value, {
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    return schema;
  } catch {
    return undefined;
  }
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    issues: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** The OpenAPI 3.1 document of the REST API, made from the REST table and the procedures' zod schemas. */
export function buildOpenApiDocument(routes: RestRoute[], serverUrl = '/'): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const def = (appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>)[
      route.procedure
    ]?._def;
    const input = schemaOf(def?.inputs?.[0], 'input');
    const output = schemaOf(
      def?.output instanceof DocumentedOutput ? def.output.schema : def?.output,
      'output',
    );
    const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const queryParams =
      route.method === 'GET' && input && typeof input.properties === 'object' && input.properties
        ? Object.entries(input.properties as Record<string, JsonSchema>).map(([name, schema]) => ({
            name,
            in: 'query',
            required: Array.isArray(input.required) && input.required.includes(name),
            schema,
          }))
        : [];
    const status = String(route.status ?? 200);
    const operation: JsonSchema = {
      operationId:
        route.procedure.replace('.', '_') + (route.method === 'GET' ? '' : `_${route.method.toLowerCase()}`),
      summary: route.summary,
      tags: [route.tag],
      parameters: [...params, ...queryParams],
      responses: {
        [status]:
          status === '204'
            ? { description: 'No content' }
            : { description: 'Success', content: { 'application/json': { schema: output ?? {} } } },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    if (route.auth === 'bearer' || route.auth === 'admin' || route.auth === 'proof-token')
      operation.security = acceptsApiKey(route) ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }];
    else if (acceptsApiKey(route)) operation.security = [{}, { apiKey: [] }];
    if (route.multipart) {
      const upload = route.multipart;
      const fileSchema = {
        type: 'string',
        format: 'binary',
        description: `${upload.accept.join(', ')} (checked by content)`,
      };
      const properties: Record<string, JsonSchema> = {};
      for (const field of upload.fileFields)
        properties[field] =
          upload.maxFiles > 1 ? { type: 'array', items: fileSchema, maxItems: upload.maxFiles } : fileSchema;
      for (const field of upload.textFields ?? []) properties[field] = { type: 'string' };
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': { schema: { type: 'object', properties, required: [...upload.fileFields] } },
        },
      };
    } else if (route.method !== 'GET' && input && route.auth !== 'signature') {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    for (const path of [route.path, ...(route.aliases ?? [])]) {
      const key = openApiPath(path);
      paths[key] ??= {};
      paths[key][route.method.toLowerCase()] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'BarterAds REST API',
      version: '1.0.0',
      description:
        'Barter marketplace for advertisers and media owners. Errors are `{ message, code?, issues? }`.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A session token from POST /api/auth/login.' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'bak_<id>_<secret>',
          description:
            'A REST API key (Professional and Enterprise plans), created in Settings or with POST /api/auth/api-keys ' +
            'and sent as `Authorization: Bearer bak_...`. Accepted only on operations that list it: a `read` key ' +
            'refuses changes (403), keys never work on account, payment or admin paths nor on /trpc, each key has ' +
            'its own rate limit (120 requests a minute, then 429 with Retry-After), and a key stops working (403) ' +
            'when the plan with API access ends.',
        },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}

/** A readable reference page for the document. */
export function apiDocsPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>BarterAds REST API</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}
code,pre{background:#f1f3f5;border-radius:4px;padding:.1rem .3rem}pre{padding:.75rem;overflow:auto}
.op{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:1rem 0}.m{font-weight:700;text-transform:uppercase;margin-right:.5rem}</style>
</head><body><main><h1>BarterAds REST API</h1><p>The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p><div id="ops">Loading…</div></main>
<script src="/api/docs.js"></script></body></html>`;
}

/** Renders the document into the page (served as a script file so the CSP needs no inline script). */
export const API_DOCS_SCRIPT = `fetch('/api/openapi.json').then(function(r){return r.json()}).then(function(doc){
var root=document.getElementById('ops');root.textContent='';
Object.keys(doc.paths).forEach(function(path){var ops=doc.paths[path];Object.keys(ops).forEach(function(m){var op=ops[m];
var d=document.createElement('section');d.className='op';var h=document.createElement('h2');
var s=document.createElement('span');s.className='m';s.textContent=m;h.appendChild(s);var c=document.createElement('code');c.textContent=path;h.appendChild(c);d.appendChild(h);
var p=document.createElement('p');p.textContent=op.summary+(op.security?' (bearer token)':'');d.appendChild(p);
if(op.requestBody){var pre=document.createElement('pre');pre.textContent=JSON.stringify(op.requestBody.content['application/json'].schema,null,2);d.appendChild(pre);}
root.appendChild(d);});});});`;
