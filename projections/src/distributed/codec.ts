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

export function decodeRecord(value: string): BusRecord {
  const wire = JSON.parse(value) as Wire;
  switch (wire.kind) {
    case 'event':
      return { kind: 'event', event: { ...wire.event, revision: BigInt(wire.event.revision), position: BigInt(wire.event.position) } };
    case 'tick':
      return { kind: 'tick', position: BigInt(wire.position) };
    case 'pause':
      return { kind: 'pause', projection: wire.projection, epoch: BigInt(wire.epoch) };
    default:
      throw new Error(`Unknown bus record: ${value.slice(0, 80)}`);
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
