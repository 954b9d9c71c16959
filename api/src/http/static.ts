// The API's pictures (api/static/) under /static/, with one negotiation: a JPEG or PNG that has a WebP of the same
// name beside it is answered with the WebP when the request accepts image/webp (every current browser's image
// request does; link-preview crawlers, which often show no WebP, get the JPEG). One URL per picture, as content names
// it; `Vary: Accept` keeps shared caches from handing one format to a client that asked for the other. Every
// picture but the slides has such a WebP (scripts/raster-images.mjs): a third to a half of the bytes. The folder is
// registered before the rate limit (app.ts): a picture is not an API call.
import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Paths under root (with '/') of every .webp file: the folder ships with the API and does not change while it runs. */
function webpFiles(root: string): Set<string> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' });
  return new Set(files.map((f) => f.split('\\').join('/')).filter((f) => f.endsWith('.webp')));
}

/** Whether an Accept header names image/webp with a quality above 0 (a wildcard is not enough: it is sent for any image). */
export function acceptsWebp(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (type !== 'image/webp') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  const webp = webpFiles(root);
  await app.register(fastifyStatic, {
    root,
    prefix: '/static/',
    // Files are named by content and never change in place; a new picture gets a new name.
    maxAge: '365d',
    immutable: true,
  });
  // Pictures are one folder deep (api/static/<folder>/<file>): this route answers those, the plugin's the rest.
  app.get<{ Params: { folder: string; file: string } }>('/static/:folder/:file', { schema: { hide: true } }, (request, reply) => {
    const name = `${request.params.folder}/${request.params.file}`;
    const alternative = name.replace(/\.(jpe?g|png)$/i, '.webp');
    if (alternative !== name && webp.has(alternative)) {
      reply.header('vary', 'Accept');
      if (acceptsWebp(request.headers.accept)) return reply.sendFile(alternative);
    }
    return reply.sendFile(name);
  });
}
