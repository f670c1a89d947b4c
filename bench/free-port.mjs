import { createServer } from 'node:net';

/** A TCP port of 127.0.0.1 that nothing listens on (the system's choice), for a server a script starts. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}
