// Section 6 of PROTOCOL.md, "Text measurement": the server's font-free rule for the size of text.
//
// The painter breaks a label's text into lines with this rule, not with the browser's font, so
// the lines it shows are the lines the server measured when it laid the label out.

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

const WIDE_RANGES = [
  [0x1100, 0x115f], [0x2e80, 0xa4cf], [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe30, 0xfe4f],
  [0xff00, 0xff60], [0xffe0, 0xffe6], [0x1f1e6, 0x1f1ff], [0x1f300, 0x1faff], [0x20000, 0x3fffd],
];

/** The characters (extended grapheme clusters) of `text`. */
export function characters(text) {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** A character's width in half-ems: 2 when it is wide, else 1. */
export function halfEms(character) {
  const first = character.codePointAt(0);
  if (character.includes("\ufe0f")) return 2;
  for (const [low, high] of WIDE_RANGES) if (first >= low && first <= high) return 2;
  return 1;
}

/** The width of a run of characters, in half-ems. */
export function widthOf(chars) {
  let total = 0;
  for (const c of chars) total += halfEms(c);
  return total;
}

/** A line's height at font size `size`. */
export function lineHeight(size) {
  return Math.ceil(1.2 * size);
}

/**
 * The lines of `text` at font size `size`, each an array of characters: broken at every `\n`
 * (`\r\n` once) and, when `wrap` is set, wrapped at single spaces to `width` points (words wider
 * than `width` broken between characters). No cap on their count.
 */
export function breakLines(text, size, { width = Infinity, wrap = false } = {}) {
  const paragraphs = text.replace(/\r\n/g, "\n").split("\n");
  const limit = wrap ? Math.floor((2 * width) / size + 1e-9) : Infinity;
  const out = [];
  for (const paragraph of paragraphs) {
    if (!wrap) {
      out.push(characters(paragraph));
      continue;
    }
    let current = null;
    let currentWidth = 0;
    for (const word of paragraph.split(" ")) {
      const chars = characters(word);
      const w = widthOf(chars);
      if (current !== null && currentWidth + 1 + w <= limit) {
        current.push(" ", ...chars);
        currentWidth += 1 + w;
        continue;
      }
      if (current !== null) out.push(current);
      if (w <= limit) {
        current = chars;
        currentWidth = w;
        continue;
      }
      // A word wider than the line: as many characters per line as fit, at least one.
      let piece = [];
      let pieceWidth = 0;
      for (const c of chars) {
        const cw = halfEms(c);
        if (piece.length && pieceWidth + cw > limit) {
          out.push(piece);
          piece = [];
          pieceWidth = 0;
        }
        piece.push(c);
        pieceWidth += cw;
      }
      current = piece;
      currentWidth = pieceWidth;
    }
    out.push(current ?? []);
  }
  return out;
}

/**
 * The measured size of `text` (section 6): lines as `breakLines` gives them, capped by `lines`
 * (0 for none). Returns `{lines: [string], width, height, cut}`: `width` the widest line shown,
 * at most `width` when wrapping, rounded up; `cut` whether the cap left lines out.
 */
export function layoutText(text, size, { width = Infinity, wrap = false, lines = 1 } = {}) {
  const out = breakLines(text, size, { width, wrap });
  const shown = lines > 0 ? out.slice(0, lines) : out;
  let widest = 0;
  for (const line of shown) widest = Math.max(widest, widthOf(line));
  let measured = (widest * size) / 2;
  if (wrap) measured = Math.min(measured, width);
  return {
    lines: shown.map((chars) => chars.join("")),
    width: Math.ceil(measured - 1e-9),
    height: shown.length * lineHeight(size),
    cut: shown.length < out.length,
  };
}

/**
 * Tail truncation (section 14, "Text"): the longest prefix of whole characters whose width plus
 * an ellipsis' (half an em) fits `available` points, then `…`; `…` alone when nothing fits.
 * Returns the characters to draw.
 */
export function truncateTail(chars, size, available) {
  const limit = Math.floor((2 * available) / size + 1e-9) - 1;
  const kept = [];
  let used = 0;
  for (const c of chars) {
    const w = halfEms(c);
    if (used + w > limit) break;
    kept.push(c);
    used += w;
  }
  kept.push("…");
  return kept;
}

/** The longest suffix of whole characters at most `available` points wide (a focused field's end). */
export function keepEnd(chars, size, available) {
  const limit = Math.floor((2 * available) / size + 1e-9);
  let used = 0;
  let start = chars.length;
  while (start > 0 && used + halfEms(chars[start - 1]) <= limit) used += halfEms(chars[--start]);
  return chars.slice(start);
}
