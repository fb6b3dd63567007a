import { createReadStream, existsSync } from 'node:fs';
import { appendFile, open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { z } from 'zod';

/**
 * The erasure ledger: one JSON line per person forgotten, naming the key store subjects whose keys
 * were destroyed (ids only, never personal data). The key store of an older backup still holds
 * those keys: a restore destroys them again from the ledger, so no restore brings a person back.
 * The ledger is written (and synced) before the keys are destroyed, so an erasure that is half
 * done is still re-applied.
 */
export const erasureEntry = z.object({ userId: z.string().min(1).max(100), subjects: z.array(z.string().min(1).max(200)).min(1), at: z.iso.datetime() });
export type ErasureEntry = z.infer<typeof erasureEntry>;

export async function recordErasure(file: string, entry: ErasureEntry): Promise<void> {
  await appendFile(file, `${JSON.stringify(erasureEntry.parse(entry))}\n`, { encoding: 'utf8', mode: 0o600 });
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Every subject the ledgers name (missing files name none; a torn last line is skipped). */
export async function erasedSubjects(files: readonly string[]): Promise<Set<string>> {
  const subjects = new Set<string>();
  for (const file of files) {
    if (!existsSync(file)) continue;
    for await (const line of createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        continue;
      }
      const entry = erasureEntry.safeParse(parsed);
      if (entry.success) for (const subject of entry.data.subjects) subjects.add(subject);
    }
  }
  return subjects;
}
