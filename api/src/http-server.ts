// The HTTP server the API listens with (server.ts, and the test harness, so tests see what
// production does). Node answers a request it cannot parse (a request line or headers over its
// 16 KB limit, a malformed request line or header) itself, below Koa, with a bare status and no
// body: here it answers with the API's JSON error body instead, so every 4xx carries a message
// (found by the fuzz, tests/fuzz: a 30 KB query string got a bare 431).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ApiErrorBody } from '../../core/api-error';

const CLIENT_ERRORS: Record<string, { status: number; reason: string; body: ApiErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: { error: { code: 'headers_too_large', message: 'The request address or its headers are too large (16 KB at most).' } },
  },
  default: {
    status: 400,
    reason: 'Bad Request',
    body: { error: { code: 'bad_request', message: 'The request could not be read: it is not valid HTTP.' } },
  },
};

/** Answers a request Node could not parse with the JSON error body, then closes the connection. */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
  // A connection reset or a timed-out idle socket has no request to answer; and while a response
  // is under way on this connection (bytes after a request answered early, e.g. the rest of a body
  // refused with 413), another would corrupt it: close the connection, as Node itself does then.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, reason, body } = CLIENT_ERRORS[error.code ?? ''] ?? CLIENT_ERRORS.default!;
  const text = JSON.stringify(body);
  // The answer to HEAD has no body (its client would read one as garbage); the fuzz sent one.
  const isHead = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${isHead ? '' : text}`,
  );
}

/**
 * How long an idle keep-alive connection stays open. Longer than the proxies in front keep theirs
 * (nginx's upstream keepalive_timeout is 60 s; most cloud load balancers 60 s): with Node's
 * default of 5 s the API closed connections the proxy was about to reuse, and the request sent on
 * one got a reset (a 502 behind nginx; the load bench saw them as status 0).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function createHttpServer(listener: RequestListener): Server {
  const server = createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node requires the headers timeout to be above the keep-alive timeout.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  server.on('clientError', answerClientError);
  return server;
}
