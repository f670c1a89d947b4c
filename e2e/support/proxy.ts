import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the Lajan server, on a port of its own: stopping it cuts the server off for
 * everything the browser does, its service worker's own requests included (Playwright's `setOffline`
 * does not), and starting it again on the same port brings the same origin back.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly target: number,
    private port: number,
  ) {}

  static async start(target: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.start();
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Stops listening and cuts every connection: nothing reaches the server any more. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
