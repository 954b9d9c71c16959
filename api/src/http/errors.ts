// DRF-shaped errors (CONTRACT.md): 400 {"field": ["msg"]} or {"non_field_errors": ["msg"]}, others {"detail": "msg"}.
// Route code throws ApiError; the one error handler in app.ts turns everything into these shapes.
import * as v from 'valibot';
import { fieldErrors } from 'shared/schemas';

export type ErrorBody = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'ApiError';
  }
}

/** 400 with field errors; each value becomes a one-element list as DRF sends it. */
export function validationError(fields: Record<string, string | string[]>): ApiError {
  const body: Record<string, string[]> = {};
  for (const [k, msg] of Object.entries(fields)) body[k] = Array.isArray(msg) ? msg : [msg];
  return new ApiError(400, body);
}

export const nonFieldError = (message: string) => validationError({ non_field_errors: message });
export const detailError = (statusCode: number, detail: string, headers?: Record<string, string>) =>
  new ApiError(statusCode, { detail }, headers);
export const notFound = (detail = 'Not found.') => detailError(404, detail);
export const invalidToken = () => detailError(401, 'Invalid token.', { 'www-authenticate': 'Token' });

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/** The entries of an object schema, looking through a pipe (e.g. object + cross-field check). */
function objectKeys(schema: v.GenericSchema): string[] {
  const s = schema as unknown as { type: string; entries?: Record<string, unknown>; pipe?: v.GenericSchema[] };
  if (s.entries) return Object.keys(s.entries);
  if (s.pipe?.[0] && s.pipe[0] !== schema) return objectKeys(s.pipe[0]);
  return [];
}

/**
 * Validates a JSON body with a shared valibot schema: the parsed value, or a 400 with the first message per field
 * (the same messages the browser shows). A body that is not an object gets DRF's own message.
 */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw nonFieldError(`Invalid data. Expected a dictionary, but got ${body === undefined ? 'nothing' : typeName(body)}.`);
  }
  // A missing key is checked like an undefined value, so it gets the field's own message ('A password is required')
  // rather than valibot's generic 'Invalid key' one.
  const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of objectKeys(schema)) if (!(key in input)) input[key] = undefined;
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw validationError(fieldErrors(result.issues));
}

export const MAX_PARAM_LENGTH = 200;

/** Django REST Framework's default details per status. */
const DRF_DETAIL: Record<number, string> = {
  400: 'Bad request.',
  401: 'Authentication credentials were not provided.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Could not satisfy the request Accept header.',
  413: 'Request body is too large.',
  414: 'Request URI is too long.',
  429: 'Request was throttled.',
};

/**
 * A framework error (Fastify's FST_* codes, from the router, the body parsers or elsewhere) as a DRF `detail` message,
 * with no framework code or key in it. Statuses stay those of the framework (400, 404, 413, 414, 415).
 */
export function frameworkError(
  error: { code?: string; statusCode?: number; message: string },
  bodyLimit: number,
  contentType: string,
): { status: number; detail: string } {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, detail: 'Malformed URL: a percent-encoded character is not valid.' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, detail: `A path parameter is too long (at most ${MAX_PARAM_LENGTH} characters).` };
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return { status: 400, detail: 'Bad request.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status, detail: 'JSON parse error - the request body is not valid JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status, detail: 'JSON parse error - the request body is empty.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, detail: `Request body is too large (limit ${bodyLimit} bytes).` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, detail: `Unsupported media type "${contentType.slice(0, 100)}" in request.` };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status, detail: 'Request body size did not match Content-Length.' };
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_ERR_CTP_INVALID_HANDLER':
      return { status: 415, detail: `Unsupported media type "${contentType.slice(0, 100)}" in request.` };
  }
  // Anything else (a forbidden __proto__ key, a bad charset, a plugin's error): the status, and DRF's words for it,
  // never the framework's code or message.
  if (status === 415) return { status, detail: `Unsupported media type "${contentType.slice(0, 100)}" in request.` };
  return { status, detail: DRF_DETAIL[status] ?? 'Bad request.' };
}
