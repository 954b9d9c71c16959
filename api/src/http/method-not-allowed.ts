// A known path asked with a method it does not take: 405 with `Allow`, as Django REST Framework answers
// (`{"detail": "Method \"DELETE\" not allowed."}`), not the 404 of a path that does not exist.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A route's path as a test of concrete paths: `:name` one segment, `*` the rest; a trailing slash optional. */
function pathTest(url: string): RegExp {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * Records every route as it is registered (call before any route) and answers a request the router did not match:
 * 405 when another method has a route at that path, else `null` (the caller's 404). Routes under a `hidden` prefix
 * are left out: the staff console answers 404 to anyone it does not admit, and a 405 would show that it is there.
 */
export function methodNotAllowed(app: FastifyInstance, hidden: readonly string[] = []) {
  const routes: { test: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    if (hidden.some((prefix) => route.url.startsWith(prefix))) return;
    const methods = [route.method].flat().filter((m) => (METHODS as readonly string[]).includes(m));
    if (methods.length > 0) routes.push({ test: pathTest(route.url), methods: new Set(methods) });
  });
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    const path = request.url.split('?')[0]!;
    const allowed = new Set<string>();
    for (const route of routes) if (route.test.test(path)) for (const m of route.methods) allowed.add(m);
    allowed.delete(request.method);
    if (allowed.size === 0 || request.method === 'OPTIONS') return null;
    return reply
      .code(405)
      .header('allow', METHODS.filter((m) => allowed.has(m)).join(', '))
      .send({ detail: `Method "${request.method}" not allowed.` });
  };
}
