// The built-in images (PROTOCOL.md section 14, "Image views"): each is a list of section 6's
// drawing commands in its design box, 24×24 points (`photo` 120×80), which an image view
// stretches to its bounds (`scaleToFill`). The symbols are drawn in the tint colour, which
// depends on the appearance (section 14, "Appearance, safe area and text size"): the lists hold
// `T` where it goes, and `imageCommands` puts the tint in.

const T = "TINT";

const IMAGES = {
  circle: [`fill ${T}`, "ellipse 2 2 20 20", "paint fill"],
  square: [`fill ${T}`, "rrect 3 3 18 18 3", "paint fill"],
  star: [
    `fill ${T}`, "move 12 1.5", "line 14.645 8.859", "line 22.462 9.101", "line 16.28 13.891",
    "line 18.466 21.399", "line 12 17", "line 5.534 21.399", "line 7.72 13.891", "line 1.538 9.101",
    "line 9.355 8.859", "close", "paint fill",
  ],
  heart: [
    `fill ${T}`, "move 12 21", "curve 12 21 2 14.5 2 8.5", "curve 2 5.5 4.5 3 7.5 3", "curve 9.5 3 11 4 12 5.5",
    "curve 13 4 14.5 3 16.5 3", "curve 19.5 3 22 5.5 22 8.5", "curve 22 14.5 12 21 12 21", "close", "paint fill",
  ],
  checkmark: [`stroke ${T}`, "width 3", "move 4 12.5", "line 9.5 18", "line 20 6", "paint stroke"],
  person: [
    `fill ${T}`, "ellipse 8 3 8 8", "paint fill", "move 4 21", "curve 4 16 7.5 13 12 13",
    "curve 16.5 13 20 16 20 21", "close", "paint fill",
  ],
  gear: [
    `stroke ${T}`, "width 3", "ellipse 5 5 14 14", "paint stroke", "move 19 12", "line 23 12", "move 16.95 16.95",
    "line 19.778 19.778", "move 12 19", "line 12 23", "move 7.05 16.95", "line 4.222 19.778", "move 5 12",
    "line 1 12", "move 7.05 7.05", "line 4.222 4.222", "move 12 5", "line 12 1", "move 16.95 7.05",
    "line 19.778 4.222", "paint stroke",
  ],
  photo: [
    "fill #e5e5eaff", "rect 0 0 120 80", "paint fill", "fill #ffcc00ff", "ellipse 84 14 16 16", "paint fill",
    "fill #34c759ff", "move 0 80", "line 40 36", "line 70 62", "line 86 48", "line 120 80", "close", "paint fill",
  ],
};

/** The design box of image `name`, or null for a name not in the set (which draws nothing). */
export function imageSize(name) {
  if (!Object.hasOwn(IMAGES, name)) return null;
  return name === "photo" ? [120, 80] : [24, 24];
}

/** Image `name` as a `draw` property's text (commands separated by LF) with its symbols in
 * `tint` (light's `#007affff` by default), or null. */
export function imageCommands(name, tint = "#007affff") {
  if (!Object.hasOwn(IMAGES, name)) return null;
  return IMAGES[name].map((command) => command.replace(T, tint)).join("\n");
}
