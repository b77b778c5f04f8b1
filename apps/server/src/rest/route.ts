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

/**
 * Who may call a row: anyone, a live session (`bearer`: Authorization header or the cookie), an admin's session,
 * a signed webhook, or anyone presenting a one-use proof token as the bearer (sign-up after verify-otp; no session).
 */
export type RestAuth = 'none' | 'bearer' | 'admin' | 'signature' | 'proof-token';

/** A file a row answers: text as it is, or bytes carried as base64 (a PDF). */
export interface RestFile {
  contentType: string;
  filename: string;
  content: string;
  encoding?: 'utf8' | 'base64';
}

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
  /**
   * A row that may answer a file: given the procedure's result, the file to send as it is (its type and a
   * download name), or undefined to answer the result as JSON.
   */
  file?: (result: unknown) => RestFile | undefined;
  /** More paths answering the same way (the spec's aliases). */
  aliases?: string[];
}

export function defineRoutes(routes: RestRoute[]): RestRoute[] {
  return routes;
}

/**
 * The tags whose rows accept a REST API key (`Authorization: Bearer bak_...`) as well as a session: the
 * marketplace, deals, messages and business pages. Accounts (the keys themselves included), payments and admin
 * rows need a signed-in session; admin rows never accept a key.
 */
const API_KEY_TAGS: ReadonlySet<string> = new Set([
  'Listings',
  'Deals',
  'Messages',
  'Businesses',
  'Contact',
  'Events',
]);

export function acceptsApiKey(route: Pick<RestRoute, 'auth' | 'tag'>): boolean {
  return route.auth !== 'admin' && route.auth !== 'signature' && API_KEY_TAGS.has(route.tag);
}
