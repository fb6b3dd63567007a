import { afterEach } from 'vitest';
import { tempDir } from './temp-dir.ts';

/**
 * What each test of a file leaves behind, undone after it in reverse order (call at the top of a
 * test file): `later(fn)` registers a step (a shop to close), `folder(prefix)` makes a temp folder
 * removed then.
 */
export function cleanupAfterEach(): { later: (cleanup: () => Promise<void> | void) => void; folder: (prefix: string) => string } {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    later: (cleanup) => void cleanups.push(cleanup),
    folder(prefix) {
      const dir = tempDir(prefix);
      cleanups.push(dir.remove);
      return dir.path;
    },
  };
}
