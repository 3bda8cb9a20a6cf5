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

/** What an absent key means ("Defaults of absent keys"). An absent `onTint` depends on the
 * appearance, so it is `onTint` in OWN_COLOURS below. */
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
  value: 0,
  min: 0,
  max: 1,
};

/** Text fields: 8 points of inset left and right; a focused field's end stops 10 from the right. */
export const FIELD_INSET = 8;
export const FIELD_END = 10;
export const CARET_WIDTH = 2;
export const ROUNDED_RECT_RADIUS = 5;

/** A disabled control's content opacity (as a group). */
export const DISABLED_ALPHA = 0.5;

export const SWITCH = { width: 51, height: 31, radius: 15.5, knob: 27, knobOff: 2, knobOn: 22 };
export const SLIDER = { thumb: 28, track: 4 };

/**
 * The colours the client paints of its own, which no key carries, for each appearance
 * (section 14, "Appearance, safe area and text size": the table of light and dark values).
 * The painter draws the set of the appearance its last accepted `hello` named, so its own
 * colours always match the ones the server resolved the tree for.
 */
export const OWN_COLOURS = {
  light: {
    placeholder: "#3c3c434d",
    tint: "#007affff",
    onTint: "#34c759ff",
    switchOff: "#e9e9eaff",
    track: "#e5e5eaff",
    knob: "#ffffffff",
    outline: "#0000001f",
    /** `borderStyle` lines: `[outer, inner]` colours. */
    borders: { line: ["#000000ff"], bezel: ["#8e8e93ff", "#d1d1d6ff"], roundedRect: ["#c7c7ccff"] },
    roundedRectFill: "#ffffffff",
    controlTrack: "#7676801f",
    segmentThumb: "#ffffffff",
    divider: "#3c3c4349",
    label: "#000000ff",
    dimmed: "#3c3c434d",
    spoke: "#8e8e93",
    keyboard: "#d1d4d9ff",
  },
  dark: {
    placeholder: "#ebebf54d",
    tint: "#0a84ffff",
    onTint: "#30d158ff",
    switchOff: "#39393dff",
    track: "#2c2c2eff",
    knob: "#ffffffff",
    outline: "#0000001f",
    borders: { line: ["#ffffffff"], bezel: ["#8e8e93ff", "#3a3a3cff"], roundedRect: ["#48484aff"] },
    roundedRectFill: "#2c2c2eff",
    controlTrack: "#7676803d",
    segmentThumb: "#636366ff",
    divider: "#54545899",
    label: "#ffffffff",
    dimmed: "#ebebf54d",
    spoke: "#8e8e93",
    keyboard: "#2c2c2cff",
  },
};

/** The own colours of `appearance` (`light` or `dark`); anything else is light, the default. */
export function ownColours(appearance) {
  return appearance === "dark" ? OWN_COLOURS.dark : OWN_COLOURS.light;
}

/** CSS timing functions of the `anim` curves (section 6, "Animations"). */
export const CURVES = { easeInOut: "ease-in-out", easeIn: "ease-in", easeOut: "ease-out", linear: "linear" };
