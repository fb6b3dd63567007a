import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedAtSameVersion, currentDigests, DIGESTS_DIR, type Digests } from './projection-digests.ts';

describe('projection versions', () => {
  it('every projection makes of each fixed log what its version made when digests.json was written (else: raise its version, npm run projections:digests)', async () => {
    const committed = JSON.parse(readFileSync(join(DIGESTS_DIR, 'digests.json'), 'utf8')) as Digests;
    const now = await currentDigests();
    expect(Object.keys(now).sort()).toEqual(Object.keys(committed).sort());
    for (const [name, { version, logs }] of Object.entries(now)) {
      // The same version must make the same documents of every log; a new version or a new
      // release fixture needs its digests recorded.
      expect({ name, version, logs }).toEqual({ name, ...committed[name] });
    }
  });

  it('a new release fixture is recorded without a version bump, but a changed digest of a known log needs one', () => {
    const stored = { version: 3, logs: { 'events.json': 'a', 'r1.jsonl': 'b' } };
    expect(changedAtSameVersion(stored, { version: 3, logs: { 'events.json': 'a', 'r1.jsonl': 'b', 'r2.jsonl': 'c' } })).toEqual([]);
    expect(changedAtSameVersion(stored, { version: 3, logs: { 'events.json': 'a', 'r1.jsonl': 'x' } })).toEqual(['r1.jsonl']);
    expect(changedAtSameVersion(stored, { version: 4, logs: { 'events.json': 'z', 'r1.jsonl': 'x' } })).toEqual([]);
  });
});
