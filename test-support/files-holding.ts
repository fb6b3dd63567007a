import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The files under `dir` (relative paths) holding any of `needles` as UTF-8 bytes: where a person still is. */
export function filesHolding(dir: string, needles: string[]): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (statSync(path).isFile() && needles.some((needle) => readFileSync(path).includes(Buffer.from(needle, 'utf8')))) hits.push(name);
  }
  return hits;
}
