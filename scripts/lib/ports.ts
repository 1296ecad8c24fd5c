// Small network helpers: is a TCP port free on loopback, and the first free one from a start.
import net from 'node:net';

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The first free port at or after `from`. Stays below 32768, where the kernel's ephemeral range
 * starts, so an outgoing connection can't grab it between our check and the server's bind.
 */
export async function findFreePort(from: number, host = '127.0.0.1'): Promise<number> {
  for (let port = from; port < 32768; port++) {
    if (await isPortFree(port, host)) return port;
  }
  throw new Error(`No free port between ${from} and 32767 on ${host}`);
}

/** True when something accepts TCP connections on host:port within the timeout. */
export function canConnect(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
