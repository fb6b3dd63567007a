import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTooLargeError, MAX_EVENT_BYTES, WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../src/event-store/port.ts';

/** What a contract run needs: a store, and how to release it (and whatever backs it). */
export interface OpenedEventStore {
  store: EventStore;
  cleanup: () => Promise<void>;
}

/**
 * The EventStore contract, registered once per adapter. `open` is called once for the suite; a
 * string result is a reason to skip every test. Streams are named per test (random UUIDs), so a
 * server shared with other suites works; the log-wide tests (`readAll`, `headPosition`) only look
 * at events they wrote themselves.
 */
export function eventStoreContract(name: string, open: () => Promise<OpenedEventStore | string>): void {
  describe(`EventStore contract: ${name}`, () => {
    let opened: OpenedEventStore | undefined;
    let skipReason: string | undefined;

    beforeAll(async () => {
      const result = await open();
      if (typeof result === 'string') skipReason = result;
      else opened = result;
    });

    afterAll(async () => {
      await opened?.cleanup();
    });

    /** A test that runs against the opened store, or is skipped with the reason `open` gave. */
    function test(title: string, body: (store: EventStore) => Promise<void>): void {
      it(title, async (context) => {
        if (skipReason !== undefined) context.skip(skipReason);
        if (!opened) throw new Error('store was not opened');
        await body(opened.store);
      });
    }

    test('appends and reads back a stream with data and metadata', async (store) => {
      const stream = streamName('roundtrip');
      const first = event('OrderPlaced', { orderId: 'o-1', lines: [{ sku: 'watch', qty: 1 }], total: 2499.5 }, {
        correlationId: 'corr-1',
        causationId: 'cmd-1',
        userId: 'user-7',
        timestamp: '2024-03-01T10:00:00.000Z',
        channel: 'web',
      });
      const second = event('OrderPaid', { orderId: 'o-1', paid: true });
      const before = Date.now();
      const result = await store.append(stream, [first, second], 'no_stream');

      expect(result.nextRevision).toBe(1n);
      const events = await store.readStream(stream);
      expect(events.map((e) => e.id)).toEqual([first.id, second.id]);
      expect(events.map((e) => e.revision)).toEqual([0n, 1n]);
      expect(events.every((e) => e.streamId === stream)).toBe(true);
      expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
      expect(events[0]?.data).toEqual(first.data);
      expect(events[1]?.data).toEqual(second.data);
      expect(events[0]?.metadata).toEqual(first.metadata);
      // The store fills in the timestamp when the caller gave none.
      const filled = Date.parse(events[1]?.metadata.timestamp ?? '');
      expect(filled).toBeGreaterThanOrEqual(before - 1000);
      expect(filled).toBeLessThanOrEqual(Date.now() + 1000);
      const [p0, p1] = events.map((e) => e.position);
      expect(p0! > 0n).toBe(true);
      expect(p1! > p0!).toBe(true);
      expect(result.position).toBe(p1);
    });

    test('refuses an append holding an event past the size limit, and records nothing of that append', async (store) => {
      const stream = streamName('too-large');
      const fits = event('Note', { text: 'x'.repeat(MAX_EVENT_BYTES - 1024) });
      await store.append(stream, [fits], 'no_stream');
      // Counted in UTF-8 bytes: 'é' takes two, so this text is past the limit at half its length.
      const tooLarge = event('Note', { text: 'é'.repeat(MAX_EVENT_BYTES / 2) });
      const error = await rejection(store.append(stream, [event('Small'), tooLarge], 0n));
      expect(error).toBeInstanceOf(EventTooLargeError);
      expect(error).toMatchObject({ status: 413, type: 'Note', streamId: stream });
      expect((await store.readStream(stream)).map((e) => e.id)).toEqual([fits.id]);
    });

    test('reads a stream that does not exist as empty', async (store) => {
      expect(await store.readStream(streamName('missing'))).toEqual([]);
    });

    test("'no_stream' succeeds on a new stream and fails on an existing one", async (store) => {
      const stream = streamName('no-stream');
      await expect(store.append(stream, [event('A')], 'no_stream')).resolves.toMatchObject({ nextRevision: 0n });
      const error = await rejection(store.append(stream, [event('B')], 'no_stream'));
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0n });
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    test("'stream_exists' fails on a new stream and succeeds on an existing one", async (store) => {
      const stream = streamName('stream-exists');
      const error = await rejection(store.append(stream, [event('A')], 'stream_exists'));
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: stream, expected: 'stream_exists', actual: 'no_stream' });
      expect(await store.readStream(stream)).toEqual([]);

      await store.append(stream, [event('A')], 'any');
      await expect(store.append(stream, [event('B')], 'stream_exists')).resolves.toMatchObject({ nextRevision: 1n });
    });

    test('an exact revision succeeds when current and fails when stale or on a new stream', async (store) => {
      const stream = streamName('exact');
      const missing = await rejection(store.append(stream, [event('A')], 0n));
      expect(missing).toBeInstanceOf(WrongExpectedRevisionError);
      expect(missing).toMatchObject({ expected: 0n, actual: 'no_stream' });

      await store.append(stream, [event('A'), event('B')], 'no_stream');
      await expect(store.append(stream, [event('C')], 1n)).resolves.toMatchObject({ nextRevision: 2n });
      const stale = await rejection(store.append(stream, [event('D')], 1n));
      expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
      expect(stale).toMatchObject({ streamId: stream, expected: 1n, actual: 2n });
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    test("'any' succeeds whether or not the stream exists", async (store) => {
      const stream = streamName('any');
      await expect(store.append(stream, [event('A')], 'any')).resolves.toMatchObject({ nextRevision: 0n });
      await expect(store.append(stream, [event('B')], 'any')).resolves.toMatchObject({ nextRevision: 1n });
    });

    test('concurrent appends with the same expected revision: exactly one wins', async (store) => {
      const stream = streamName('race');
      await store.append(stream, [event('Created')], 'no_stream');
      const contenders = Array.from({ length: 5 }, (_, i) => event('Changed', { contender: i }));
      const results = await Promise.allSettled(contenders.map((e) => store.append(stream, [e], 0n)));

      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(4);
      for (const failure of lost) expect(failure.reason).toBeInstanceOf(WrongExpectedRevisionError);
      const events = await store.readStream(stream);
      expect(events).toHaveLength(2);
      const winner = contenders[results.findIndex((r) => r.status === 'fulfilled')];
      expect(events[1]?.id).toBe(winner?.id);
    });

    test('re-appending the same event ids is a no-op that reports the original result', async (store) => {
      const stream = streamName('idempotent');
      const batch = [event('A'), event('B')];
      const original = await store.append(stream, batch, 'no_stream');
      const replay = await store.append(stream, batch, 'no_stream');
      expect(replay).toEqual(original);

      const third = [event('C')];
      const next = await store.append(stream, third, 1n);
      expect(await store.append(stream, third, 1n)).toEqual(next);

      const events = await store.readStream(stream);
      expect(events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    test('a retried append whose first attempt landed never leaves a second copy, even after the stream moved on', async (store) => {
      const stream = streamName('retried');
      const first = [event('A')];
      const original = await store.append(stream, first, 'no_stream');
      await store.append(stream, [event('B')], 0n);
      // The retry of the first append (its reply was lost): the original result, or a refusal.
      const retry = await store.append(stream, first, 'no_stream').then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      if ('result' in retry) expect(retry.result).toEqual(original);
      else expect(retry.error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    test('readStream stops at toRevision and at the until moment', async (store) => {
      const stream = streamName('bounded');
      const at = (iso: string) => event('Tick', { iso }, { timestamp: iso });
      await store.append(
        stream,
        [at('2024-01-01T00:00:00.000Z'), at('2024-02-01T00:00:00.000Z'), at('2024-03-01T00:00:00.000Z')],
        'no_stream',
      );

      expect((await store.readStream(stream, { toRevision: 1n })).map((e) => e.revision)).toEqual([0n, 1n]);
      expect((await store.readStream(stream, { toRevision: 0n })).map((e) => e.revision)).toEqual([0n]);
      expect(await store.readStream(stream, { toRevision: 9n })).toHaveLength(3);
      expect((await store.readStream(stream, { until: new Date('2024-02-01T00:00:00.000Z') })).map((e) => e.revision)).toEqual([
        0n,
        1n,
      ]);
      expect((await store.readStream(stream, { until: new Date('2024-02-15T00:00:00.000Z') })).map((e) => e.revision)).toEqual([
        0n,
        1n,
      ]);
      expect(await store.readStream(stream, { until: new Date('2023-12-31T00:00:00.000Z') })).toEqual([]);
      expect((await store.readStream(stream, { fromRevision: 1n })).map((e) => e.revision)).toEqual([1n, 2n]);
      expect((await store.readStream(stream, { fromRevision: 1n, toRevision: 1n })).map((e) => e.revision)).toEqual([1n]);
      expect(await store.readStream(stream, { fromRevision: 3n })).toEqual([]);
      expect(
        (await store.readStream(stream, { toRevision: 0n, until: new Date('2030-01-01T00:00:00.000Z') })).map((e) => e.revision),
      ).toEqual([0n]);
    });

    test('readAll pages through the log in order across streams, after an exclusive position', async (store) => {
      const start = await store.headPosition();
      const a = streamName('all-a');
      const b = streamName('all-b');
      const written = [event('A1'), event('B1'), event('A2'), event('B2'), event('B3')];
      const [a1, b1, a2, b2, b3] = written as [NewEvent, NewEvent, NewEvent, NewEvent, NewEvent];
      await store.append(a, [a1], 'no_stream');
      await store.append(b, [b1], 'no_stream');
      await store.append(a, [a2], 0n);
      await store.append(b, [b2, b3], 0n);

      const ours = new Set([a, b]);
      const seen: RecordedEvent[] = [];
      let cursor = start;
      for (let pages = 0; ; pages++) {
        expect(pages).toBeLessThan(100);
        const page = await store.readAll({ after: cursor, limit: 2 });
        expect(page.length).toBeLessThanOrEqual(2);
        if (page.length === 0) break;
        for (const e of page) {
          expect(e.position > cursor).toBe(true);
          cursor = e.position;
        }
        seen.push(...page.filter((e) => ours.has(e.streamId)));
      }
      expect(seen.map((e) => e.id)).toEqual(written.map((e) => e.id));
      expect(seen.map((e) => `${e.streamId === a ? 'a' : 'b'}@${e.revision}`)).toEqual(['a@0', 'b@0', 'a@1', 'b@1', 'b@2']);

      // `after` is exclusive: starting at an event's own position skips that event.
      const fromFirst = await store.readAll({ after: seen[0]!.position, limit: 1 });
      expect(fromFirst[0]?.id).toBe(b1.id);
      // Positions returned by readAll are the positions readStream reports.
      expect((await store.readStream(b)).map((e) => e.position)).toEqual(seen.filter((e) => e.streamId === b).map((e) => e.position));
    });

    test('headPosition is the position of the newest event', async (store) => {
      const stream = streamName('head');
      const first = await store.append(stream, [event('A')], 'no_stream');
      expect(await store.headPosition()).toBe(first.position);
      const second = await store.append(stream, [event('B'), event('C')], 0n);
      expect(second.position > first.position).toBe(true);
      expect(await store.headPosition()).toBe(second.position);
      expect(await store.readAll({ after: second.position, limit: 10 })).toEqual([]);
    });

    test('subscribe catches up, then receives live appends, and stops on abort', async (store) => {
      const stream = streamName('subscribe');
      const start = await store.headPosition();
      await store.append(stream, [event('Before1'), event('Before2')], 'no_stream');

      const controller = new AbortController();
      const received: RecordedEvent[] = [];
      let signalLive!: () => void;
      const caughtUp = new Promise<void>((resolve) => (signalLive = resolve));
      let signalDone!: () => void;
      const gotLive = new Promise<void>((resolve) => (signalDone = resolve));

      const consumer = (async () => {
        for await (const e of store.subscribe({ after: start, signal: controller.signal })) {
          if (e.streamId !== stream) continue;
          received.push(e);
          if (received.length === 2) signalLive();
          if (received.length === 3) signalDone();
        }
      })();

      await withTimeout(caughtUp, 10_000, 'catch-up events');
      expect(received.map((e) => e.type)).toEqual(['Before1', 'Before2']);
      await store.append(stream, [event('Live')], 1n);
      await withTimeout(gotLive, 10_000, 'the live event');
      expect(received.map((e) => e.type)).toEqual(['Before1', 'Before2', 'Live']);
      expect(received.map((e) => e.revision)).toEqual([0n, 1n, 2n]);

      controller.abort();
      await withTimeout(consumer, 10_000, 'the subscription to stop after abort');
      await store.append(stream, [event('AfterAbort')], 2n);
      expect(received).toHaveLength(3);
    });

    test('subscribe with an already aborted signal yields nothing', async (store) => {
      await store.append(streamName('aborted'), [event('A')], 'no_stream');
      const controller = new AbortController();
      controller.abort();
      const seen: RecordedEvent[] = [];
      for await (const e of store.subscribe({ signal: controller.signal })) seen.push(e);
      expect(seen).toEqual([]);
    });

    test('the log has one identity, the same on every call, recorded outside the events it serves', async (store) => {
      const head = await store.headPosition();
      const [first, second] = await Promise.all([store.logIdentity(), store.logIdentity()]);
      expect(first).toMatch(/^\S{8,}$/);
      expect(second).toBe(first);
      expect(await store.logIdentity()).toBe(first);
      // Naming the log appended nothing a projection would read.
      expect(await store.headPosition()).toBe(head);
    });

    test('onAppended listeners hear every append through this instance until unsubscribed', async (store) => {
      const stream = streamName('listeners');
      const heard: bigint[] = [];
      const unsubscribe = store.onAppended((position) => heard.push(position));
      const first = await store.append(stream, [event('A')], 'no_stream');
      const second = await store.append(stream, [event('B'), event('C')], 0n);
      expect(heard).toEqual([first.position, second.position]);
      unsubscribe();
      await store.append(stream, [event('D')], 2n);
      expect(heard).toHaveLength(2);
    });
  });
}

function streamName(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

function event(type: string, data: unknown = {}, metadata?: NewEvent['metadata']): NewEvent {
  return { id: randomUUID(), type, data, ...(metadata ? { metadata } : {}) };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
