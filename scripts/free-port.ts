/**
 * A TCP port on 127.0.0.1 that was free a moment ago (for `npm start` in tests and benchmarks).
 *
 * The port is chosen below the kernel's ephemeral range on purpose. A port the kernel hands out
 * for `listen(0)` comes from the same range it uses for the local end of outgoing connections, so
 * while `npm start` builds for a minute or two, any client on the machine (another test file's
 * thousand requests) may take it, and netlify-cli then fails with EADDRINUSE. Below that range a
 * port is only ever taken by someone who asks for it by number.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port the kernel uses for outgoing connections (Linux's setting; 32768 elsewhere). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 11_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const LOWEST = 10_000;

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const highest = ephemeralLow() - 1;
  for (let attempt = 0; attempt < 200; attempt++) {
    // Random, so two processes choosing at the same moment rarely pick the same port.
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
    if (await listens(port)) return port;
  }
  throw new Error(`No free TCP port on 127.0.0.1 between ${LOWEST} and ${highest} after 200 tries.`);
}
