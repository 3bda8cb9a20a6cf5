// Section 2 of PROTOCOL.md: tokens, quoting and canonical numbers.
//
// A line is words, strings and options separated by blanks. The frame hash (section 7) takes a
// render property's value exactly as the server wrote it, so every token keeps its raw text next
// to its meaning.

/** A line that does not follow section 2 (an unterminated string, a bad escape...). */
export class SyntaxError_ extends Error {}

const BLANK = new Set([" ", "\t"]);
const SIMPLE_ESCAPES = { '"': '"', "\\": "\\", n: "\n", r: "\r", t: "\t" };

/**
 * Splits one line into tokens.
 *
 * Returns objects of three kinds:
 * - `{kind: "word", text}`
 * - `{kind: "string", value, raw}`: `raw` is the quoted text as written
 * - `{kind: "option", key, value, raw, quoted}`: `raw` is the value's text as written (quotes
 *   and escapes included when `quoted`), `value` its meaning
 *
 * Throws SyntaxError_ on an unterminated string, a bad escape, or a string followed by anything
 * but a blank or the end of the line.
 */
export function tokenize(line) {
  const tokens = [];
  let i = 0;
  const n = line.length;
  while (i < n) {
    while (i < n && BLANK.has(line[i])) i++;
    if (i >= n) break;
    if (line[i] === '"') {
      const start = i;
      const { value, end } = readString(line, i);
      tokens.push({ kind: "string", value, raw: line.slice(start, end) });
      i = end;
      continue;
    }
    // A word, or an option whose value may be a string.
    const start = i;
    while (i < n && !BLANK.has(line[i]) && line[i] !== '"') i++;
    const word = line.slice(start, i);
    const eq = word.indexOf("=");
    if (eq > 0) {
      const key = word.slice(0, eq);
      if (eq === word.length - 1 && i < n && line[i] === '"') {
        const valueStart = i;
        const { value, end } = readString(line, i);
        tokens.push({ kind: "option", key, value, raw: line.slice(valueStart, end), quoted: true });
        i = end;
      } else {
        if (i < n && line[i] === '"') throw new SyntaxError_(`a quote inside the word ${word}`);
        const value = word.slice(eq + 1);
        tokens.push({ kind: "option", key, value, raw: value, quoted: false });
      }
    } else {
      if (i < n && line[i] === '"') throw new SyntaxError_(`a quote inside the word ${word}`);
      tokens.push({ kind: "word", text: word });
    }
  }
  return tokens;
}

/** Reads the string starting at `line[start]` (a quote); returns its value and the index after it. */
function readString(line, start) {
  let i = start + 1;
  let value = "";
  const n = line.length;
  while (true) {
    if (i >= n) throw new SyntaxError_("a string does not end before the line does");
    const c = line[i];
    if (c === '"') {
      i++;
      break;
    }
    if (c === "\\") {
      const e = line[i + 1];
      if (e !== undefined && Object.hasOwn(SIMPLE_ESCAPES, e)) {
        value += SIMPLE_ESCAPES[e];
        i += 2;
        continue;
      }
      if (e === "u" && line[i + 2] === "{") {
        const close = line.indexOf("}", i + 3);
        const hex = close < 0 ? "" : line.slice(i + 3, close);
        if (!/^[0-9a-fA-F]{1,6}$/.test(hex)) throw new SyntaxError_(`a bad \\u escape`);
        const code = parseInt(hex, 16);
        if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
          throw new SyntaxError_(`\\u{${hex}} is not a Unicode scalar value`);
        }
        value += String.fromCodePoint(code);
        i = close + 1;
        continue;
      }
      throw new SyntaxError_(`a bad escape \\${e ?? ""}`);
    }
    value += c;
    i++;
  }
  if (i < n && !BLANK.has(line[i])) throw new SyntaxError_("a string must be followed by a blank");
  return { value, end: i };
}

/**
 * Quotes `text` as a string token, escaping as the server does: `\"`, `\\`, `\n`, `\r`, `\t`;
 * other control characters and U+2028/U+2029 as `\u{h}`; everything else as itself.
 */
export function quote(text) {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) {
      out += `\\u{${code.toString(16)}}`;
    } else out += ch;
  }
  return out + '"';
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Whether `text` is a number as section 2 lets a client write one. */
export function isNumber(text) {
  return NUMBER.test(text);
}

/**
 * The canonical text of a double (section 2): value × 1000 rounded half away from zero in
 * double arithmetic, written as thousandths without trailing zeros; `-0` is `0`.
 */
export function canonical(value) {
  if (!Number.isFinite(value)) return "0";
  if (Math.abs(value) >= 9e12) return value < 0 ? "-9000000000000" : "9000000000000";
  const scaled = value * 1000;
  const magnitude = Math.abs(scaled);
  let rounded = Math.floor(magnitude);
  if (magnitude - rounded >= 0.5) rounded += 1;
  return fromThousandths(scaled < 0 ? -rounded : rounded);
}

/** Writes an integer count of thousandths canonically (`12250` is `12.25`). */
export function fromThousandths(count) {
  if (count === 0) return "0";
  const sign = count < 0 ? "-" : "";
  const magnitude = Math.abs(count);
  const whole = Math.floor(magnitude / 1000);
  let fraction = String(magnitude % 1000).padStart(3, "0").replace(/0+$/, "");
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/**
 * The exact number of thousandths in a canonical number's text (`"-0.25"` is `-250`).
 * Section 6's `shift` adds in whole thousandths, which a double cannot do exactly.
 */
export function toThousandths(text) {
  const match = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return Math.round(Number(text) * 1000);
  const count = Number(match[2]) * 1000 + Number((match[3] ?? "").padEnd(3, "0"));
  return match[1] ? -count : count;
}
