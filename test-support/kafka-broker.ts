/**
 * A real Apache Kafka broker for the test suite, without Docker: the broker's jars come from
 * Maven Central through test-support/kafka/pom.xml (fetched once into .cache/kafka/<version>,
 * kept between runs), and one KRaft node (broker and controller) runs on 127.0.0.1 with a small
 * heap in a fresh folder. One broker serves the whole run (kafka-global-setup.ts); the files
 * reach it through `sharedLocalKafka`. Where Java or Maven is missing, the suites that need it
 * skip with the reason this gives.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './shop-process.ts';
import { inject } from 'vitest';
import { tempDir } from './temp-dir.ts';
import { scaledTimeout } from './time-budget.ts';

const POM = join(ROOT, 'test-support/kafka/pom.xml');
/** The broker version the pom names (also the cache folder's name, so a new version fetches anew). */
export const KAFKA_VERSION = /<artifactId>kafka_2\.13<\/artifactId>\s*<version>([^<]+)<\/version>/.exec(readFileSync(POM, 'utf8'))![1]!;
const LIBS = join(ROOT, '.cache/kafka', KAFKA_VERSION, 'libs');

export interface LocalKafka {
  brokers: string[];
  stop(): Promise<void>;
}

/** What the run's broker reports (kafka-global-setup.ts): where it listens, why there is none, or how it failed. */
export type LocalKafkaStatus = { brokers: string[] } | { skip: string } | { error: string };

/** Longest wait for the run's broker: a first run fetches its jars through Maven (up to 10 min), then it starts (up to `BROKER_START_MS`, and a minute to spare). */
const SHARED_BROKER_WAIT_MS = 10 * 60_000 + scaledTimeout(3 * 60_000);
/**
 * Longest a broker may take to format its folder, and to answer on its port, on the reference
 * machine: scaled to this one (a loaded 2-core machine took past 120 s to start the JVM).
 */
const BROKER_START_MS = 120_000;

/**
 * The run's broker (started once by the `kafka` project's global setup), or the reason there is
 * none (then the caller skips). A broker that failed to start fails the caller. Files share it:
 * each names its own topics and consumer groups.
 */
export async function sharedLocalKafka(): Promise<{ brokers: string[] } | string> {
  const statusFile = inject('localKafkaStatus');
  if (!statusFile) throw new Error('no shared Kafka broker: this file belongs in the vitest project "kafka" (vitest.config.ts)');
  const deadline = Date.now() + SHARED_BROKER_WAIT_MS;
  while (!existsSync(statusFile)) {
    if (Date.now() > deadline) throw new Error('the shared Kafka broker neither started nor failed in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const status = JSON.parse(readFileSync(statusFile, 'utf8')) as LocalKafkaStatus;
  if ('error' in status) throw new Error(status.error);
  return 'skip' in status ? status.skip : { brokers: status.brokers };
}

function missingTool(): string | null {
  for (const [tool, args] of [['java', ['-version']], ['mvn', ['-v']]] as const) {
    const probe = spawnSync(tool, args, { stdio: 'ignore' });
    if (probe.error || probe.status !== 0) return `no ${tool} on this machine (a real Kafka broker needs Java 17+ and Maven)`;
  }
  return null;
}

/** The broker's jars, fetched through Maven the first time (into a temporary folder, then renamed: never half a set). */
async function brokerJars(): Promise<string> {
  if (existsSync(LIBS) && readdirSync(LIBS).some((name) => name.startsWith('kafka_2.13'))) return LIBS;
  const fetching = `${LIBS}.${randomUUID().slice(0, 8)}`;
  mkdirSync(fetching, { recursive: true });
  try {
    await promisify(execFile)('mvn', ['-q', '-B', '-f', POM, 'dependency:copy-dependencies', `-DoutputDirectory=${fetching}`, '-DincludeScope=runtime'], {
      timeout: 10 * 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    if (!existsSync(LIBS)) renameSync(fetching, LIBS);
  } finally {
    rmSync(fetching, { recursive: true, force: true });
  }
  return LIBS;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts one broker, or answers why it cannot (then the caller skips). Topics are created by the
 * code under test (auto-creation is off, as in production); group joins skip the 3 s delay.
 */
export async function startLocalKafka(): Promise<LocalKafka | string> {
  const missing = missingTool();
  if (missing) return missing;
  const libs = await brokerJars();
  const dir = tempDir('shop-kafka-');
  const [port, controllerPort] = [await freePort(), await freePort()];
  const properties = join(dir.path, 'server.properties');
  writeFileSync(
    properties,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      `log.dirs=${join(dir.path, 'data')}`,
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=4',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'auto.create.topics.enable=false',
    ].join('\n'),
  );
  const classpath = `${libs}/*`;
  // A small heap and a quick start: this broker holds a few test topics.
  const jvm = ['-Xms64m', '-Xmx320m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-cp', classpath];
  await promisify(execFile)('java', [...jvm, 'kafka.tools.StorageTool', 'format', '-t', randomUUID(), '-c', properties, '--ignore-formatted'], { timeout: scaledTimeout(BROKER_START_MS) });
  const broker: ChildProcess = spawn('java', [...jvm, 'kafka.Kafka', properties], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  broker.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => broker.once('exit', () => resolve()));
  const stop = async () => {
    if (broker.exitCode === null) broker.kill('SIGTERM');
    const killer = setTimeout(() => broker.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
    dir.remove();
  };
  const deadline = Date.now() + scaledTimeout(BROKER_START_MS);
  while (!(await answers(port))) {
    if (broker.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the Kafka broker did not start: ${stderr.trim().split('\n').slice(-5).join(' | ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { brokers: [`127.0.0.1:${port}`], stop };
}
