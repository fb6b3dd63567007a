/**
 * npm run projections:verify -- <name|all> [--json] [--show <n>]
 *
 * Rebuilds each projection into `__verify` shadow collections and compares every document with
 * the live one. Needs no pause and no server cooperation: documents that differ are looked at
 * again once the live projection has reached the shadow's position, so a write in flight is not
 * reported. Prints each difference (the first --show of them in full); exit code 1 when any
 * projection differs, 0 when all match.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@shop/platform';
import { canonical, embeddedLayout, externalLayout, verifyProjection, type VerifyReport } from '@shop/projections';
import { ProgressBars } from '@shop/projections/rebuild/progress-bar';
import { allProjections, openDocumentStore, openEventStore } from '../compose.ts';
import { runCli } from '../run-cli.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean', default: false }, show: { type: 'string', default: '5' } },
});

async function main(): Promise<number> {
  const target = positionals[0];
  const projections = target === 'all' ? allProjections : allProjections.filter((p) => p.name === target);
  if (!target || projections.length === 0) {
    console.error(`Usage: npm run projections:verify -- <${allProjections.map((p) => p.name).join('|')}|all> [--json] [--show <n>]`);
    return 2;
  }
  const config = loadConfig();
  const events = await openEventStore(config);
  const store = await openDocumentStore(config);
  const layout = config.PROJECTIONS === 'external' ? externalLayout(config.KAFKA_PARTITIONS) : embeddedLayout;
  const bars = values.json ? undefined : new ProgressBars();
  const reports: VerifyReport[] = [];
  try {
    for (const projection of projections) {
      for (const spec of projection.collections) await store.defineCollection(spec);
      reports.push(await verifyProjection(projection, { events, store, layout, onProgress: (p) => bars?.update(p) }));
    }
  } finally {
    bars?.stop();
    await events.close();
    await store.close();
  }
  const differing = reports.filter((r) => r.differences.length > 0);
  if (values.json) {
    console.log(JSON.stringify(reports, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2));
  } else {
    print(reports, Number(values.show) || 5);
  }
  return differing.length > 0 ? 1 : 0;
}

function print(reports: VerifyReport[], show: number): void {
  for (const report of reports) {
    const behind = report.livePosition < report.position ? ` (the live projection is at ${report.livePosition}: is the shop running?)` : '';
    if (report.differences.length === 0) {
      console.log(`✓ ${report.projection}: ${report.documents} documents match the log up to position ${report.position}`);
      continue;
    }
    console.log(`✗ ${report.projection}: ${report.differences.length} of ${report.documents} documents differ from a rebuild${behind}`);
    for (const [i, difference] of report.differences.entries()) {
      const what = difference.live === null ? 'missing in the live collection' : difference.rebuilt === null ? 'not in the rebuild' : 'different';
      console.log(`  ${difference.collection}/${difference.id}: ${what}`);
      if (i < show && difference.live && difference.rebuilt) {
        for (const line of fieldDiff(difference.live as unknown as Record<string, unknown>, difference.rebuilt as unknown as Record<string, unknown>)) {
          console.log(`      ${line}`);
        }
      }
    }
  }
}

/** The top-level fields that differ, live → rebuilt. */
function fieldDiff(live: Record<string, unknown>, rebuilt: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort();
  return keys
    .filter((key) => canonical(live[key]) !== canonical(rebuilt[key]))
    .map((key) => `${key}: ${short(live[key])} (live) → ${short(rebuilt[key])} (rebuilt)`);
}

function short(value: unknown): string {
  const text = value === undefined ? 'absent' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

runCli(main);
