// Draws the mirror as DOM elements: one absolutely positioned element per view, nested as the
// views are, so the browser clips, composites `alpha` as a group and animates with CSS.
//
// The painter reads the mirror and a frame's changes and touches only the elements of views the
// frame changed (section 6: a frame carries only what changed). It never sends anything. Each
// element it touches also gets the view's accessibility (a11y.js), so the elements the browser
// composites are the ones its accessibility tree holds, in the same places.

import { breakLines, characters, keepEnd, lineHeight, truncateTail, widthOf } from "./text.js";
import { imageCommands, imageSize } from "./images.js";
import { paintDrawing } from "./drawing.js";
import { CONTROL_KINDS, controlFace } from "./controls.js";
import * as look from "./look.js";
import { Annotator } from "./a11y.js";

/** The looks the kit's classes have; any other class (an app's own) draws as a plain view. */
const KINDS = new Set(["Label", "Button", "TextField", "Switch", "Slider", "ImageView"]);

/** The classes whose face shows colours the client paints of its own (section 14, "Appearance,
 * safe area and text size"): drawn again when the appearance changes. */
const OWN_COLOUR_KINDS = new Set(["TextField", "Switch", "Slider", "ImageView", ...CONTROL_KINDS]);

/** The CSS properties an `anim` transition moves. */
const ANIMATED = ["left", "top", "width", "height", "opacity", "background-color", "border-radius", "transform"];

export class Painter {
  /**
   * @param stage the element that is the window
   * @param mirror the Mirror to draw
   * @param drewText called with every string drawn on a canvas (the page records them)
   */
  constructor(stage, mirror, drewText) {
    this.stage = stage;
    this.mirror = mirror;
    this.drewText = drewText;
    this.elements = new Map();
    this.a11y = new Annotator(mirror, this.elements);
    this.keyboardHeight = 0;
    this.keyboard = document.createElement("div");
    this.keyboard.className = "vw-keyboard";
    this.appearance = "light";
    this.colours = look.ownColours("light");
  }

  /**
   * Draws the client's own colours for `appearance` (`light` or `dark`), the one the page's last
   * accepted `hello` named, and draws again at once every view showing one, and the keyboard.
   */
  setAppearance(appearance) {
    const colours = look.ownColours(appearance);
    this.appearance = appearance === "dark" ? "dark" : "light";
    this.stage.dataset.appearance = this.appearance;
    if (colours === this.colours) return;
    this.colours = colours;
    for (const [id, record] of this.elements) {
      const view = this.mirror.views.get(id);
      if (!view || !OWN_COLOUR_KINDS.has(record.kind)) continue;
      const [, , w, h] = view.layout.map(Number);
      this.renderFace(record, reader(view), w > 0 && h > 0, w, h);
    }
    this.updateKeyboard();
  }

  /** Removes everything drawn (a new session). */
  clear() {
    this.elements.clear();
    this.a11y.clear();
    this.stage.replaceChildren();
  }

  /** Shows the on-screen keyboard's area, `height` points tall, while a field is focused (0: never). */
  setKeyboardHeight(height) {
    this.keyboardHeight = height;
    this.updateKeyboard();
  }

  /** Draws what `changes` (a FrameChanges the mirror returned) changed. */
  paint(changes) {
    if (changes.full) this.clear();
    for (const id of changes.removed) this.forget(id);
    for (const id of changes.created) this.elements.set(id, this.make(id));
    if (changes.full || this.stage.firstChild !== this.elements.get(this.mirror.root)?.el) {
      const root = this.elements.get(this.mirror.root);
      this.stage.replaceChildren(...(root ? [root.el] : []));
    }
    for (const id of changes.structure) this.order(id);
    const touched = new Set([...changes.created, ...changes.layout, ...changes.render.keys()]);
    for (const id of touched) {
      const record = this.elements.get(id);
      const view = this.mirror.views.get(id);
      if (!record || !view) continue;
      const anim = changes.full ? undefined : changes.animated.get(id);
      const delay = this.setTransition(record, anim);
      this.layout(record, view);
      this.render(record, view, delay);
      this.a11y.update(record, view);
    }
    this.updateKeyboard();
  }

  make(id) {
    const view = this.mirror.views.get(id);
    const el = document.createElement("div");
    el.className = "vw";
    el.dataset.id = id;
    el.dataset.class = view.cls;
    const kids = document.createElement("div");
    kids.className = "vw-kids";
    el.append(kids);
    return { el, kids, face: null, canvas: null, border: null, kind: KINDS.has(view.cls) || CONTROL_KINDS.has(view.cls) ? view.cls : "View", drawn: null };
  }

  forget(id) {
    const record = this.elements.get(id);
    if (!record) return;
    record.el.remove();
    this.elements.delete(id);
    this.a11y.forget(id);
    for (const child of record.el.querySelectorAll(".vw")) {
      this.elements.delete(child.dataset.id);
      this.a11y.forget(child.dataset.id);
    }
  }

  /** Puts a view's children's elements in the mirror's order. */
  order(id) {
    const record = this.elements.get(id);
    const view = this.mirror.views.get(id);
    if (!record || !view) return;
    const kids = record.kids;
    view.children.forEach((childId, i) => {
      const child = this.elements.get(childId).el;
      if (kids.children[i] !== child) kids.insertBefore(child, kids.children[i] ?? null);
    });
    while (kids.children.length > view.children.length) kids.lastChild.remove();
  }

  /**
   * Animates this frame's numeric and colour changes of the view along its `anim` curve, or
   * shows them at once. Returns the animation's delay in seconds (0 when not animated).
   */
  setTransition(record, anim) {
    clearTimeout(record.contentTimer);
    if (!anim) {
      record.el.style.transition = "none";
      record.kids.style.transition = "none";
      record.borderTransition = "none";
      if (record.border) record.border.style.transition = "none";
      return 0;
    }
    const [, duration, delay, curve] = anim.split(" ");
    const timing = look.CURVES[curve] ?? "ease-in-out";
    const each = (p) => `${p} ${Number(duration) || 0}s ${timing} ${Number(delay) || 0}s`;
    record.el.style.transition = ANIMATED.map(each).join(", ");
    record.kids.style.transition = each("transform");
    record.borderTransition = ["border-width", "border-color", "border-radius"].map(each).join(", ");
    return Number(delay) || 0;
  }

  layout(record, view) {
    const [x, y, w, h] = view.layout.map(Number);
    const s = record.el.style;
    s.left = `${x}px`;
    s.top = `${y}px`;
    s.width = `${Math.max(0, w)}px`;
    s.height = `${Math.max(0, h)}px`;
  }

  /**
   * Shows the view's render properties. Numbers and colours go to CSS (which animates them);
   * other values (text, drawings, `hidden`) change when an animation starts, `delay` seconds on.
   */
  render(record, view, delay = 0) {
    const p = reader(view);
    const s = record.el.style;
    const [, , w, h] = view.layout.map(Number);
    // A view without area paints nothing of its own; its subviews still paint (section 14).
    const paints = w > 0 && h > 0;
    if (view.props.has("ident")) record.el.dataset.ident = p.string("ident");
    else delete record.el.dataset.ident;
    // Scroll views (and tables, collections: any class) are the views that send `contentSize`.
    if (view.props.has("contentSize")) record.el.dataset.scrolls = "";
    else delete record.el.dataset.scrolls;
    s.backgroundColor = paints ? p.colour("bg", "transparent") : "transparent";
    s.opacity = String(Math.min(1, Math.max(0, p.number("alpha", look.DEFAULTS.alpha))));
    const content = () => {
      s.display = p.bool("hidden", false) ? "none" : "";
      this.renderDrawing(record, paints ? p.string("draw") : undefined, w, h);
      this.renderFace(record, p, paints, w, h);
    };
    const radius = Math.max(0, p.number("radius", look.DEFAULTS.radius));
    s.borderRadius = radius ? `${radius}px` : "";
    s.overflow = p.bool("clips", false) ? "hidden" : "";
    // `offset` is the bounds origin of any view, scroll view or not.
    const [ox, oy] = pair(p.string("offset", look.DEFAULTS.offset));
    record.kids.style.transform = ox || oy ? `translate(${-ox}px, ${-oy}px)` : "";
    if (delay > 0) record.contentTimer = setTimeout(content, delay * 1000);
    else content();
    const border = paints ? Math.max(0, p.number("border", look.DEFAULTS.border)) : 0;
    this.renderBorder(record, border, p.colour("borderColor", look.DEFAULTS.borderColor), radius);
  }

  renderDrawing(record, draw, w, h, stretch) {
    if (draw === undefined || draw === null) {
      record.canvas?.remove();
      record.canvas = null;
      record.drawn = null;
      return;
    }
    if (!record.canvas) {
      record.canvas = document.createElement("canvas");
      record.canvas.className = "vw-draw";
      record.canvas.setAttribute("aria-hidden", "true");
      record.el.prepend(record.canvas);
    }
    const scale = window.devicePixelRatio || 1;
    const key = `${w}x${h}@${scale}:${draw}`;
    if (record.drawn === key) return;
    record.drawn = key;
    record.canvas.style.width = `${w}px`;
    record.canvas.style.height = `${h}px`;
    paintDrawing(record.canvas, draw, w, h, scale, this.drewText);
  }

  renderBorder(record, width, color, radius) {
    if (!(width > 0)) {
      record.border?.remove();
      record.border = null;
      return;
    }
    if (!record.border) {
      record.border = document.createElement("div");
      record.border.className = "vw-border";
      record.border.setAttribute("aria-hidden", "true");
      record.el.append(record.border);
    }
    record.border.style.transition = record.borderTransition ?? "none";
    record.border.style.border = `${width}px solid ${color}`;
    record.border.style.borderRadius = radius ? `${radius}px` : "";
  }

  renderFace(record, p, paints, w, h) {
    let face = null;
    if (paints) {
      switch (record.kind) {
        case "Label":
          face = labelFace(p, w, h);
          break;
        case "Button":
          face = buttonFace(p, w, h);
          break;
        case "TextField":
          face = fieldFace(p, w, h, this.colours);
          break;
        case "Switch":
          face = switchFace(p, this.colours);
          break;
        case "Slider":
          face = sliderFace(p, w, h, this.colours);
          break;
        case "ImageView":
          face = imageFace(p, w, h, this.drewText, this.colours);
          break;
        default:
          face = controlFace(record.kind, p, w, h, this.drewText, this.colours);
          break;
      }
    }
    if (face && !p.bool("enabled", true) && record.kind !== "Label" && record.kind !== "ImageView") {
      face.style.opacity = String(look.DISABLED_ALPHA);
    }
    record.face?.remove();
    record.face = face;
    if (face) {
      face.classList.add("vw-face");
      // What the face draws is read from the view's accessibility (a11y.js), not from its pixels.
      face.setAttribute("aria-hidden", "true");
      record.kids.before(face);
    }
  }

  /** The keyboard's area: `(0, H - K, W, K)` over the whole tree while any view is focused. */
  updateKeyboard() {
    const root = this.mirror.views.get(this.mirror.root);
    const focused = [...this.mirror.views.values()].some((v) => v.props.get("focused")?.value === "true");
    if (root && this.keyboardHeight > 0 && focused) {
      const [, , w, h] = root.layout.map(Number);
      const k = this.keyboardHeight;
      this.keyboard.style.cssText = `left:0;top:${h - k}px;width:${w}px;height:${k}px;background:${this.colours.keyboard}`;
      if (this.keyboard.parentNode !== this.stage) this.stage.append(this.keyboard);
    } else this.keyboard.remove();
  }
}

const COLOUR = /^#[0-9a-f]{8}$/;

/** Typed access to a view's render properties; a value of the wrong form counts as absent. */
function reader(view) {
  const raw = (key) => view.props.get(key);
  return {
    string: (key, fallback) => {
      const prop = raw(key);
      return prop && !prop.word ? prop.value : fallback;
    },
    number: (key, fallback) => {
      const prop = raw(key);
      const value = prop && prop.word ? Number(prop.value) : NaN;
      return Number.isFinite(value) ? value : fallback;
    },
    bool: (key, fallback) => {
      const prop = raw(key);
      return prop && prop.word && (prop.value === "true" || prop.value === "false") ? prop.value === "true" : fallback;
    },
    colour: (key, fallback) => {
      const prop = raw(key);
      return prop && prop.word && COLOUR.test(prop.value) ? prop.value : fallback;
    },
  };
}

function pair(text) {
  const parts = String(text).split(",").map(Number);
  return parts.length === 2 && parts.every(Number.isFinite) ? parts : [0, 0];
}

const measurer = document.createElement("canvas").getContext("2d");
const baselineShifts = new Map();

/**
 * How far (CSS pixels, down) a DOM line's glyphs must move so that their em square is centred in
 * the line box, as section 14 says (canvas's `textBaseline = "middle"`), rather than where CSS
 * centres the font's ascent and descent.
 */
function baselineShift(font) {
  let shift = baselineShifts.get(font);
  if (shift !== undefined) return shift;
  measurer.font = font;
  measurer.textBaseline = "alphabetic";
  const metrics = measurer.measureText("H");
  const fromBaseline = metrics.actualBoundingBoxAscent;
  measurer.textBaseline = "middle";
  const fromMiddle = measurer.measureText("H").actualBoundingBoxAscent;
  measurer.textBaseline = "alphabetic";
  const middleAboveBaseline = fromBaseline - fromMiddle;
  const cssMiddleAboveBaseline = (metrics.fontBoundingBoxAscent - metrics.fontBoundingBoxDescent) / 2;
  shift = Number.isFinite(middleAboveBaseline - cssMiddleAboveBaseline) ? middleAboveBaseline - cssMiddleAboveBaseline : 0;
  baselineShifts.set(font, shift);
  return shift;
}

/**
 * One line of text in its box (section 14, "Text"): the box is the line's measured width and
 * one line height; glyphs the font draws wider are compressed into it, narrower ones placed by
 * `align` within it.
 */
function lineElement(chars, x, y, size, font, colour, align) {
  const text = chars.join("");
  const box = (widthOf(chars) * size) / 2;
  const step = lineHeight(size);
  const el = document.createElement("div");
  el.className = "vw-line";
  const glyphs = document.createElement("span");
  glyphs.textContent = text;
  const shift = baselineShift(font);
  if (shift) glyphs.style.cssText = `position:relative;top:${shift}px`;
  el.append(glyphs);
  measurer.font = font;
  const natural = measurer.measureText(text).width;
  el.style.cssText = `left:${x}px;top:${y}px;height:${step}px;line-height:${step}px;font:${font};color:${colour}`;
  el.style.lineHeight = `${step}px`;
  if (natural > box && box > 0) {
    el.style.width = `${natural}px`;
    el.style.transform = `scaleX(${box / natural})`;
  } else {
    el.style.width = `${box}px`;
    el.style.textAlign = align;
  }
  return el;
}

function textStyle(p) {
  const size = p.number("font", look.DEFAULTS.font);
  return { size, font: look.fontCss(size, p.string("weight", look.DEFAULTS.weight)), step: lineHeight(size) };
}

function alignedX(align, width, lineWidth, left = 0) {
  if (align === "center") return left + (width - lineWidth) / 2;
  if (align === "right") return left + width - lineWidth;
  return left;
}

function newFace() {
  const face = document.createElement("div");
  face.className = "vw-face";
  return face;
}

/** A label: lines by the measurement rule, as many as `lines` and the height allow, centred
 * vertically, each placed by `align`, the last tail-truncated when lines are left over. */
function labelFace(p, w, h) {
  const text = p.string("text", "");
  if (!text) return null;
  const { size, font, step } = textStyle(p);
  const lines = p.number("lines", look.DEFAULTS.lines);
  const all = breakLines(text, size, { width: w, wrap: lines !== 1 });
  let shown = lines > 0 ? Math.min(all.length, lines) : all.length;
  shown = Math.min(shown, Math.max(1, Math.floor(h / step)));
  const align = p.string("align", look.DEFAULTS.align);
  const colour = p.colour("textColor", look.DEFAULTS.textColor);
  const face = newFace();
  const top = (h - shown * step) / 2;
  for (let i = 0; i < shown; i++) {
    let chars = all[i];
    if ((i === shown - 1 && all.length > shown) || (widthOf(chars) * size) / 2 > w) chars = truncateTail(chars, size, w);
    const lineWidth = (widthOf(chars) * size) / 2;
    face.append(lineElement(chars, alignedX(align, w, lineWidth), top + i * step, size, font, colour, align));
  }
  return face;
}

/** A button's title: never wrapped, a centred block, each line centred and truncated to the width. */
function buttonFace(p, w, h) {
  const text = p.string("text", "");
  if (!text) return null;
  const { size, font, step } = textStyle(p);
  const colour = p.colour("textColor", look.DEFAULTS.textColor);
  const lines = breakLines(text, size);
  const face = newFace();
  const top = (h - lines.length * step) / 2;
  lines.forEach((line, i) => {
    const chars = (widthOf(line) * size) / 2 > w ? truncateTail(line, size, w) : line;
    const lineWidth = (widthOf(chars) * size) / 2;
    face.append(lineElement(chars, (w - lineWidth) / 2, top + i * step, size, font, colour, "center"));
  });
  return face;
}

/** A text field: its border style, one line of text or placeholder between 8-point insets, and
 * the caret, in the own colours `c`. */
function fieldFace(p, w, h, c) {
  const face = newFace();
  const style = p.string("borderStyle", look.DEFAULTS.borderStyle);
  const borders = Object.hasOwn(c.borders, style) ? c.borders[style] : null;
  if (borders) {
    borders.forEach((colour, i) => {
      const edge = document.createElement("div");
      edge.className = "vw-edge";
      edge.style.inset = `${i}px`;
      edge.style.border = `1px solid ${colour}`;
      if (style === "roundedRect") {
        edge.style.background = c.roundedRectFill;
        edge.style.borderRadius = `${look.ROUNDED_RECT_RADIUS}px`;
      }
      face.append(edge);
    });
  }
  const { size, font, step } = textStyle(p);
  const text = p.string("text", "");
  const placeholder = p.string("placeholder", "");
  const focused = p.bool("focused", false) && p.bool("enabled", true);
  const align = p.string("align", look.DEFAULTS.align);
  const area = w - 2 * look.FIELD_INSET;
  const top = (h - step) / 2;
  const shown = text || placeholder;
  let chars = characters(shown.replace(/\r?\n/g, " "));
  let x;
  let showingEnd = false;
  if ((widthOf(chars) * size) / 2 > area) {
    if (focused && text) {
      chars = keepEnd(chars, size, area - 2);
      showingEnd = true;
    } else chars = truncateTail(chars, size, area);
  }
  const lineWidth = (widthOf(chars) * size) / 2;
  if (showingEnd) x = w - look.FIELD_END - lineWidth;
  else x = alignedX(align, area, lineWidth, look.FIELD_INSET);
  if (shown) {
    const colour = text ? p.colour("textColor", look.DEFAULTS.textColor) : c.placeholder;
    face.append(lineElement(chars, x, top, size, font, colour, align));
  }
  if (focused) {
    let caretX;
    if (showingEnd) caretX = w - look.FIELD_END;
    else if (!text) caretX = align === "center" ? w / 2 : align === "right" ? w - look.FIELD_END : look.FIELD_INSET;
    else caretX = align === "center" ? (w + lineWidth) / 2 : align === "right" ? w - look.FIELD_INSET : look.FIELD_INSET + lineWidth;
    caretX = Math.min(caretX, w - look.FIELD_END);
    const caret = document.createElement("div");
    caret.className = "vw-caret";
    caret.style.cssText = `left:${caretX}px;top:${top}px;width:${look.CARET_WIDTH}px;height:${step}px;background:${c.tint}`;
    face.append(caret);
  }
  return face;
}

const SVG = "http://www.w3.org/2000/svg";

function svgElement(width, height, children) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  svg.setAttribute("class", "vw-svg");
  for (const [name, attributes] of children) {
    const child = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) child.setAttribute(key, String(value));
    svg.append(child);
  }
  return svg;
}

/** A switch: the 51×31 track and the knob, at the view's top-left corner whatever its size. */
function switchFace(p, c) {
  const on = p.bool("on", false);
  const sw = look.SWITCH;
  const knob = sw.knob / 2;
  const face = newFace();
  face.append(
    svgElement(sw.width, sw.height, [
      ["rect", { width: sw.width, height: sw.height, rx: sw.radius, style: `fill:${on ? p.colour("onTint", c.onTint) : c.switchOff}` }],
      ["circle", { cx: (on ? sw.knobOn : sw.knobOff) + knob, cy: 2 + knob, r: knob,
        style: `fill:${c.knob};stroke:${c.outline};stroke-width:1` }],
    ]),
  );
  face.dataset.on = String(on);
  return face;
}

/** A slider: the maximum track, the minimum track up to the thumb, and the thumb. */
function sliderFace(p, w, h, c) {
  const min = p.number("min", look.DEFAULTS.min);
  const max = p.number("max", look.DEFAULTS.max);
  const value = p.number("value", look.DEFAULTS.value);
  const f = max === min ? 0 : (value - min) / (max - min);
  const sl = look.SLIDER;
  const cx = sl.thumb / 2 + f * (w - sl.thumb);
  const cy = h / 2;
  const face = newFace();
  face.append(
    svgElement(w, h, [
      ["rect", { x: 0, y: cy - sl.track / 2, width: w, height: sl.track, rx: sl.track / 2, style: `fill:${c.track}` }],
      ["rect", { x: 0, y: cy - sl.track / 2, width: Math.max(0, cx), height: sl.track, rx: sl.track / 2, style: `fill:${c.tint}` }],
      ["circle", { class: "vw-thumb", cx, cy, r: sl.thumb / 2, style: `fill:${c.knob};stroke:${c.outline};stroke-width:1` }],
    ]),
  );
  return face;
}

/** An image view: the named image's commands, its design box stretched to the bounds, its
 * symbols in the tint of the own colours `c`. */
function imageFace(p, w, h, drewText, c) {
  const name = p.string("image", "");
  const size = imageSize(name);
  if (!size) return null;
  const face = newFace();
  const canvas = document.createElement("canvas");
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  paintDrawing(canvas, imageCommands(name, c.tint), w, h, window.devicePixelRatio || 1, drewText, [w / size[0], h / size[1]]);
  face.append(canvas);
  face.dataset.image = name;
  return face;
}
