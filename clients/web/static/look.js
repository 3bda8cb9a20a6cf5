// The look of PROTOCOL.md: every default and constant the painter draws with, in one place, so
// this file can be read against the spec's look section line by line.

/** The font family. The spec measures text without fonts; a sans-serif close to half an em per
 * character keeps drawn text near the measured width. */
export const FONT_FAMILY = '"Liberation Sans", Arial, Helvetica, sans-serif';

/** CSS weights of the `weight` words. */
export const WEIGHTS = { regular: 400, medium: 500, semibold: 600, bold: 700 };

/** A CSS font for `size` points at `weight` (a `weight` word). */
export function fontCss(size, weight) {
  return `${WEIGHTS[weight] ?? 400} ${size}px ${FONT_FAMILY}`;
}

/** Render keys' defaults when absent. */
export const DEFAULTS = {
  font: 17,
  weight: "regular",
  textColor: "#000000ff",
  align: "left",
  lines: 1,
  alpha: 1,
  min: 0,
  max: 1,
  value: 0,
  borderStyle: "none",
  borderColor: "#000000ff",
  border: 0,
  radius: 0,
};

/** Text field insets, left and right, in points. */
export const FIELD_INSET = 8;

export const PLACEHOLDER_COLOR = "#3c3c434d";
export const CARET_COLOR = "#007affff";
export const TINT = "#007affff";

export const SWITCH = { width: 51, height: 31, thumb: 27, on: "#34c759ff", off: "#e9e9eaff", thumbColor: "#ffffffff" };
export const SLIDER = { thumb: 28, track: 4, minTrack: "#007affff", maxTrack: "#d1d1d6ff", thumbColor: "#ffffffff" };

/** A disabled control's opacity. */
export const DISABLED_ALPHA = 0.4;
/** A highlighted button's title opacity. */
export const HIGHLIGHTED_ALPHA = 0.5;

/** The on-screen keyboard's area on phones. */
export const KEYBOARD = { color: "#d1d3d9ff", keyColor: "#ffffffff" };

/** CSS timing functions of the `anim` curves. */
export const CURVES = { easeInOut: "ease-in-out", easeIn: "ease-in", easeOut: "ease-out", linear: "linear" };
