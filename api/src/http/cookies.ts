// Cookies with the API of @fastify/cookie (request.cookies, reply.setCookie, reply.clearCookie), for the options this
// API uses. Written here because @fastify/cookie loads its parser (an ES module) with import(), which Jest's sandbox
// refuses without --experimental-vm-modules, and the workspace's jest run does not pass that flag.
import fp from 'fastify-plugin';

export interface CookieSerializeOptions {
  path?: string;
  domain?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none' | boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    cookies: Record<string, string | undefined>;
  }
  interface FastifyReply {
    setCookie(name: string, value: string, options?: CookieSerializeOptions): FastifyReply;
    clearCookie(name: string, options?: CookieSerializeOptions): FastifyReply;
  }
}

const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export function serializeCookie(name: string, value: string, o: CookieSerializeOptions = {}): string {
  if (!NAME.test(name)) throw new TypeError(`Invalid cookie name ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (o.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(o.maxAge)}`);
  if (o.domain) parts.push(`Domain=${o.domain}`);
  parts.push(`Path=${o.path ?? '/'}`);
  if (o.expires) parts.push(`Expires=${o.expires.toUTCString()}`);
  if (o.httpOnly) parts.push('HttpOnly');
  if (o.secure) parts.push('Secure');
  if (o.sameSite) {
    const s = o.sameSite === true ? 'strict' : o.sameSite;
    parts.push(`SameSite=${s[0]!.toUpperCase()}${s.slice(1)}`);
  }
  return parts.join('; ');
}

export const cookiePlugin = fp(
  async (app) => {
    app.decorateRequest('cookies', null as unknown as Record<string, string | undefined>);
    app.addHook('onRequest', async (request) => {
      request.cookies = parseCookies(request.headers.cookie);
    });
    app.decorateReply('setCookie', function (this: import('fastify').FastifyReply, name: string, value: string, options?: CookieSerializeOptions) {
      const existing = this.getHeader('set-cookie');
      const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
      this.header('set-cookie', [...list, serializeCookie(name, value, options)]);
      return this;
    });
    app.decorateReply('clearCookie', function (this: import('fastify').FastifyReply, name: string, options: CookieSerializeOptions = {}) {
      return this.setCookie(name, '', { ...options, maxAge: 0, expires: new Date(0) });
    });
  },
  { name: 'storefront-cookies' },
);
