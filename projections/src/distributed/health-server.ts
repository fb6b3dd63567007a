import { createServer, type Server } from 'node:http';
import type { ShopMetrics } from '@shop/platform';

/**
 * `/healthz` and `/metrics` for the processes that serve no HTTP of their own (relay, projector
 * workers), so an orchestrator can probe them and Prometheus can scrape them. `healthy` says
 * whether the process is doing its job (a 503 makes the container restart after its retries).
 * `host`: the interface to listen on, the process's HOST (loopback by default), so a metrics port
 * is never more reachable than its operator configured; containers set HOST=0.0.0.0.
 */
export async function startHealthServer(
  port: number,
  metrics: ShopMetrics,
  healthy: () => boolean | Promise<boolean>,
  host: string,
): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      if (req.url === '/healthz') {
        const ok = await healthy();
        res.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ status: ok ? 'ok' : 'unhealthy' }));
      } else if (req.url === '/metrics') {
        const { contentType, body } = await metrics.render();
        res.writeHead(200, { 'Content-Type': contentType });
        res.end(body);
      } else {
        res.writeHead(404).end();
      }
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
