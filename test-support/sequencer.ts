import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The project whose files drive a browser (e2e/vitest.config.ts). */
const BROWSER_PROJECT = 'e2e';

/**
 * The order in which `vitest run` hands files to its workers: browser files spread evenly through
 * the Node files, longest first on each side. A browser file spends most of its time waiting (for
 * Chromium to render, for the shop to reply) while a Node file keeps a core busy importing and
 * running; mixed, the two keep both cores of a small machine busy from start to end, where running
 * the browser files after the Node files left one core idle for most of the run.
 *
 * "Longest" is the file's duration in the previous run (vitest's results cache, when there is one)
 * or else its size. Each side is measured only against itself (the share of its own total handed
 * out so far), so browser and Node costs never need a common unit: the next file comes from the
 * side that is further behind. Groups (`sequence.groupOrder`) keep their order.
 *
 * On the Node side, the files of a project that shares its workers' processes (`isolate: false`)
 * are handed out one after another: vitest lets a worker go on in the same process only when the
 * next file waiting is of the same project, and otherwise starts a new process (and imports every
 * module again). Files of isolated projects (each in a process of its own anyway, like crash/)
 * come first, longest first; then the shared projects, the one with the longest file first.
 */
export default class SpreadBrowserFilesSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const groups = new Map<number, TestSpecification[]>();
    for (const spec of files) {
      const order = spec.project.config.sequence.groupOrder ?? 0;
      groups.set(order, [...(groups.get(order) ?? []), spec]);
    }
    return [...groups.keys()].sort((a, b) => a - b).flatMap((order) => this.spread(groups.get(order)!));
  }

  /** Expected cost of a file: its last duration when known, else its size. */
  private cost(spec: TestSpecification): number {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    return this.ctx.cache.getFileTestResults(key)?.duration || this.ctx.cache.getFileStats(key)?.size || 1;
  }

  private spread(specs: TestSpecification[]): TestSpecification[] {
    const side = (browser: boolean) => {
      const list = specs
        .filter((spec) => (spec.project.name === BROWSER_PROJECT) === browser)
        .map((spec) => ({ spec, cost: this.cost(spec) }))
        .sort((a, b) => b.cost - a.cost);
      return { list: browser ? list : sharedProjectsTogether(list), total: list.reduce((sum, item) => sum + item.cost, 0), done: 0 };
    };
    const browser = side(true);
    const node = side(false);
    const ordered: TestSpecification[] = [];
    while (browser.list.length || node.list.length) {
      // The browser side goes first on a tie: its longest file is the run's longest pole.
      const next = !node.list.length || (browser.list.length && browser.done / browser.total <= node.done / node.total) ? browser : node;
      const item = next.list.shift()!;
      next.done += item.cost;
      ordered.push(item.spec);
    }
    return ordered;
  }
}

/**
 * `list` (longest first) reordered: isolated projects' files first, then each shared project's
 * files together, projects in the order of their longest file, longest first within each.
 */
function sharedProjectsTogether<T extends { spec: TestSpecification }>(list: T[]): T[] {
  const isolated = list.filter((item) => item.spec.project.config.isolate !== false);
  const shared = new Map<string, T[]>();
  for (const item of list) {
    if (item.spec.project.config.isolate === false) shared.set(item.spec.project.name, [...(shared.get(item.spec.project.name) ?? []), item]);
  }
  return [...isolated, ...[...shared.values()].flat()];
}
