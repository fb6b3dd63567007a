import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog, CatalogCommands } from '@shop/command-api';
import { CATALOG } from '@shop/contracts';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { catalogProjection } from '../catalog/projection.ts';
import { ProjectionRunner } from '../runner.ts';
import { rebuildLease } from './rebuild.ts';
import { RebuildService } from './service.ts';
import { logCheckpoint, versionCheckpoint } from './stamp.ts';

/**
 * Rebuilds of one projection asked for by several processes sharing the embedded stores (two
 * API replicas, an API and the CLI): each process has its own connections and RebuildService.
 */
describe('one rebuild of a projection at a time, across processes', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let docs: SqliteDocumentStore;
  const catalog = smallCatalog();
  const names = () => catalog.products.map((p) => p.name).sort();

  beforeAll(async () => {
    dir = tempDir('shop-rebuild-lease-');
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    docs = new SqliteDocumentStore(join(dir.path, 'docs.db'));
    const runner = new ProjectionRunner(events, docs, [catalogProjection]);
    await runner.start();
    await runner.waitFor(await importCatalog(new CatalogCommands(events), catalog), ['catalog']);
    await runner.stop();
  });

  afterAll(async () => {
    await events.close();
    await docs.close();
    dir.remove();
  });

  const products = async (store: SqliteDocumentStore) => (await store.find<{ _id: string; name: string }>(CATALOG.products)).map((p) => p.name).sort();
  const shadows = async () => (await docs.listCollections()).filter((name) => name.includes('__rebuild'));

  it('two processes asked at once: one rebuilds, the other reports it busy, and nothing is dropped', async () => {
    const otherDocs = new SqliteDocumentStore(join(dir.path, 'docs.db'));
    for (const spec of catalogProjection.collections) await otherDocs.defineCollection(spec);
    try {
      const here = new RebuildService({ events, store: docs, projections: [catalogProjection] });
      const there = new RebuildService({ events, store: otherDocs, projections: [catalogProjection] });
      const jobs = await Promise.all([here.run('catalog'), there.run('catalog')]);
      expect(jobs.map((job) => job.state).sort()).toEqual(['busy', 'done']);
      const busy = jobs.find((job) => job.state === 'busy')!;
      const winner = jobs[0] === busy ? there : here;
      expect(busy.error).toContain(`catalog is being rebuilt by ${winner.owner}`);
      expect(await products(docs)).toEqual(names());
      expect(await products(otherDocs)).toEqual(names());
      expect(await shadows()).toEqual([]);
      // The winner stamped the read model and let the lease go.
      expect(await docs.getCheckpoint(versionCheckpoint('catalog'))).toBe(BigInt(catalogProjection.version));
      expect(await docs.getCheckpoint(logCheckpoint('catalog'))).not.toBeNull();
      expect(await docs.getLease(rebuildLease('catalog'))).toBeNull();
    } finally {
      await otherDocs.close();
    }
  });

  it('a rebuild whose process was killed holds the projection only until its lease runs out; the next one takes over and drops its shadows', async () => {
    // A process that takes the lease, fills its shadows, and is killed (SIGKILL: no finally, no
    // release) while its rebuild holds the live writers.
    const script = `
      import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
      import { rebuildProjection } from ${JSON.stringify(join(import.meta.dirname, 'rebuild.ts'))};
      import { catalogProjection } from ${JSON.stringify(join(import.meta.dirname, '..', 'catalog', 'projection.ts'))};
      const events = new SqliteEventStore(${JSON.stringify(join(dir.path, 'events.db'))});
      const store = new SqliteDocumentStore(${JSON.stringify(join(dir.path, 'docs.db'))});
      await rebuildProjection(catalogProjection, {
        events, store, owner: 'doomed-process', leaseMs: 1500,
        writers: { pause: () => { console.log('holding'); return new Promise(() => {}); }, resume: async () => {} },
      });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && resolve());
      child.once('exit', (code) => reject(new Error(`the rebuilding process exited (${code}) before holding`)));
    });
    child.kill('SIGKILL');
    await exited;
    expect((await docs.getLease(rebuildLease('catalog')))?.owner).toBe('doomed-process');
    const leftovers = await shadows();
    expect(leftovers.length).toBeGreaterThan(0);

    // Until the lease runs out, a rebuild here is refused; then it takes over.
    const service = new RebuildService({ events, store: docs, projections: [catalogProjection] });
    expect((await service.run('catalog')).state).toBe('busy');
    let job = await service.run('catalog');
    for (let tries = 0; job.state === 'busy' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await service.run('catalog');
    }
    expect(job.state).toBe('done');
    expect(await shadows()).toEqual([]);
    expect(await products(docs)).toEqual(names());
  }, 60_000);
});
