import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@shop/platform';
import { SqliteEventStore } from '@shop/platform/adapters';
import { tempDir } from '../../test-support/temp-dir.ts';
import { openEventLog } from './compose.ts';

describe('the embedded event log as composed from configuration', () => {
  const dirs: ReturnType<typeof tempDir>[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

  const open = async (env: Record<string, string>) => {
    const dir = tempDir('shop-compose-');
    dirs.push(dir);
    const store = await openEventLog(loadConfig({ DATA_DIR: dir.path, ...env }));
    expect(store).toBeInstanceOf(SqliteEventStore);
    const mode = (store as SqliteEventStore).syncMode();
    await store.close();
    return mode;
  };

  it('syncs every commit by default (PRAGMA synchronous = FULL); EVENT_LOG_SYNC=normal is for benchmarks', async () => {
    expect(await open({})).toBe('full');
    expect(await open({ EVENT_LOG_SYNC: 'full' })).toBe('full');
    expect(await open({ EVENT_LOG_SYNC: 'normal' })).toBe('normal');
    expect(() => loadConfig({ EVENT_LOG_SYNC: 'off' })).toThrow(/EVENT_LOG_SYNC/);
  });
});
