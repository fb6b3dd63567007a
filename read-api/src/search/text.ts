import words from './search-words.json' with { type: 'json' };

/** Query and index words: lower case, accents dropped, letters and digits only. */
export function textWords(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export const STOPWORDS: ReadonlySet<string> = new Set(words.stopwords);

/** Simple plural folding, enough to make "sneaker" and "sneakers", "shoe" and "shoes" one word. */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Each word of a synonym group (and its singular) to the other words of its groups. */
export function synonymTable(groups: readonly (readonly string[])[]): Map<string, string[]> {
  const table = new Map<string, Set<string>>();
  for (const group of groups) {
    const members = group.map((w) => textWords(w).join(''));
    for (const word of members) {
      for (const key of new Set([word, singular(word)])) {
        const others = table.get(key) ?? new Set<string>();
        for (const other of members) if (other !== word) others.add(other);
        table.set(key, others);
      }
    }
  }
  return new Map([...table].map(([k, v]) => [k, [...v]]));
}

export const SYNONYM_GROUPS: readonly (readonly string[])[] = words.synonyms;
