/**
 * One real Kafka broker for a whole test run (vitest's `kafka` project), instead of one per test
 * file: each start costs a JVM's warm-up and a KRaft format, seconds of both cores. It starts in
 * the background, so the run's other files do not wait for it; the files that need it wait in
 * `sharedLocalKafka` (test-support/kafka-broker.ts) and name their own topics and groups. It only
 * runs when one of the project's files is in the run, and is stopped when the run ends.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalKafka, type LocalKafkaStatus } from './kafka-broker.ts';
import { tempDir } from './temp-dir.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's broker writes how to reach it, or why there is none (see sharedLocalKafka). */
    localKafkaStatus: string;
  }
}

export default function setup(project: TestProject) {
  const dir = tempDir('shop-kafka-run-');
  const statusFile = join(dir.path, 'broker.json');
  const report = (status: LocalKafkaStatus) => {
    // Whole or not at all: a reader never sees half of it.
    writeFileSync(`${statusFile}.tmp`, JSON.stringify(status));
    renameSync(`${statusFile}.tmp`, statusFile);
  };
  const starting = startLocalKafka().then(
    (broker) => {
      report(typeof broker === 'string' ? { skip: broker } : { brokers: broker.brokers });
      return typeof broker === 'string' ? undefined : broker;
    },
    (error: unknown) => {
      report({ error: error instanceof Error ? error.message : String(error) });
      return undefined;
    },
  );
  project.provide('localKafkaStatus', statusFile);
  return async () => {
    await (await starting)?.stop();
    dir.remove();
  };
}
