import type { AppRouter, UploadedFile } from '@barterads/api';
import type { AnyTRPCProcedure, TRPCRouterRecord } from '@trpc/server';
import type { UploadRule } from '../uploads';

type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends AnyTRPCProcedure
    ? `${Prefix}${K}`
    : T[K] extends TRPCRouterRecord
      ? Paths<T[K], `${Prefix}${K}.`>
      : never;
}[keyof T & string];

/** Every procedure of the API by its dotted path, for example `accounts.login`. */
export type ProcedurePath = Paths<AppRouter['_def']['record']>;

export interface RestRequest {
  body: unknown;
  query: Record<string, unknown>;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  bearerToken: string | undefined;
  /** The body exactly as received (for signature checks). */
  rawBody: string | undefined;
  /** A multipart row's uploaded files (on local disk until the request is done); empty otherwise. */
  files: UploadedFile[];
}

export type RestAuth = 'none' | 'bearer' | 'admin' | 'signature';

/** One row of the REST table: a documented path served by calling one procedure. */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Fastify-style path, for example `/api/admin/users/:id/status`. */
  path: string;
  procedure: ProcedurePath;
  summary: string;
  tag: string;
  auth: RestAuth;
  /** Builds the procedure input; default: the query for GET, the body otherwise. */
  input?: (request: RestRequest) => unknown;
  /** Status on success; 204 sends no body. */
  status?: 200 | 201 | 204;
  /**
   * A multipart upload row: files are streamed to temporary files under the rule's limits (415 for a type not
   * accepted, 413 for too many or too large) before the procedure runs; `body` is then the text fields.
   */
  multipart?: UploadRule & { textFields?: readonly string[] };
  /** More paths answering the same way (the spec's aliases). */
  aliases?: string[];
}

export function defineRoutes(routes: RestRoute[]): RestRoute[] {
  return routes;
}
