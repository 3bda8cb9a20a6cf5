// Section 2 of PROTOCOL.md, case by case: tokenizing, quoting, canonical numbers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { tokenize, quote, canonical, toThousandths, fromThousandths, SyntaxError_ } from "../../static/tokens.js";

const brief = (tokens) =>
  tokens.map((t) => (t.kind === "word" ? t.text : t.kind === "string" ? `S:${t.value}` : `O:${t.key}=${t.value}|${t.raw}`));

const lines = [
  ["open square", ["open", "square"]],
  ["  tap\t#12   count=2 ", ["tap", "#12", "O:count=2|2"]],
  ['text "hello \\"world\\""', ["text", 'S:hello "world"']],
  ['render 6 text="a b" font=17', ["render", "6", 'O:text=a b|"a b"', "O:font=17|17"]],
  ["a=b=c x= =y", ["O:a=b=c|b=c", "O:x=|", "=y"]],
  ['t "\\u{1f600}\\n\\t\\\\"', ["t", "S:😀\n\t\\"]],
  ['p d="fill #ff3b30ff\\ntext 10 10 17 bold \\"Hi\\""', ["p", 'O:d=fill #ff3b30ff\ntext 10 10 17 bold "Hi"|"fill #ff3b30ff\\ntext 10 10 17 bold \\"Hi\\""']],
  ['e ""', ["e", "S:"]],
];

test("lines split into words, strings and options", () => {
  for (const [line, expected] of lines) assert.deepEqual(brief(tokenize(line)), expected, line);
});

const bad = ['"a"b', '"a""b"', '"open', 'x "\\q"', 'x "\\u{}"', 'x "\\u{110000}"', 'ab"c"', 'x="a"b'];

test("malformed lines are syntax errors", () => {
  for (const line of bad) assert.throws(() => tokenize(line), SyntaxError_, line);
});

const quoted = [
  ["abc", '"abc"'],
  ['say "hi"\n', '"say \\"hi\\"\\n"'],
  ["a\\b\tc\r", '"a\\\\b\\tc\\r"'],
  ["\u0001\u007f\u0085\u2028", '"\\u{1}\\u{7f}\\u{85}\\u{2028}"'],
  ["密码 пароль ❤️", '"密码 пароль ❤️"'],
];

test("quoting escapes as the server does and round-trips", () => {
  for (const [text, expected] of quoted) {
    assert.equal(quote(text), expected);
    assert.equal(tokenize(`x ${expected}`)[1].value, text);
  }
});

const numbers = [
  [12, "12"], [-3.5, "-3.5"], [0.25, "0.25"], [2.0005, "2.001"], [4.0005, "4"], [-0, "0"],
  [281.3333333, "281.333"], [-0.0004, "0"], [-0.0005, "-0.001"], [1e13, "9000000000000"],
  [-1e13, "-9000000000000"], [NaN, "0"], [Infinity, "0"], [100.1, "100.1"],
];

test("numbers are written canonically", () => {
  for (const [value, text] of numbers) assert.equal(canonical(value), text, String(value));
});

test("shift arithmetic is exact in thousandths", () => {
  assert.equal(fromThousandths(toThousandths("12.5") + toThousandths("-0.25")), "12.25");
  assert.equal(fromThousandths(toThousandths("0.1") + toThousandths("0.2")), "0.3");
  assert.equal(fromThousandths(toThousandths("-0.5") + toThousandths("0.5")), "0");
  assert.equal(fromThousandths(toThousandths("1") - 1001), "-0.001");
});
