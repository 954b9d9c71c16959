// Input rules every route shares (issue 19), applied once in app.ts rather than route by route:
// - query strings: a repeated key keeps its FIRST value (`?to=a&to=b` reads `to=a`), so a handler always sees a
//   string, never an array;
// - text: control characters other than tab, CR and LF (NUL included: PostgreSQL text cannot hold U+0000) are refused
//   in the body, the query string and the path parameters with a DRF field error naming the field;
// - nesting: a JSON body nested deeper than MAX_DEPTH is refused (no route reads more than 3 levels).
import type { FastifyRequest } from 'fastify';
import { validationError } from './errors';

export const MAX_DEPTH = 32;

/** C0 controls except \t \n \r, DEL, and C1 controls (Unicode category Cc). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const hasControlCharacters = (s: string) => CONTROL.test(s);

const messageFor = (s: string) =>
  s.includes('\u0000') ? 'Null characters are not allowed.' : 'Control characters other than tab, CR and LF are not allowed.';

/** Fastify's querystringParser: every key once, first value wins; keys like `__proto__` are plain keys. */
export function parseQuerystring(raw: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(raw)) if (!(key in out)) out[key] = value;
  return out;
}

/** The first problem in a parsed value: [top-level field, message], walking iteratively (no recursion limit to hit). */
function firstProblem(value: unknown, field: string): [string, string] | null {
  const stack: { v: unknown; field: string; depth: number }[] = [{ v: value, field, depth: 0 }];
  while (stack.length > 0) {
    const { v, field: f, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL.test(v)) return [f, messageFor(v)];
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      if (depth >= MAX_DEPTH) return ['non_field_errors', `The data is nested too deeply (at most ${MAX_DEPTH} levels).`];
      for (const [k, child] of Object.entries(v)) {
        if (CONTROL.test(k)) return ['non_field_errors', messageFor(k)];
        stack.push({ v: child, field: depth === 0 && f === 'non_field_errors' ? k : f, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** preValidation hook: refuses control characters and deep nesting anywhere in the request's input. */
export async function refuseBadText(request: FastifyRequest): Promise<void> {
  // A wildcard route's parameter is named '*': call it 'path' in the answer.
  const params = request.params as Record<string, unknown> | undefined;
  const named = params && '*' in params ? { ...params, path: params['*'], '*': undefined } : params;
  const problem =
    firstProblem(named, 'non_field_errors') ??
    firstProblem(request.query, 'non_field_errors') ??
    firstProblem(request.body, 'non_field_errors');
  if (problem) throw validationError({ [problem[0]]: problem[1] });
}
