// Section 14 of PROTOCOL.md, "The newer controls": a segmented control, a stepper, a progress
// view and an activity indicator each draw a drawing-command list (section 6) computed from their
// keys. This module only computes the lists; the painter paints them with `paintDrawing`, as it
// paints a `draw` property, so the two share one rasteriser.

import { paintDrawing } from "./drawing.js";
import { quote } from "./tokens.js";
import { characters, truncateTail, widthOf } from "./text.js";
import { ownColours } from "./look.js";

/** The classes whose look is a computed command list. */
export const CONTROL_KINDS = new Set(["SegmentedControl", "Stepper", "ProgressView", "ActivityIndicatorView"]);

export const STEPPER = { width: 94, height: 32 };

/** Numbers as the commands' tokens: plain decimals, never exponents. */
function n(value) {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * The command list (one string, commands separated by LF) that `kind` draws with the typed
 * properties `p` in bounds `w`×`h`, or null when it draws nothing. `colours` are the client's
 * own colours of its appearance (look.js `ownColours`; light by default).
 */
export function controlCommands(kind, p, w, h, colours = ownColours("light")) {
  switch (kind) {
    case "SegmentedControl":
      return segmentedCommands(p, w, h, colours);
    case "Stepper":
      return stepperCommands(p, colours);
    case "ProgressView":
      return progressCommands(p, w, h, colours);
    case "ActivityIndicatorView":
      return p.bool("animating", false) ? spinnerCommands(w, h, colours) : null;
    default:
      return null;
  }
}

/**
 * The element showing `kind`'s look (a canvas of its command list, `w`×`h` points), or null when
 * it draws nothing. `drewText` hears the titles drawn, as for `draw` properties; `colours` as for
 * `controlCommands`.
 */
export function controlFace(kind, p, w, h, drewText, colours = ownColours("light")) {
  const commands = controlCommands(kind, p, w, h, colours);
  if (commands === null) return null;
  const face = document.createElement("div");
  face.className = "vw-face";
  face.dataset.commands = commands;
  const canvas = document.createElement("canvas");
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  paintDrawing(canvas, commands, w, h, window.devicePixelRatio || 1, drewText);
  face.append(canvas);
  return face;
}

/** The titles of `segments`: split at LF; an empty string is no segments. */
export function segmentTitles(segments) {
  return segments ? segments.split("\n") : [];
}

function segmentedCommands(p, w, h, c) {
  const titles = segmentTitles(p.string("segments", ""));
  const count = titles.length;
  const r = Math.min(8, h / 2);
  const out = [`fill ${c.controlTrack}`, `rrect 0 0 ${n(w)} ${n(h)} ${n(r)}`, "paint fill"];
  if (!count) return out.join("\n");
  const seg = w / count;
  const raw = p.number("selected", -1);
  const selected = Number.isInteger(raw) && raw >= 0 && raw < count ? raw : -1;
  if (selected >= 0) {
    out.push(`fill ${c.segmentThumb}`, `stroke ${c.outline}`,
      `rrect ${n(selected * seg + 2)} 2 ${n(seg - 4)} ${n(h - 4)} ${n(Math.max(0, r - 2))}`, "paint both");
  }
  if (h > 16) {
    for (let i = 1; i < count; i += 1) {
      if (i === selected || i - 1 === selected) continue;
      out.push(`fill ${c.divider}`, `rect ${n(i * seg - 0.5)} 8 1 ${n(h - 16)}`, "paint fill");
    }
  }
  titles.forEach((title, i) => {
    let chars = characters(title);
    if ((widthOf(chars) * 13) / 2 > seg - 8) chars = truncateTail(chars, 13, seg - 8);
    const width = (widthOf(chars) * 13) / 2;
    if (!width) return;
    const weight = i === selected ? "semibold" : "regular";
    out.push(`fill ${c.label}`, `text ${n(i * seg + (seg - width) / 2)} ${n((h - 16) / 2)} 13 ${weight} ${quote(chars.join(""))}`);
  });
  return out.join("\n");
}

/** The stepper's two glyph colours: an end a tap would not change is dimmed, unless it wraps. */
export function stepperColours(p, c = ownColours("light")) {
  const value = p.number("value", 0);
  const wraps = p.bool("wraps", false);
  const minus = !wraps && value <= p.number("min", 0) ? c.dimmed : c.label;
  const plus = !wraps && value >= p.number("max", 100) ? c.dimmed : c.label;
  return [minus, plus];
}

function stepperCommands(p, c) {
  const [minus, plus] = stepperColours(p, c);
  return [
    `fill ${c.controlTrack}`, "rrect 0 0 94 32 8", "paint fill",
    `fill ${c.divider}`, "rect 46.5 7 1 18", "paint fill",
    `fill ${minus}`, "rect 16.5 15 14 2", "paint fill",
    `fill ${plus}`, "rect 63.5 15 14 2", "rect 69.5 9 2 14", "paint fill",
  ].join("\n");
}

function progressCommands(p, w, h, c) {
  const fraction = Math.min(1, Math.max(0, p.number("progress", 0)));
  const r = Math.min(2, h / 2);
  const out = [`fill ${c.track}`, `rrect 0 0 ${n(w)} ${n(h)} ${n(r)}`, "paint fill"];
  if (fraction > 0) {
    const filled = fraction * w;
    out.push(`fill ${c.tint}`, `rrect 0 0 ${n(filled)} ${n(h)} ${n(Math.min(r, filled / 2))}`, "paint fill");
  }
  return out.join("\n");
}

/** Spoke k's colour: the spoke colour (`#8e8e93`) with alpha 255 × (8 - k) / 8 rounded half up. */
export function spokeColour(k, c = ownColours("light")) {
  return c.spoke + Math.floor((255 * (8 - k)) / 8 + 0.5).toString(16).padStart(2, "0");
}

function spinnerCommands(w, h, c) {
  const d = Math.min(w, h);
  const [cx, cy] = [w / 2, h / 2];
  const out = [`width ${n(0.1 * d)}`];
  for (let k = 0; k < 8; k += 1) {
    // Counter-clockwise from straight up: x goes left as the angle grows.
    const angle = (k * Math.PI) / 4;
    const [dx, dy] = [-Math.sin(angle), -Math.cos(angle)];
    out.push(`stroke ${spokeColour(k, c)}`, `move ${n(cx + dx * 0.25 * d)} ${n(cy + dy * 0.25 * d)}`,
      `line ${n(cx + dx * 0.45 * d)} ${n(cy + dy * 0.45 * d)}`, "paint stroke");
  }
  return out.join("\n");
}
