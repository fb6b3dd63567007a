import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { LogImportError, exportLog, importLog } from './log-file.ts';
import { newEventId, type EventStore } from './port.ts';
import { SqliteEventStore } from './sqlite.ts';

describe('log files (log:export, log:import) on the SQLite log', () => {
  let dir: ReturnType<typeof tempDir>;
  const open: EventStore[] = [];
  const store = (name: string) => {
    const opened = new SqliteEventStore(join(dir.path, `${name}.db`));
    open.push(opened);
    return opened;
  };
  const exportTo = async (from: EventStore, name: string) => {
    const file = join(dir.path, name);
    const out = createWriteStream(file);
    const count = await exportLog(from, out);
    out.end();
    await finished(out);
    return { file, count };
  };
  const linesOf = (file: string) => createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  async function* firstLines(file: string, n: number) {
    let taken = 0;
    for await (const line of linesOf(file)) if (taken++ < n) yield line;
  }

  beforeEach(async () => {
    dir = tempDir('shop-log-file-');
    const source = store('source');
    // Streams interleaved, as a shop writes them; one event of a changed type written at version 2.
    await source.append('cart-u1', [{ id: newEventId(), type: 'CartItemAdded', data: { qty: 1, title: 'Diya “brass”' }, metadata: { userId: 'u1', correlationId: 'c1' } }], 'no_stream');
    await source.append('payment-o1', [{ id: newEventId(), type: 'PaymentOpened', data: { amount: 499 }, metadata: { timestamp: '2026-11-24T10:00:00.000Z' } }], 'no_stream');
    await source.append('cart-u1', [
      { id: newEventId(), type: 'CartItemAdded', data: { qty: 2 } },
      { id: newEventId(), type: 'CartItemRemoved', data: { reason: 'changed mind' } },
    ], 0n);
    await source.append('payment-o2', [{ id: newEventId(), type: 'PaymentOpened', data: { amount: 99, paymentMethod: 'upi' }, metadata: { schemaVersion: 2 } }], 'no_stream');
    await source.append('cart-u1', [{ id: newEventId(), type: 'CartItemAdded', data: {} }], 2n);
  });
  afterEach(async () => {
    for (const opened of open.splice(0)) await opened.close();
    dir.remove();
  });

  it('round-trips: export, import into a new store, export again gives the same bytes', async () => {
    const first = await exportTo(open[0]!, 'first.jsonl');
    expect(first.count).toBe(6);
    const copy = store('copy');
    expect(await importLog(copy, linesOf(first.file))).toEqual({ imported: 6, alreadyThere: 0 });
    const second = await exportTo(copy, 'second.jsonl');
    expect(readFileSync(second.file, 'utf8')).toBe(readFileSync(first.file, 'utf8'));

    const lines = readFileSync(first.file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((l) => [l.stream, l.revision, l.version])).toEqual([
      ['cart-u1', '0', 1], ['payment-o1', '0', 1], ['cart-u1', '1', 1], ['cart-u1', '2', 1], ['payment-o2', '0', 2], ['cart-u1', '3', 1],
    ]);
    expect(lines[1]).toMatchObject({ position: '2', time: '2026-11-24T10:00:00.000Z', data: { amount: 499 } });
    // The copy's streams go on where the original's did.
    await expect(copy.append('cart-u1', [{ id: newEventId(), type: 'CartItemAdded', data: {} }], 3n)).resolves.toMatchObject({ nextRevision: 4n });
  });

  it('refuses a store that holds other events, and writes nothing to it', async () => {
    const { file } = await exportTo(open[0]!, 'log.jsonl');
    const other = store('other');
    await other.append('cart-u9', [{ id: newEventId(), type: 'CartItemAdded', data: {} }], 'no_stream');
    await expect(importLog(other, linesOf(file))).rejects.toThrow(/The event store is not empty: log:import loads a log into an empty store only/);
    expect(await other.headPosition()).toBe(1n);
  });

  it('finishes an import that stopped part-way, and a second run of a finished one appends nothing', async () => {
    const { file } = await exportTo(open[0]!, 'log.jsonl');
    const copy = store('copy');
    expect(await importLog(copy, firstLines(file, 3))).toEqual({ imported: 3, alreadyThere: 0 });
    expect(await importLog(copy, linesOf(file))).toEqual({ imported: 3, alreadyThere: 3 });
    expect(await importLog(copy, linesOf(file))).toEqual({ imported: 0, alreadyThere: 6 });
    const again = await exportTo(copy, 'again.jsonl');
    expect(readFileSync(again.file, 'utf8')).toBe(readFileSync(file, 'utf8'));
  });

  it('names the line that is not an event', async () => {
    const copy = store('copy');
    async function* lines() {
      yield '{"position":"1","stream":"s","revision":"0","id":"x","type":"T","version":1,"time":"t","data":{},"metadata":{"timestamp":"t"}}';
      yield '{"stream":"s"}';
    }
    await expect(importLog(copy, lines())).rejects.toThrow(LogImportError);
    await expect(importLog(store('copy2'), lines())).rejects.toThrow(/^Line 2 is not an event of a log file: position/);
  });
});
