// Draws the mirror as DOM elements: one absolutely positioned element per view, nested as the
// views are, so the browser clips, composites `alpha` as a group and animates with CSS.
//
// The painter reads the mirror and a frame's changes and touches only the elements of views the
// frame changed (section 6: a frame carries only what changed). It never sends anything.

import { layoutText, lineHeight } from "./text.js";
import { imageElement } from "./images.js";
import { paintDrawing } from "./drawing.js";
import * as look from "./look.js";

/** The looks the kit's classes have; any other class (an app's own) draws as a plain view. */
const KINDS = new Set(["Label", "Button", "TextField", "Switch", "Slider", "ImageView", "ScrollView"]);

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
    this.keyboardHeight = 0;
    this.keyboard = document.createElement("div");
    this.keyboard.className = "vw-keyboard";
  }

  /** Removes everything drawn (a new session). */
  clear() {
    this.elements.clear();
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
      this.setTransition(record, anim);
      this.layout(record, view);
      this.render(record, view);
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
    return { el, kids, face: null, canvas: null, border: null, kind: KINDS.has(view.cls) ? view.cls : "View", drawn: null };
  }

  forget(id) {
    const record = this.elements.get(id);
    if (!record) return;
    record.el.remove();
    this.elements.delete(id);
    for (const child of record.el.querySelectorAll(".vw")) this.elements.delete(child.dataset.id);
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

  setTransition(record, anim) {
    if (!anim) {
      record.el.style.transition = "none";
      record.kids.style.transition = "none";
      return;
    }
    const [, duration, delay, curve] = anim.split(" ");
    const timing = look.CURVES[curve] ?? "ease-in-out";
    const each = (p) => `${p} ${Number(duration)}s ${timing} ${Number(delay)}s`;
    record.el.style.transition = ANIMATED.map(each).join(", ");
    record.kids.style.transition = each("transform");
  }

  layout(record, view) {
    const [x, y, w, h] = view.layout.map(Number);
    const s = record.el.style;
    s.left = `${x}px`;
    s.top = `${y}px`;
    s.width = `${Math.max(0, w)}px`;
    s.height = `${Math.max(0, h)}px`;
  }

  render(record, view) {
    const p = (key, fallback) => view.props.get(key)?.value ?? fallback;
    const s = record.el.style;
    const [, , w, h] = view.layout.map((v) => Math.max(0, Number(v)));
    if (view.props.has("ident")) record.el.dataset.ident = p("ident");
    else delete record.el.dataset.ident;
    s.backgroundColor = p("bg", "transparent");
    s.opacity = String(Number(p("alpha", look.DEFAULTS.alpha)));
    s.display = p("hidden") === "true" ? "none" : "";
    const radius = Number(p("radius", 0));
    s.borderRadius = radius ? `${radius}px` : "";
    s.overflow = p("clips") === "true" || record.kind === "ScrollView" ? "hidden" : "";
    if (record.kind === "ScrollView") {
      const [ox, oy] = p("offset", "0,0").split(",").map(Number);
      record.kids.style.transform = ox || oy ? `translate(${-ox}px, ${-oy}px)` : "";
    }
    this.renderDrawing(record, view, p("draw"), w, h);
    this.renderFace(record, view, p, w, h);
    this.renderBorder(record, Number(p("border", 0)), p("borderColor", look.DEFAULTS.borderColor), radius);
  }

  renderDrawing(record, view, draw, w, h) {
    if (draw === undefined) {
      record.canvas?.remove();
      record.canvas = null;
      record.drawn = null;
      return;
    }
    if (!record.canvas) {
      record.canvas = document.createElement("canvas");
      record.canvas.className = "vw-draw";
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
      record.el.append(record.border);
    }
    record.border.style.border = `${width}px solid ${color}`;
    record.border.style.borderRadius = radius ? `${radius}px` : "";
  }

  renderFace(record, view, p, w, h) {
    let face = null;
    switch (record.kind) {
      case "Label":
        face = textFace(p, w, h, { wrap: Number(p("lines", 1)) !== 1, lines: Number(p("lines", 1)) });
        break;
      case "Button":
        face = textFace(p, w, h, { align: "center", lines: 1 });
        if (p("highlighted") === "true") face.style.opacity = String(look.HIGHLIGHTED_ALPHA);
        break;
      case "TextField":
        face = fieldFace(p, w, h);
        break;
      case "Switch":
        face = switchFace(p);
        break;
      case "Slider":
        face = sliderFace(p, w, h);
        break;
      case "ImageView":
        face = imageFace(p);
        break;
      default:
        break;
    }
    if (face && p("enabled") === "false") face.style.opacity = String(look.DISABLED_ALPHA);
    record.face?.remove();
    record.face = face;
    if (face) {
      face.classList.add("vw-face");
      record.kids.before(face);
    }
  }

  updateKeyboard() {
    const focused = [...this.mirror.views.values()].some((v) => v.props.get("focused")?.value === "true");
    if (this.keyboardHeight > 0 && focused) {
      this.keyboard.style.height = `${this.keyboardHeight}px`;
      if (this.keyboard.parentNode !== this.stage) this.stage.append(this.keyboard);
    } else this.keyboard.remove();
  }
}

/** Text laid out by the spec's rule, one element per line, the block centred vertically. */
function textFace(p, w, h, { wrap = false, lines = 1, align, text, color, inset = 0 } = {}) {
  const size = Number(p("font", look.DEFAULTS.font));
  const value = text ?? p("text", "");
  const face = document.createElement("div");
  face.className = "vw-text";
  const box = Math.max(0, w - 2 * inset);
  const laid = layoutText(value, size, { width: box, wrap, lines });
  const step = lineHeight(size);
  face.style.font = look.fontCss(size, p("weight", look.DEFAULTS.weight));
  face.style.color = color ?? p("textColor", look.DEFAULTS.textColor);
  face.style.textAlign = align ?? p("align", look.DEFAULTS.align);
  face.style.lineHeight = `${step}px`;
  face.style.left = `${inset}px`;
  face.style.width = `${box}px`;
  face.style.top = `${(h - laid.height) / 2}px`;
  laid.lines.forEach((line, i) => {
    const row = document.createElement("div");
    row.className = "vw-line";
    const last = i === laid.lines.length - 1;
    row.textContent = last && laid.cut ? `${line}…` : line;
    face.append(row);
  });
  return face;
}

function fieldFace(p, w, h) {
  const text = p("text", "");
  const empty = text === "";
  const face = textFace(p, w, h, {
    text: empty ? p("placeholder", "") : text,
    color: empty ? look.PLACEHOLDER_COLOR : undefined,
    inset: look.FIELD_INSET,
  });
  const style = p("borderStyle", look.DEFAULTS.borderStyle);
  face.dataset.borderStyle = style;
  if (p("focused") === "true") {
    const row = face.firstChild ?? face.appendChild(document.createElement("div"));
    if (empty) row.textContent = "";
    const caret = document.createElement("span");
    caret.className = "vw-caret";
    row.append(caret);
    face.classList.add("vw-focused");
  }
  const frame = document.createElement("div");
  frame.className = `vw-field vw-field-${style}`;
  frame.append(face);
  face.classList.remove("vw-face");
  return frame;
}

function switchFace(p) {
  const on = p("on") === "true";
  const face = document.createElement("div");
  face.className = `vw-switch${on ? " vw-on" : ""}`;
  const thumb = document.createElement("div");
  thumb.className = "vw-thumb";
  face.append(thumb);
  return face;
}

function sliderFace(p, w, h) {
  const min = Number(p("min", look.DEFAULTS.min));
  const max = Number(p("max", look.DEFAULTS.max));
  const value = Number(p("value", look.DEFAULTS.value));
  const t = max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0;
  const centre = 14 + t * (w - 28);
  const face = document.createElement("div");
  face.className = "vw-slider";
  face.innerHTML = '<div class="vw-track vw-track-max"></div><div class="vw-track vw-track-min"></div><div class="vw-thumb"></div>';
  const [maxTrack, minTrack, thumb] = face.children;
  maxTrack.style.cssText = `left:14px;width:${Math.max(0, w - 28)}px;top:${h / 2 - 2}px`;
  minTrack.style.cssText = `left:14px;width:${Math.max(0, centre - 14)}px;top:${h / 2 - 2}px`;
  thumb.style.cssText = `left:${centre - 14}px;top:${h / 2 - 14}px`;
  return face;
}

function imageFace(p) {
  const face = document.createElement("div");
  face.className = "vw-image";
  face.style.color = p("tint", look.TINT);
  face.append(imageElement(p("image", ""), "xMidYMid meet"));
  return face;
}
