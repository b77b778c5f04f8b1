import { appRouter } from '@barterads/api';
import { z } from 'zod';
import type { RestRoute } from '../../src/rest/route';
import { restRoutes } from '../../src/rest/routes';

/** What the hardening suite needs to know about one procedure. */
export interface ProcedureTarget {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** JSON Schema of the input (merged over every `.input()`), or undefined when it takes none. */
  inputSchema: JsonSchema | undefined;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchema;
}

interface ProcedureDef {
  _def: { type: ProcedureTarget['type']; inputs: unknown[] };
}

function toSchema(input: unknown): JsonSchema | undefined {
  if (!(input instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** Every procedure of the app router (walked from `_def.procedures`), with its input schema. */
export function procedureTargets(): ProcedureTarget[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
  return Object.entries(procedures)
    .map(([path, procedure]) => {
      const schemas = procedure._def.inputs.map(toSchema).filter((s): s is JsonSchema => Boolean(s));
      const inputSchema =
        schemas.length === 0 ? undefined : schemas.length === 1 ? schemas[0] : { allOf: schemas };
      return { path, type: procedure._def.type, inputSchema };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

export interface RestTarget {
  key: string;
  route: RestRoute;
  /** The path and its aliases. */
  paths: string[];
  procedure: ProcedureTarget | undefined;
}

export function restKey(route: Pick<RestRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Every row of the REST table. */
export function restTargets(): RestTarget[] {
  const procedures = new Map(procedureTargets().map((p) => [p.path, p]));
  return restRoutes.map((route) => ({
    key: restKey(route),
    route,
    paths: [route.path, ...(route.aliases ?? [])],
    procedure: procedures.get(route.procedure),
  }));
}

/** Fills `:name` parameters. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name] ?? 'missing';
    try {
      return encodeURIComponent(value);
    } catch {
      // A lone surrogate cannot be put in a URL at all: send the replacement character instead.
      return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
    }
  });
}

export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
}
