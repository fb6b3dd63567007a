import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '@shop/platform';

/**
 * docker-compose.yml read with a YAML parser, no Docker needed (compose-file.test.ts checks it
 * with `docker compose config` wherever the CLI exists): the wiring a typo would break and only
 * a running stack would reveal.
 */

interface Service {
  image?: string;
  command?: string[];
  restart?: string;
  environment?: Record<string, string | number>;
  healthcheck?: { test?: string[] };
  ports?: string[];
}

const file = fileURLToPath(new URL('../docker-compose.yml', import.meta.url));
/** Compose's `${VAR:-default}` with every variable unset, as a fresh checkout runs it. */
const interpolate = (text: string) => text.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1').replace(/\$\{[A-Z0-9_]+\}/g, '');
const compose = parse(interpolate(readFileSync(file, 'utf8')), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const app = services.api!;
const env = (service: Service, name: string) => String(service.environment?.[name] ?? '');

/** `host:port` pairs of a connection string or broker list. */
function hostsOf(value: string): { host: string; port: number }[] {
  const authority = value.replace(/^[a-z+]+:\/\//, '').split(/[/?]/)[0]!;
  return authority.split(',').map((pair) => {
    const [host, port] = pair.replace(/^.*@/, '').split(':');
    return { host: host!, port: Number(port) };
  });
}

/** `host:container` or `ip:host:container` port mappings, parsed. */
function published(service: Service): { ip: string | null; host: number; container: number }[] {
  return (service.ports ?? []).map((mapping) => {
    const parts = mapping.split(':');
    const container = Number(parts.pop());
    const host = Number(parts.pop());
    return { ip: parts.pop() ?? null, host, container };
  });
}

/** `NAME://host:port` entries of a Kafka listener setting, by name. */
function listeners(value: string): Map<string, { host: string; port: number }> {
  return new Map(
    value.split(',').map((entry) => {
      const [name, rest] = entry.split('://');
      const [host, port] = rest!.split(':');
      return [name!, { host: host!, port: Number(port) }];
    }),
  );
}

describe('docker-compose.yml (static)', () => {
  it('gives every service a health check and a restart policy', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'eventstore', 'kafka', 'mailpit', 'mongo', 'projector', 'relay']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test?.length ?? 0, `${name} healthcheck`).toBeGreaterThan(0);
      expect(service.restart, `${name} restart`).toBe('unless-stopped');
    }
  });

  it('points every connection string of the app services at a service of the file, on the port it listens on', () => {
    for (const name of ['api', 'relay', 'projector']) {
      const service = services[name]!;
      const expectations: [string, string, number][] = [
        ['EVENTSTORE_URL', 'eventstore', 2113],
        ['MONGODB_URL', 'mongo', 27017],
        ['KAFKA_BROKERS', 'kafka', 9092],
      ];
      if (name === 'api') expectations.push(['SMTP_URL', 'mailpit', 1025]);
      for (const [variable, host, port] of expectations) {
        const hosts = hostsOf(env(service, variable));
        expect(hosts.length, `${name} ${variable}`).toBeGreaterThan(0);
        for (const target of hosts) {
          expect(Object.keys(services), `${name} ${variable}`).toContain(target.host);
          expect(target, `${name} ${variable}`).toEqual({ host, port });
        }
      }
    }
  });

  it('agrees on the replica set: the member the health check initiates is the service the app names', () => {
    const mongo = services.mongo!;
    const replSet = mongo.command![mongo.command!.indexOf('--replSet') + 1];
    expect(new URL(env(app, 'MONGODB_URL')).searchParams.get('replicaSet')).toBe(replSet);
    const initiate = mongo.healthcheck!.test!.join(' ');
    const member = /_id: '([^']+)', members: \[\{ _id: 0, host: '([^']+)' \}\]/.exec(initiate);
    expect(member?.[1]).toBe(replSet);
    const [host, port] = member![2]!.split(':');
    expect({ host, port: Number(port) }).toEqual(hostsOf(env(app, 'MONGODB_URL'))[0]);
  });

  it('has Kafka listeners and advertised listeners that agree, one of them reachable from the host', () => {
    const kafka = services.kafka!;
    const bound = listeners(env(kafka, 'KAFKA_LISTENERS'));
    const advertised = listeners(env(kafka, 'KAFKA_ADVERTISED_LISTENERS'));
    const protocols = new Map(env(kafka, 'KAFKA_LISTENER_SECURITY_PROTOCOL_MAP').split(',').map((pair) => pair.split(':') as [string, string]));
    const controllers = env(kafka, 'KAFKA_CONTROLLER_LISTENER_NAMES').split(',');
    for (const name of bound.keys()) expect(protocols.has(name), `${name} has a protocol`).toBe(true);
    // Every broker listener is advertised (controllers are not), on the port it binds.
    for (const [name, { port }] of bound) {
      if (controllers.includes(name)) continue;
      expect(advertised.get(name)?.port, `${name} advertised`).toBe(port);
    }
    for (const name of advertised.keys()) expect(bound.has(name), `${name} bound`).toBe(true);
    expect(advertised.has(env(kafka, 'KAFKA_INTER_BROKER_LISTENER_NAME'))).toBe(true);
    // The app containers' brokers are an advertised listener...
    for (const broker of hostsOf(env(app, 'KAFKA_BROKERS'))) {
      expect([...advertised.values()]).toContainEqual(broker);
    }
    // ...and one listener is advertised as localhost on the port the host publishes for it.
    const forHost = [...advertised.entries()].find(([, address]) => address.host === 'localhost');
    expect(forHost, 'a listener for the host').toBeDefined();
    expect(published(kafka)).toContainEqual({ ip: '127.0.0.1', host: forHost![1].port, container: bound.get(forHost![0])!.port });
  });

  it('publishes only the shop on every interface; the stores, Kafka and Mailpit on 127.0.0.1 only', () => {
    expect(published(app)).toEqual([{ ip: null, host: 3000, container: 3000 }]);
    for (const [name, service] of Object.entries(services)) {
      if (name === 'api') continue;
      for (const port of published(service)) expect(port.ip, `${name} publishes ${port.host}`).toBe('127.0.0.1');
    }
    expect(published(services.projector!)).toEqual([]);
  });

  it('gives the app services a configuration the shop accepts at start (as a fresh checkout runs it)', () => {
    for (const name of ['api', 'relay', 'projector']) {
      const service = services[name]!;
      const environment = Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value)]));
      expect(() => loadConfig(environment), name).not.toThrow();
    }
  });

  it('lets the workers\' health port answer probes and scrapes from other containers (it binds HOST, loopback by default)', () => {
    for (const name of ['relay', 'projector']) {
      const service = services[name]!;
      expect(env(service, 'HEALTH_PORT'), name).not.toBe('');
      expect(env(service, 'HOST'), `${name} HOST`).toBe('0.0.0.0');
    }
  });
});
