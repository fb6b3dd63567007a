import type { EventStore, RecordedEvent, SubscribeOptions } from './port.ts';

/**
 * A catch-up subscription built from `readAll` pages: used by stores whose log can be read by
 * position. It wakes at once on an append in this process and otherwise re-reads every
 * `idleMs` (another process may share the same file).
 */
export async function* subscribeByPaging(
  store: Pick<EventStore, 'readAll' | 'onAppended'>,
  { after = 0n, signal }: SubscribeOptions,
  { pageSize = 500, idleMs = 500 } = {},
): AsyncGenerator<RecordedEvent> {
  let cursor = after;
  while (!signal.aborted) {
    const page = await store.readAll({ after: cursor, limit: pageSize });
    for (const event of page) {
      if (signal.aborted) return;
      cursor = event.position;
      yield event;
    }
    if (page.length < pageSize) await nextAppendOrTimeout(store, signal, idleMs);
  }
}

function nextAppendOrTimeout(store: Pick<EventStore, 'onAppended'>, signal: AbortSignal, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = store.onAppended(done);
    signal.addEventListener('abort', done, { once: true });
  });
}
