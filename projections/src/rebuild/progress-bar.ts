import cliProgress from 'cli-progress';
import type { RebuildProgress } from './progress.ts';

/**
 * A terminal progress bar per projection: events done, events per second and time left. The bar
 * fills by log position (what the time left is measured in); on a terminal that is not a TTY
 * (CI logs) cli-progress stays quiet and only the final line is printed.
 */
export class ProgressBars {
  private readonly bars = new cliProgress.MultiBar(
    {
      format: ' {projection} |{bar}| {percentage}% | {events} events | {rate} ev/s | {phase} | left {left}',
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  private readonly byProjection = new Map<string, cliProgress.SingleBar>();

  update(progress: RebuildProgress): void {
    const total = 1000;
    const payload = {
      projection: progress.projection.padEnd(10),
      events: progress.events,
      rate: progress.eventsPerSecond,
      phase: progress.phase,
      left: progress.etaSeconds === null ? '?' : formatSeconds(progress.etaSeconds),
    };
    const value = Math.round(progress.fraction * total);
    let bar = this.byProjection.get(progress.projection);
    if (!bar) {
      bar = this.bars.create(total, value, payload);
      this.byProjection.set(progress.projection, bar);
    } else {
      bar.update(value, payload);
    }
  }

  stop(): void {
    this.bars.stop();
  }
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
