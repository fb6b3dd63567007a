import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

/** Null when `docker compose` answers (it validates without an engine), else why the test is skipped. */
async function composeUnavailable(): Promise<string | null> {
  try {
    await run('docker', ['compose', 'version'], { timeout: 15_000 });
    return null;
  } catch (error) {
    const message = (error as { stderr?: string; message: string }).stderr?.trim() || (error as Error).message;
    return `no docker compose CLI (${message.split('\n')[0]})`;
  }
}

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  restart?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: unknown[];
  container_name?: string;
  volumes?: { type: string; source: string; target: string }[];
  depends_on?: Record<string, { condition: string }>;
}

/** The file as Compose itself reads it: merged, interpolated and validated against the spec. */
async function composeConfig(env: Record<string, string> = {}): Promise<{ services: Record<string, ComposeService>; volumes: Record<string, unknown> }> {
  const { stdout } = await run('docker', ['compose', '-f', 'docker-compose.yml', 'config', '--format', 'json'], {
    cwd: root,
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
}

const reason = await composeUnavailable();
if (reason) console.log(`skipped docker-compose.yml validation: ${reason}`);

describe.skipIf(reason !== null)(`docker-compose.yml${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('is valid and runs the whole shop distributed, every service checked and restarted', async () => {
    const { services, volumes } = await composeConfig();
    expect(Object.keys(services).sort()).toEqual(['api', 'eventstore', 'kafka', 'mailpit', 'mongo', 'projector', 'relay']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test.length, `${name} healthcheck`).toBeGreaterThan(0);
      expect(service.restart, `${name} restart`).toBe('unless-stopped');
    }
    expect(services.eventstore?.image).toBe('eventstore/eventstore:24.10');
    expect(services.kafka?.image).toBe('apache/kafka:3.9.0');
    expect(services.mongo?.command).toEqual(['--replSet', 'rs0', '--bind_ip_all']);

    const api = services.api!;
    expect(api.environment).toMatchObject({ EVENT_STORE: 'eventstoredb', READ_STORE: 'mongodb', PROJECTIONS: 'external', KAFKA_PARTITIONS: '6' });
    expect(api.depends_on?.mongo?.condition).toBe('service_healthy');
    for (const app of ['relay', 'projector']) expect(services[app]?.image).toBe(api.image);
    // Scalable: nothing in the projector pins one container.
    expect(services.projector?.container_name).toBeUndefined();
    expect(services.projector?.ports ?? []).toEqual([]);
    expect(Object.keys(volumes).sort()).toEqual(['app-data', 'eventstore-data', 'eventstore-logs', 'kafka-data', 'mongo-config', 'mongo-data']);
    expect(services.kafka?.volumes?.[0]).toMatchObject({ type: 'volume', target: '/var/lib/kafka/data' });
  });

  it('takes its settings from the environment', async () => {
    const { services } = await composeConfig({ KAFKA_PARTITIONS: '12', SHOP_PORT: '8080', MONGODB_DB: 'shop_test' });
    expect(services.projector?.environment).toMatchObject({ KAFKA_PARTITIONS: '12', MONGODB_DB: 'shop_test' });
    expect(JSON.stringify(services.api?.ports)).toContain('8080');
  });
});
