import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentDigests, DIGESTS_DIR, type Digests } from './projection-digests.ts';

describe('projection versions', () => {
  it('every projection makes of the recorded events what its version made when digests.json was written (else: raise its version, npm run projections:digests)', async () => {
    const committed = JSON.parse(readFileSync(join(DIGESTS_DIR, 'digests.json'), 'utf8')) as Digests;
    const now = await currentDigests();
    expect(Object.keys(now).sort()).toEqual(Object.keys(committed).sort());
    for (const [name, { version, digest }] of Object.entries(now)) {
      // The same version must make the same documents; a new version needs its digest recorded.
      expect({ name, version, digest }).toEqual({ name, ...committed[name] });
    }
  });
});
