// Section 6's text measurement rule, with the spec's own example first.
import { test } from "node:test";
import assert from "node:assert/strict";
import { layoutText, characters, halfEms, truncateTail, keepEnd } from "../../static/text.js";

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

test("tail truncation keeps whole characters and room for the ellipsis (section 14)", () => {
  const table = [
    // text, size, available, shown
    ["abcdefghij", 10, 30, "abcde…"], // 6 half-ems = 30 points
    ["abcdefghij", 10, 34, "abcde…"],
    ["ab中cd", 10, 20, "ab…"], // 中 is wide: ab中 + … would be 5 half-ems = 25 > 20
    ["abc", 10, 3, "…"], // not even the ellipsis fits: it alone
    ["", 17, 100, "…"],
  ];
  for (const [text, size, available, shown] of table) {
    assert.equal(truncateTail(characters(text), size, available).join(""), shown, `${text} in ${available}`);
  }
});

test("a focused field keeps the end of its text that fits", () => {
  assert.equal(keepEnd(characters("abcdefghij"), 10, 30).join(""), "efghij");
  assert.equal(keepEnd(characters("ab中文"), 10, 25).join(""), "b中文");
  assert.equal(keepEnd(characters("abc"), 10, 100).join(""), "abc");
});
