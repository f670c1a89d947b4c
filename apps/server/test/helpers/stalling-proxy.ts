import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { inject } from 'vitest';

interface Connection {
  client: Socket;
  upstream: Socket;
  /** The answers held back while the connection is stalled. */
  held: Buffer[] | undefined;
}

/**
 * A TCP proxy in front of the real PostgreSQL that passes every byte, except that it can stall the
 * connections that run a given prepared statement: once the client sends a Bind of it, PostgreSQL runs
 * it at once, and its answer (and anything after it on that connection) is held back until `release()`,
 * as a connection that hangs, a lock or a slow disk would hold it. `cut()` ends those connections
 * instead, as the timeouts of a server gone silent would.
 */
export class StallingProxy {
  readonly #connections = new Set<Connection>();
  #statement: Buffer = Buffer.alloc(0);
  #stallsLeft = 0;
  /** How many Binds of the watched statement reached PostgreSQL since `stall()`. */
  binds = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** A proxy listening on a free port, forwarding to the test run's PostgreSQL. */
  static async start(): Promise<StallingProxy> {
    const target = new URL(inject('testDatabaseUrl') ?? 'postgres://127.0.0.1:5432/postgres');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new StallingProxy(server, (server.address() as AddressInfo).port);
    server.on('connection', (client) => proxy.accept(client, target));
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  /**
   * From now on, the connections that bind a statement whose name starts with `statementName` are
   * stalled, the next `times` of them (every one if not given); `binds` counts them all.
   */
  stall(statementName: string, times = Number.POSITIVE_INFINITY): void {
    this.#statement = Buffer.from(statementName);
    this.#stallsLeft = times;
    this.binds = 0;
  }

  /** How many connections are stalled now. */
  get stalled(): number {
    return [...this.#connections].filter((connection) => connection.held).length;
  }

  /** How many stalled connections have an answer held back: PostgreSQL has run their statement. */
  get answered(): number {
    return [...this.#connections].filter((connection) => (connection.held?.length ?? 0) > 0).length;
  }

  /** Nothing more is stalled; the held answers go on. */
  release(): void {
    this.#stallsLeft = 0;
    for (const connection of this.#connections) {
      const held = connection.held;
      connection.held = undefined;
      for (const chunk of held ?? []) connection.client.write(chunk);
    }
  }

  /** The stalled connections are cut, their answers lost; what `stall()` asked still holds. */
  cut(): void {
    for (const connection of this.#connections)
      if (connection.held) {
        connection.client.destroy();
        connection.upstream.destroy();
      }
  }

  async close(): Promise<void> {
    this.#stallsLeft = 0;
    for (const connection of this.#connections) {
      connection.client.destroy();
      connection.upstream.destroy();
    }
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: Socket, target: URL): void {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const connection: Connection = { client, upstream, held: undefined };
    this.#connections.add(connection);
    const end = () => {
      this.#connections.delete(connection);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
    client.on('data', (chunk: Buffer) => {
      const binds = this.#statement.length > 0 ? this.bindsIn(chunk) : 0;
      if (binds > 0) {
        this.binds += binds;
        if (this.#stallsLeft > 0 && !connection.held) {
          this.#stallsLeft -= 1;
          connection.held = [];
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (connection.held) connection.held.push(chunk);
      else client.write(chunk);
    });
  }

  /** The Bind messages of the watched statement in `chunk`: 'B', length, the unnamed portal, the name. */
  private bindsIn(chunk: Buffer): number {
    let count = 0;
    for (let at = chunk.indexOf(this.#statement); at !== -1; at = chunk.indexOf(this.#statement, at + 1))
      if (at >= 6 && chunk[at - 1] === 0 && chunk[at - 6] === 0x42) count += 1;
    return count;
  }
}
