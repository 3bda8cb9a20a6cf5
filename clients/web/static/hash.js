// Section 7 of PROTOCOL.md: the frame hash, a sum modulo 2^64 of one FNV-1a 64 term per fact.
//
// BigInt keeps the 64-bit arithmetic exact. Terms are cached by their text: frame after frame a
// mirror hashes mostly the same fact strings.

const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = (1n << 64n) - 1n;
const encoder = new TextEncoder();
const cache = new Map();
const CACHE_LIMIT = 1 << 16;

/** The FNV-1a 64 digest of `text`'s UTF-8 bytes, as a BigInt. */
export function fnv1a64(text) {
  let digest = cache.get(text);
  if (digest !== undefined) return digest;
  digest = OFFSET;
  for (const byte of encoder.encode(text)) {
    digest = ((digest ^ BigInt(byte)) * PRIME) & MASK;
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, digest);
  return digest;
}

/** The term of a view's place, `s ID CLASS PARENT PREV` (`-` for none). */
export function placeTerm(id, cls, parent, prev) {
  return fnv1a64(`s ${id} ${cls} ${parent ?? "-"} ${prev ?? "-"}`);
}

/** The term of a view's layout, `l ID X Y W H`, over canonical number texts. */
export function layoutTerm(id, x, y, w, h) {
  return fnv1a64(`l ${id} ${x} ${y} ${w} ${h}`);
}

/** The term of one render property, `p ID KEY=VALUE`, VALUE as the server wrote it. */
export function propertyTerm(id, key, raw) {
  return fnv1a64(`p ${id} ${key}=${raw}`);
}

/** Adds terms modulo 2^64. */
export function add(a, b) {
  return (a + b) & MASK;
}

/** Writes a digest as 16 lowercase hex digits, as `hash=` does. */
export function formatHash(digest) {
  return digest.toString(16).padStart(16, "0");
}
