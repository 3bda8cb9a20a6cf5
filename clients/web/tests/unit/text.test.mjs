// Section 6's text measurement rule, with the spec's own example first.
import { test } from "node:test";
import assert from "node:assert/strict";
import { layoutText, characters, halfEms } from "../../static/text.js";

const cases = [
  // text, size, options, lines, width, height
  ["a".repeat(23), 17, { width: 100, wrap: true, lines: 0 }, ["aaaaaaaaaaa", "aaaaaaaaaaa", "a"], 94, 63],
  ["Login", 15, {}, ["Login"], 38, 18],
  ["one two three", 10, { width: 40, wrap: true, lines: 0 }, ["one two", "three"], 35, 24],
  ["one two three", 10, { width: 40, wrap: true, lines: 1 }, ["one two"], 35, 12],
  ["a\r\nb\n", 10, { lines: 0 }, ["a", "b", ""], 5, 36],
  ["a  b", 10, { width: 15, wrap: true, lines: 0 }, ["a ", "b"], 10, 24],
  ["密码", 20, {}, ["密码"], 40, 24],
];

test("text is measured by the spec's rule", () => {
  for (const [text, size, options, lines, width, height] of cases) {
    const result = layoutText(text, size, options);
    assert.deepEqual(result.lines, lines, text);
    assert.equal(result.width, width, `${text} width`);
    assert.equal(result.height, height, `${text} height`);
  }
});

test("characters are grapheme clusters; wide ones are two half-ems", () => {
  const table = [["e\u0301", 1], ["❤️", 2], ["🇫🇷", 2], ["👨‍👩‍👧", 2], ["ж", 1], ["中", 2], ["1️⃣", 2], ["ｱ", 1]];
  for (const [c, w] of table) {
    assert.equal(characters(c).length, 1, c);
    assert.equal(halfEms(c), w, c);
  }
});
