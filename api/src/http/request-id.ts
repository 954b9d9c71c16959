// Request ids: a random UUID per request (Fastify's default counter restarts at 1 in every process, so ids would repeat
// across the nodes of a cluster). Every log line of a request carries it (request.log is a pino child with `reqId`) and
// every answer returns it as X-Request-Id.
//
// An incoming X-Request-Id is honoured only when it comes from a trusted proxy (TRUST_PROXY: a hop count, `true`, or
// the peer's address in the list) and is a well-formed UUID: the balancer's id then links its log to ours, while a
// client talking to the API directly cannot choose the id its requests are logged under, and nothing but 36
// hexadecimal-and-dash characters ever reaches a log line from that header.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import net from 'node:net';
import type { TrustProxy } from '../config';

export const REQUEST_ID_HEADER = 'x-request-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Whether the socket peer is a proxy TRUST_PROXY trusts (the same peers whose X-Forwarded-For Fastify believes). */
export function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false || trust === 0) return () => false;
  if (trust === true || typeof trust === 'number') return () => true;
  const list = new net.BlockList();
  for (const entry of trust) {
    const named = NAMED[entry];
    if (named) {
      for (const [a, p, t] of named) list.addSubnet(a, p, t);
      continue;
    }
    const [addr, prefix] = entry.split('/') as [string, string | undefined];
    const type = net.isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const a = mapped ? mapped[1]! : address;
    return list.check(a, net.isIPv6(a) ? 'ipv6' : 'ipv4');
  };
}

/** Fastify's genReqId for these TRUST_PROXY settings. */
export function requestIdGenerator(trust: TrustProxy): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trust);
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && UUID.test(incoming) && trusted(req.socket?.remoteAddress)) return incoming.toLowerCase();
    return randomUUID();
  };
}

/** The id of the request whose handling is running (its hooks, handler and what they call). */
const current = new AsyncLocalStorage<string>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * pino's `mixin`: a line written through `app.log` while a request is handled (the mailer's 'mail stored in outbox',
 * a pass's warning) carries that request's `reqId` too, as request.log's lines do (those have it bound already).
 */
export function requestIdMixin(_merge: object, _level: number, logger: { bindings(): Record<string, unknown> }): object {
  const id = current.getStore();
  return id !== undefined && !('reqId' in logger.bindings()) ? { reqId: id } : {};
}

/**
 * Runs each request's handling with its id in `current`: from its first hook, and again from preValidation, because
 * the handler starts from the request body's 'end' event, which Node runs outside the request's first context.
 */
export function trackRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run(request.id, () => {
      scopes.set(request, new AsyncResource('request'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
