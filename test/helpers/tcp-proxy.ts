import net from 'node:net';

/**
 * A TCP proxy in front of a server the tests share (PostgreSQL, Redis): a test points the
 * service at the proxy and cuts it, which looks to the service exactly like its server going
 * away, while every other test keeps talking to the real one.
 */
export interface TcpProxy {
  readonly port: number;
  /** The URL of the target with its host and port replaced by the proxy's. */
  via(url: string): string;
  /** Connections currently open through the proxy. */
  readonly open: number;
  /** The server is down: open connections are reset and new ones refused (ECONNREFUSED). */
  down(): Promise<void>;
  /** The server went silent: connections stay open but no byte passes either way, and new ones are accepted and never answered. */
  silence(): void;
  /** The server is back: new connections go through (those cut or silenced are reset). */
  up(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | undefined;
}

function reset(socket: net.Socket | undefined): void {
  if (!socket || socket.destroyed) return;
  socket.resetAndDestroy();
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let mode: 'up' | 'silent' | 'down' = 'up';

  const server = net.createServer((client) => {
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      reset(client);
      reset(pair.upstream);
    };
    client.on('error', drop);
    client.on('close', drop);
    if (mode === 'silent') {
      client.pause();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const resetAll = () => {
    for (const pair of [...pairs]) {
      pairs.delete(pair);
      reset(pair.client);
      reset(pair.upstream);
    }
  };

  return {
    port,
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    get open() {
      return pairs.size;
    },
    async down() {
      if (mode === 'down') return;
      mode = 'down';
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      resetAll();
      await closed;
    },
    silence() {
      mode = 'silent';
      for (const { client, upstream } of pairs) {
        if (upstream) {
          client.unpipe(upstream);
          upstream.unpipe(client);
          upstream.pause();
        }
        client.pause();
      }
    },
    async up() {
      const wasDown = mode === 'down';
      mode = 'up';
      resetAll();
      if (wasDown) await listen(port);
    },
    async close() {
      mode = 'down';
      resetAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
