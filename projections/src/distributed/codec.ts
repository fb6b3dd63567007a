import type { EventMetadata, RecordedEvent } from '@shop/platform';

/**
 * What travels on the bus. Events carry everything a projector needs (no second read from the
 * event store); bigints travel as decimal strings. Ticks are the relay's watermarks; pauses ask
 * the workers to hold a projection for a rebuild.
 */
export type BusRecord =
  | { kind: 'event'; event: RecordedEvent }
  | { kind: 'tick'; position: bigint }
  | { kind: 'pause'; projection: string; epoch: bigint };

interface WireEvent {
  id: string;
  streamId: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  revision: string;
  position: string;
}

type Wire =
  | { kind: 'event'; event: WireEvent }
  | { kind: 'tick'; position: string }
  | { kind: 'pause'; projection: string; epoch: string };

export function encodeRecord(record: BusRecord): string {
  let wire: Wire;
  if (record.kind === 'event') {
    const { revision, position, ...rest } = record.event;
    wire = { kind: 'event', event: { ...rest, revision: revision.toString(), position: position.toString() } };
  } else if (record.kind === 'tick') {
    wire = { kind: 'tick', position: record.position.toString() };
  } else {
    wire = { kind: 'pause', projection: record.projection, epoch: record.epoch.toString() };
  }
  return JSON.stringify(wire);
}

/** A bus record this release cannot read (corrupt, truncated, or from an incompatible writer). */
export class UndecodableRecordError extends Error {
  constructor(reason: string, value: string) {
    super(`Undecodable bus record (${reason}): ${value.slice(0, 80)}`);
    this.name = 'UndecodableRecordError';
  }
}

const DECIMAL = /^-?\d{1,20}$/;

/** Parses and checks a record; throws UndecodableRecordError for anything a projector could not apply. */
export function decodeRecord(value: string): BusRecord {
  let wire: Wire;
  try {
    wire = JSON.parse(value) as Wire;
  } catch {
    throw new UndecodableRecordError('not JSON', value);
  }
  const bad = (reason: string) => new UndecodableRecordError(reason, value);
  if (typeof wire !== 'object' || wire === null) throw bad('not an object');
  switch (wire.kind) {
    case 'event': {
      const event = wire.event as Partial<WireEvent> | undefined;
      if (typeof event !== 'object' || event === null) throw bad('no event');
      for (const field of ['id', 'streamId', 'type'] as const) if (typeof event[field] !== 'string') throw bad(`event.${field}`);
      for (const field of ['revision', 'position'] as const) {
        if (typeof event[field] !== 'string' || !DECIMAL.test(event[field])) throw bad(`event.${field}`);
      }
      if (typeof event.metadata !== 'object' || event.metadata === null) throw bad('event.metadata');
      return { kind: 'event', event: { ...(event as WireEvent), revision: BigInt(event.revision!), position: BigInt(event.position!) } };
    }
    case 'tick':
      if (typeof wire.position !== 'string' || !DECIMAL.test(wire.position)) throw bad('tick.position');
      return { kind: 'tick', position: BigInt(wire.position) };
    case 'pause':
      if (typeof wire.projection !== 'string' || typeof wire.epoch !== 'string' || !DECIMAL.test(wire.epoch)) throw bad('pause');
      return { kind: 'pause', projection: wire.projection, epoch: BigInt(wire.epoch) };
    default:
      throw bad('unknown kind');
  }
}

/**
 * A watermark as an event no projection handles: `applyBatch` then only moves the checkpoint
 * to it, which is exactly what a watermark means ("nothing of yours up to here is missing").
 */
export function tickAsEvent(position: bigint): RecordedEvent {
  return {
    id: `tick-${position}`,
    streamId: '$relay',
    type: '$tick',
    data: null,
    metadata: { timestamp: new Date(0).toISOString() },
    revision: 0n,
    position,
  };
}
