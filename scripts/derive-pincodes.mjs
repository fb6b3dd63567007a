#!/usr/bin/env node
/**
 * Derives the shop's compact pincode directory (command-api/src/ordering/delivery/pincodes.json)
 * from the dataset of the `indian-pincode` package (PyPI, MIT code; data from India Post's All
 * India Pincode Directory on data.gov.in under the Government Open Data License - India):
 *
 *   pip download --no-deps indian-pincode==2.1.0 -d /tmp/pin && unzip -o /tmp/pin/*.whl -d /tmp/pin
 *   node scripts/derive-pincodes.mjs /tmp/pin/indian_pincode/data/core-data.json
 *
 * The shop needs only pincode → district and state(s), offline, so the file keeps exactly that:
 * sorted pincodes as deltas, one district and one primary state per pincode, and the other
 * states of the few pincodes that straddle a state border.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const source = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const titleCase = (name) => name.toLowerCase().replace(/(^|[\s(&/-])([a-z])/g, (_m, before, letter) => before + letter.toUpperCase()).replace(/\bAnd\b/g, 'and');
// The dataset spells one union territory "THE DADRA AND ...": the shop's list has no article.
const stateName = (name) => titleCase(name.replace(/^THE /, ''));
const states = source.states.map(stateName);
const districts = source.districts.map(titleCase);
const pairs = (group) => (Array.isArray(group) ? group : [group]);
const district = source.pairGroups.map((group, i) => {
  const primary = source.stateIdx[i];
  const ids = pairs(group).map((id) => source.districtPairs[id]);
  // The district in the pincode's primary state, the first by name when several share it.
  const inState = ids.filter(([, s]) => s === primary).map(([d]) => d);
  const candidates = (inState.length > 0 ? inState : ids.map(([d]) => d)).sort((a, b) => districts[a].localeCompare(districts[b]));
  return candidates[0] ?? -1;
});
let acc = 0;
const pins = source.pincodes.map((delta) => (acc += delta));
const alsoIn = Object.fromEntries(
  Object.entries(source.statesAllSparse).map(([index, ids]) => [String(pins[Number(index)]), ids.filter((s) => s !== source.stateIdx[Number(index)])]),
);
const out = {
  version: source.version,
  source: 'India Post, All India Pincode Directory (data.gov.in, GODL-India), via the indian-pincode package (MIT)',
  states,
  districts,
  pincodes: source.pincodes,
  district,
  state: source.stateIdx,
  alsoIn,
};
writeFileSync(new URL('../command-api/src/ordering/delivery/pincodes.json', import.meta.url), JSON.stringify(out) + '\n');
console.log(`${pins.length} pincodes, ${states.length} states and union territories, ${districts.length} districts (snapshot ${source.version})`);
