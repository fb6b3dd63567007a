import { networkInterfaces } from 'node:os';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnShopProcess } from '../test-support/shop-process.ts';
import { tempDir } from '../test-support/temp-dir.ts';

/** This machine's first IPv4 address that is not loopback, if it has one. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('the API\'s metrics port', () => {
  const dir = tempDir('shop-metrics-port-');
  let stop = () => {};
  afterAll(() => {
    stop();
    dir.remove();
  });

  it.skipIf(!outside)('listens where the shop does (loopback by default), not on every interface', async () => {
    const healthPort = await freePort();
    const { child } = await spawnShopProcess({ DATA_DIR: dir.path, SEED_CATALOG: 'false', UI_DIST: `${dir.path}/no-ui`, NODE_ENV: 'test', HEALTH_PORT: String(healthPort) }, 90_000);
    stop = () => child.kill('SIGKILL');
    expect((await fetch(`http://127.0.0.1:${healthPort}/metrics`)).status).toBe(200);
    await expect(fetch(`http://${outside}:${healthPort}/metrics`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();
  });
});
