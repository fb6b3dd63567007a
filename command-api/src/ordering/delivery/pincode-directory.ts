import type { IndianState } from '@shop/contracts';
import directory from './pincodes.json' with { type: 'json' };

/**
 * India Post's pincode directory, offline: pincode → district and state. The data file is derived
 * by scripts/derive-pincodes.mjs (see its header for the source and licence); it holds sorted
 * pincodes as deltas, so a lookup is a binary search over one array of numbers.
 */
export interface PincodePlace {
  pincode: string;
  district: string;
  /** The pincode's state or union territory (the one with most of its post offices). */
  state: IndianState;
  /** Every state the pincode reaches: a few pincodes straddle a state border. */
  states: IndianState[];
}

interface DirectoryFile {
  version: string;
  states: IndianState[];
  districts: string[];
  pincodes: number[];
  district: number[];
  state: number[];
  alsoIn: Record<string, number[]>;
}

const file = directory as DirectoryFile;
const pincodes = Int32Array.from(
  (() => {
    let at = 0;
    return file.pincodes.map((delta) => (at += delta));
  })(),
);

/** The snapshot date of India Post's data the directory was built from. */
export const PINCODE_DIRECTORY_VERSION = file.version;

/** The place a pincode belongs to, or null for one India Post does not list. */
export function lookupPincode(pincode: string): PincodePlace | null {
  if (!/^[1-9]\d{5}$/.test(pincode)) return null;
  const wanted = Number(pincode);
  let low = 0;
  let high = pincodes.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = pincodes[middle]!;
    if (at === wanted) return placeAt(middle, pincode);
    if (at < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}

function placeAt(index: number, pincode: string): PincodePlace | null {
  const stateIndex = file.state[index]!;
  // A handful of the directory's rows name no state; such a pincode cannot be checked, so it is not served.
  if (stateIndex < 0) return null;
  const state = file.states[stateIndex]!;
  const others = (file.alsoIn[pincode] ?? []).map((i) => file.states[i]!);
  const districtIndex = file.district[index]!;
  return { pincode, district: districtIndex >= 0 ? file.districts[districtIndex]! : state, state, states: [state, ...others] };
}
