// Section 7 of PROTOCOL.md: the worked example, term by term.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fnv1a64, add, formatHash } from "../../static/hash.js";

const example = [
  ["s 1 Window - -", "073344484f836aa7"],
  ["l 1 0 0 390 844", "95321ab06f872ec0"],
  ["p 1 bg=#ffffffff", "44016686493fb547"],
];

test("the empty window's terms and sum are the spec's", () => {
  let sum = 0n;
  for (const [text, digest] of example) {
    assert.equal(formatHash(fnv1a64(text)), digest, text);
    sum = add(sum, fnv1a64(text));
  }
  assert.equal(formatHash(sum), "e066c57f084a4eae");
  assert.equal(formatHash(0n), "0000000000000000");
});
