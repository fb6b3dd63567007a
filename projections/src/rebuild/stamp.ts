import { createHash } from 'node:crypto';
import type { DocumentStore, EventStore } from '@shop/platform';
import type { CheckpointLayout } from '../distributed/layout.ts';
import type { Projection } from '../projection.ts';

/**
 * What a read model was built by, recorded beside its checkpoints: the projection's version and
 * the log it was built from. They are checkpoints (numbers set in the same atomic step as the
 * swap of a rebuild), so a read model and its stamp can never disagree after a crash.
 */
export function versionCheckpoint(projection: string): string {
  return `version:${projection}`;
}

export function logCheckpoint(projection: string): string {
  return `log:${projection}`;
}

/**
 * A log's identity as a checkpoint value: the first 62 bits of its SHA-256, a positive number
 * that fits the 64-bit signed integers the SQLite store keeps checkpoints in. Two logs share one
 * by chance about once in 2^31 pairs of logs: never, for a shop.
 */
export function logFingerprint(identity: string): bigint {
  return BigInt.asUintN(62, BigInt(`0x${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`));
}

/** The checkpoints that say "built by this code from this log". */
export function stampCheckpoints(projection: Projection, fingerprint: bigint): { name: string; position: bigint }[] {
  return [
    { name: versionCheckpoint(projection.name), position: BigInt(projection.version) },
    { name: logCheckpoint(projection.name), position: fingerprint },
  ];
}

/** Where a projection's read model stands against the code and the log it is served with. */
export type Standing =
  /** Never built (a new data folder, a projection added): it catches up from the start, as it is. */
  | { state: 'fresh' }
  | { state: 'current' }
  /**
   * Must be rebuilt. `foreignLog`: its documents and checkpoint come from another log, so its
   * writers must not go on from that checkpoint (they would skip or misapply this log's events).
   */
  | { state: 'stale'; reason: string; foreignLog: boolean };

export async function standingOf(
  projection: Projection,
  store: DocumentStore,
  events: EventStore,
  layout: CheckpointLayout,
  fingerprint: bigint,
): Promise<Standing> {
  const positions = await Promise.all(layout.names(projection.name).map((name) => store.getCheckpoint(name)));
  const reached = positions.reduce<bigint>((high, p) => (p !== null && p > high ? p : high), 0n);
  if (reached === 0n) return { state: 'fresh' };
  const [version, log] = await Promise.all([store.getCheckpoint(versionCheckpoint(projection.name)), store.getCheckpoint(logCheckpoint(projection.name))]);
  if (log !== null && log !== fingerprint) {
    return { state: 'stale', foreignLog: true, reason: `built from another event log (log ${hex(log)}, this one is ${hex(fingerprint)})` };
  }
  if (log === null) {
    // Built before read models recorded their log: a checkpoint past this log's head can only
    // come from another log.
    const head = await events.headPosition();
    if (reached > head) return { state: 'stale', foreignLog: true, reason: `its checkpoint (${reached}) is past the head of this event log (${head}): built from another log` };
  }
  if (version === null) return { state: 'stale', foreignLog: false, reason: `built before read models recorded their version; this code's is ${projection.version}` };
  if (version !== BigInt(projection.version)) {
    return { state: 'stale', foreignLog: false, reason: `built by version ${version}, this code's is ${projection.version}` };
  }
  if (log === null) return { state: 'stale', foreignLog: false, reason: 'the log it was built from was not recorded' };
  return { state: 'current' };
}

function hex(fingerprint: bigint): string {
  return fingerprint.toString(16).padStart(16, '0');
}
