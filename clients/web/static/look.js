// The look (PROTOCOL.md section 14): every default and constant the painter draws with, in one
// place, so this file can be read against the spec's tables line by line.

/** The font family: the client's choice (section 14, "Text"); the rule, not the font, decides
 * where lines start and end. */
export const FONT_FAMILY = '"Liberation Sans", Arial, Helvetica, sans-serif';

/** CSS weights of the `weight` words. */
export const WEIGHTS = { regular: 400, medium: 500, semibold: 600, bold: 700 };

/** A CSS font for `size` points at `weight` (a `weight` word). */
export function fontCss(size, weight) {
  return `${WEIGHTS[weight] ?? 400} ${size}px ${FONT_FAMILY}`;
}

/** What an absent key means ("Defaults of absent keys"). */
export const DEFAULTS = {
  alpha: 1,
  radius: 0,
  border: 0,
  borderColor: "#000000ff",
  offset: "0,0",
  font: 17,
  weight: "regular",
  textColor: "#000000ff",
  align: "left",
  lines: 1,
  borderStyle: "none",
  onTint: "#34c759ff",
  value: 0,
  min: 0,
  max: 1,
};

/** Text fields: 8 points of inset left and right; a focused field's end stops 10 from the right. */
export const FIELD_INSET = 8;
export const FIELD_END = 10;
export const PLACEHOLDER_COLOR = "#3c3c434d";
export const CARET = { width: 2, color: "#007affff" };
/** `borderStyle` lines: `[outer, inner]` colours, and the rounded rectangle's fill and radius. */
export const FIELD_BORDERS = {
  line: ["#000000ff"],
  bezel: ["#8e8e93ff", "#d1d1d6ff"],
  roundedRect: ["#c7c7ccff"],
};
export const ROUNDED_RECT = { fill: "#ffffffff", radius: 5 };

/** A disabled control's content opacity (as a group). */
export const DISABLED_ALPHA = 0.5;

export const SWITCH = { width: 51, height: 31, radius: 15.5, off: "#e9e9eaff", knob: 27, knobOff: 2, knobOn: 22,
  knobColor: "#ffffffff", knobStroke: "#0000001f" };
export const SLIDER = { thumb: 28, track: 4, maxTrack: "#e5e5eaff", minTrack: "#007affff", thumbColor: "#ffffffff",
  thumbStroke: "#0000001f" };

/** The on-screen keyboard's area. */
export const KEYBOARD_COLOR = "#d1d4d9ff";

/** CSS timing functions of the `anim` curves (section 6, "Animations"). */
export const CURVES = { easeInOut: "ease-in-out", easeIn: "ease-in", easeOut: "ease-out", linear: "linear" };
