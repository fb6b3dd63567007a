/**
 * npm run audit -- cart <userId> [--at <ISO time>] [--json]
 * npm run audit -- order <orderId> [--at <ISO time>] [--json]
 *
 * The timeline of a cart's or an order's events (time, type, acting user, key fields) and its
 * state at the given moment (default: now), folded by the write side's own `evolve`. Reads the
 * event log only, so it is safe against a running shop. Exit code 1 when there is nothing to audit.
 */
import { parseArgs } from 'node:util';
import { cartStream, orderStream } from '@shop/command-api';
import { loadConfig } from '@shop/platform';
import { AuditRegistry, auditStream, cartAudit, orderAudit, type AuditReport } from '@shop/projections';
import { openEventStore } from '../compose.ts';
import { runCli } from '../run-cli.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { at: { type: 'string' }, json: { type: 'boolean', default: false } },
});

async function main(): Promise<number> {
  const audits = new AuditRegistry([cartAudit(cartStream), orderAudit(orderStream)]);
  const [kindName, id] = positionals;
  const kind = kindName ? audits.get(kindName) : undefined;
  if (!kind || !id) {
    console.error(`Usage: npm run audit -- <${audits.names().join('|')}> <id> [--at <ISO time>] [--json]`);
    return 2;
  }
  let at: Date | undefined;
  if (values.at !== undefined) {
    at = new Date(values.at);
    if (Number.isNaN(at.getTime())) {
      console.error(`--at must be an ISO time such as 2025-01-31T18:30:00Z (got ${values.at})`);
      return 2;
    }
  }
  const events = await openEventStore(loadConfig());
  try {
    const report = await auditStream(events, kind, id, at);
    if (values.json) console.log(JSON.stringify(report, null, 2));
    else print(report);
    return report.exists ? 0 : 1;
  } finally {
    await events.close();
  }
}

function print(report: AuditReport): void {
  if (!report.exists) {
    console.log(`No events for ${report.kind} ${report.id} (stream ${report.stream}).`);
    return;
  }
  console.log(`${report.kind} ${report.id} — stream ${report.stream}`);
  console.log('');
  for (const entry of report.timeline) {
    const mark = entry.afterMoment ? '  (later)' : '';
    const fields = Object.entries(entry.fields)
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' ');
    console.log(`  #${String(entry.revision).padEnd(3)} ${entry.time}  ${entry.type.padEnd(24)} by ${(entry.actor ?? 'system').padEnd(24)} ${fields}${mark}`);
  }
  console.log('');
  console.log(`State ${report.at ? `at ${report.at}` : 'now'} (${report.eventsApplied} events applied):`);
  console.log(JSON.stringify(report.state, null, 2));
}

runCli(main);
