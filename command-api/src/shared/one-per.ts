/**
 * `create(key)` made once per key object and shared from then on (a cache or lock that belongs
 * to one store, whoever asks for it); forgotten with the key.
 */
export function onePer<Key extends object, Value>(create: (key: Key) => Value): (key: Key) => Value {
  const made = new WeakMap<Key, Value>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = create(key);
      made.set(key, value);
    }
    return value;
  };
}
