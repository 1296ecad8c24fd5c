// A TCP pass-through for one process's connection to a service (Redis, PostgreSQL) that stops dead
// at a chosen moment: when what the process sends matches `trip`, that chunk and everything after
// it are dropped, in both directions, and `tripped` resolves. Tests use it to catch a process at an
// exact point of its work (a command it is about to send) and kill it there.
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TripwireProxy {
  /** 127.0.0.1 and the port to connect to instead of the service. */
  host: string;
  port: number;
  /** Resolves when `trip` matched: the process is stuck just before sending that chunk. */
  tripped: Promise<void>;
  /** Ends every connection through the proxy (the service sees its clients go away). */
  cut(): void;
  close(): Promise<void>;
}

export async function startTripwireProxy({ target, trip }: { target: { host: string; port: number }; trip: (chunk: Buffer) => boolean }): Promise<TripwireProxy> {
  const sockets = new Set<Socket>();
  let stopped = false;
  let onTrip: () => void = () => {};
  const tripped = new Promise<void>((resolve) => (onTrip = resolve));
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (stopped) return;
      if (trip(chunk)) {
        stopped = true;
        onTrip();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!stopped) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    tripped,
    cut,
    close: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
