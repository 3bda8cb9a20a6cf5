// What the page exposes to assistive technology (PROTOCOL.md section 6, "Accessibility", and
// section 14, "Accessibility"): each element gets a node in its view's box carrying the role,
// name, value and states the spec computes from its class and keys, so Chromium's
// accessibility tree (and a screen reader) reads the window the painter draws. The painter's own content (text lines, canvases,
// borders) is hidden from it; an element's subviews are too, as UIKit hides what an element
// stands for.
//
// Everything here is computed from one view's class and keys, so a frame costs the views it
// changed: an element's ancestors are handled by the DOM's nesting (aria-hidden on a subtree,
// `display: none` for `hidden`).

/** The trait names, in the wire order (section 6). */
export const TRAITS = [
  "button", "link", "header", "searchField", "image", "selected", "playsSound", "keyboardKey",
  "staticText", "summaryElement", "notEnabled", "updatesFrequently", "startsMediaSession",
  "adjustable", "allowsDirectInteraction", "causesPageTurn", "tabBar",
];

const ELEMENT_CLASSES = new Set([
  "Label", "Button", "TextField", "TextView", "Switch", "Slider", "Stepper", "SegmentedControl", "ProgressView",
]);

/** Section 14's percentage: floor(100 × (value - min) / (max - min) + 0.5), clamped, and `%`. */
export function percentage(value, min, max) {
  if (max === min) return "0%";
  const rounded = Math.floor(((value - min) / (max - min)) * 100 + 0.5);
  return Number.isFinite(rounded) ? `${Math.min(100, Math.max(0, rounded))}%` : "0%";
}

/**
 * The defaults a client computes for a view of class `cls` whose key `k` is `prop(k)` (an object
 * `{value, word}` or undefined): `{element, label, value, traits}`, traits a Set of names.
 */
export function defaults(cls, prop) {
  const string = (k) => {
    const p = prop(k);
    return p && !p.word ? p.value : undefined;
  };
  const number = (k, fallback) => {
    const p = prop(k);
    const n = p && p.word ? Number(p.value) : NaN;
    return Number.isFinite(n) ? n : fallback;
  };
  const result = { element: ELEMENT_CLASSES.has(cls), label: undefined, value: undefined, traits: new Set() };
  switch (cls) {
    case "Label":
      result.label = string("text");
      result.traits.add("staticText");
      break;
    case "Button":
      result.label = string("text");
      result.traits.add("button");
      break;
    case "TextField":
      result.label = string("placeholder");
      result.value = string("text");
      break;
    case "TextView":
      result.value = string("text");
      break;
    case "Switch":
      result.value = prop("on")?.value === "true" && prop("on")?.word ? "1" : "0";
      result.traits.add("button");
      break;
    case "Slider":
      result.value = percentage(number("value", 0), number("min", 0), number("max", 1));
      result.traits.add("adjustable");
      break;
    case "Stepper": {
      const p = prop("value");
      result.value = p && p.word ? p.value : "0";
      result.traits.add("adjustable");
      break;
    }
    case "SegmentedControl": {
      const segments = string("segments");
      const titles = segments ? segments.split("\n") : [];
      const selected = Math.trunc(number("selected", -1));
      if (selected >= 0 && selected < titles.length) result.value = titles[selected];
      break;
    }
    case "ProgressView":
      result.value = percentage(number("progress", 0), 0, 1);
      result.traits.add("updatesFrequently");
      break;
    case "ImageView":
      result.traits.add("image");
      break;
    default:
      break;
  }
  if (prop("enabled")?.word && prop("enabled").value === "false") result.traits.add("notEnabled");
  return result;
}

/**
 * A view's accessibility as the spec defines it: the defaults, each replaced by its `a11y...`
 * key when present. `hidden` is true when assistive technology must not see the view or
 * anything under it (`a11y-hidden=true`, or `alpha` below 0.01).
 */
export function describe(view) {
  const prop = (k) => view.props.get(k);
  const d = defaults(view.cls, prop);
  const string = (k, fallback) => {
    const p = prop(k);
    if (!p || p.word) return fallback;
    return p.value === "" ? undefined : p.value;
  };
  const element = prop("a11y")?.word ? prop("a11y").value === "true" : d.element;
  const traitsProp = prop("a11y-traits");
  const traits = traitsProp && !traitsProp.word
    ? new Set(traitsProp.value.split(" ").filter((name) => TRAITS.includes(name)))
    : d.traits;
  const alpha = Number(prop("alpha")?.value ?? 1);
  return {
    element,
    label: string("a11y-label", d.label),
    value: string("a11y-value", d.value),
    hint: string("a11y-hint", undefined),
    traits,
    hidden: (prop("a11y-hidden")?.word && prop("a11y-hidden").value === "true") || (Number.isFinite(alpha) && alpha < 0.01),
  };
}

/** The ARIA role for an element of class `cls` with `traits` (section 14's mapping). */
export function roleOf(cls, traits) {
  if (cls === "TextField" || cls === "TextView") return traits.has("searchField") ? "searchbox" : "textbox";
  if (cls === "Switch") return "switch";
  if (cls === "Slider") return "slider";
  if (cls === "Stepper") return "spinbutton";
  if (cls === "ProgressView") return "progressbar";
  if (traits.has("button")) return "button";
  if (traits.has("link")) return "link";
  if (traits.has("searchField")) return "searchbox";
  if (traits.has("adjustable")) return "slider";
  if (traits.has("header")) return "heading";
  if (traits.has("image")) return "img";
  return null;
}

/** Roles a user activates (a click, Enter): the page sends a tap at the element's centre. */
const ACTIVATED = new Set(["button", "link", "switch", "textbox", "searchbox"]);

const ATTRIBUTES = [
  "role", "aria-label", "aria-description", "aria-disabled", "aria-pressed", "aria-checked", "aria-level",
  "aria-multiline", "aria-valuenow", "aria-valuemin", "aria-valuemax", "aria-valuetext", "tabindex",
];

/**
 * Puts `view`'s accessibility on its painter record `{el, kids}`. An element is a node of its
 * own (`record.a11y`, a span filling the view's box) rather than the view's element, so that
 * what the browser reads of it (a text field's value from its text) is only what the spec
 * says, never the painter's drawing. The subviews of an element, and a view hidden from
 * assistive technology with its subtree, get aria-hidden; `covered` hides the view too (a
 * sibling is modal).
 */
export function annotate(record, view, covered = false) {
  const a = describe(view);
  if (covered) a.hidden = true;
  if (a.hidden) record.el.setAttribute("aria-hidden", "true");
  else record.el.removeAttribute("aria-hidden");
  // What an element stands for is not read again: its subviews are hidden from the tree.
  if (a.element && !a.hidden) record.kids.setAttribute("aria-hidden", "true");
  else record.kids.removeAttribute("aria-hidden");
  if (!a.element || a.hidden) {
    record.a11y?.remove();
    record.a11y = null;
    return;
  }
  if (!record.a11y) {
    record.a11y = document.createElement("span");
    record.a11y.className = "vw-a11y";
    record.el.prepend(record.a11y);
  }
  const node = record.a11y;
  const wanted = new Map();
  let text = "";
  const role = roleOf(view.cls, a.traits);
  const p = (k) => view.props.get(k)?.value;
  const description = [];
  if (role) {
    wanted.set("role", role);
    if (a.label) wanted.set("aria-label", a.label);
    if (ACTIVATED.has(role)) wanted.set("tabindex", "0");
    if (role === "heading") wanted.set("aria-level", "2");
    if (role === "switch") wanted.set("aria-checked", p("on") === "true" ? "true" : "false");
    if (role === "textbox" && view.cls === "TextView") wanted.set("aria-multiline", "true");
    if (role === "slider" || role === "spinbutton" || role === "progressbar") {
      const [now, min, max] = view.cls === "ProgressView"
        ? [Number(p("progress") ?? 0) * 100, 0, 100]
        : [Number(p("value") ?? 0), Number(p("min") ?? 0), Number(p("max") ?? (view.cls === "Stepper" ? 100 : 1))];
      // Only the kit's own range controls hold their numbers in keys; an app's adjustable view
      // says its value in words (`aria-valuetext`) only.
      const ranged = view.cls === "Slider" || view.cls === "Stepper" || view.cls === "ProgressView";
      if (ranged && [now, min, max].every(Number.isFinite)) {
        wanted.set("aria-valuenow", String(now));
        wanted.set("aria-valuemin", String(min));
        wanted.set("aria-valuemax", String(max));
      }
      if (a.value !== undefined) wanted.set("aria-valuetext", a.value);
    } else if (role === "textbox" || role === "searchbox") text = a.value ?? "";
    else if (a.value !== undefined && role !== "switch") description.push(a.value);
    if (a.traits.has("selected")) {
      if (role === "button") wanted.set("aria-pressed", "true");
      else description.push("selected");
    }
  } else {
    // No role: the element reads as its text, label then value (a label, an app's view).
    text = [a.label, a.value].filter((s) => s !== undefined && s !== "").join(", ");
  }
  if (a.hint) description.push(a.hint);
  if (description.length) wanted.set("aria-description", description.join(", "));
  if (a.traits.has("notEnabled")) wanted.set("aria-disabled", "true");
  for (const name of ATTRIBUTES) {
    const value = wanted.get(name);
    if (value === undefined) node.removeAttribute(name);
    else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  }
  if (wanted.has("tabindex")) node.dataset.a11yAction = "";
  else delete node.dataset.a11yAction;
  if (node.textContent !== text) node.textContent = text;
}

/** Whether `view` is a modal view that is shown (`a11y-modal=true`, not hidden, alpha ≥ 0.01). */
function isShownModal(view) {
  const p = (k) => view.props.get(k);
  if (!(p("a11y-modal")?.word && p("a11y-modal").value === "true")) return false;
  if (p("hidden")?.value === "true") return false;
  const alpha = Number(p("alpha")?.value ?? 1);
  return !(Number.isFinite(alpha) && alpha < 0.01);
}

/**
 * Annotates views as the painter touches them, and keeps rule 5 of section 14 ("Accessibility"):
 * the siblings of a shown modal view are hidden. It remembers which parents have a shown modal
 * child, so a view learns whether a sibling covers it without looking at its siblings, and only
 * a modal view that comes or goes re-annotates its siblings.
 */
export class Annotator {
  /**
   * @param mirror the Mirror
   * @param records the painter's records by view id (`{el, kids}`)
   */
  constructor(mirror, records) {
    this.mirror = mirror;
    this.records = records;
    this.modals = new Map(); // parent id -> Set of the ids of its shown modal children
    this.modalParent = new Map(); // shown modal view id -> its parent id
  }

  clear() {
    this.modals.clear();
    this.modalParent.clear();
  }

  /** Annotates `view` (touched by a frame), and its siblings when it became or stopped being modal. */
  update(record, view) {
    const was = this.modalParent.get(view.id);
    const shown = isShownModal(view) && view.parent !== null;
    if (was !== undefined && (!shown || was !== view.parent)) this.drop(view.id, was);
    if (shown && this.modalParent.get(view.id) === undefined) {
      this.modalParent.set(view.id, view.parent);
      if (!this.modals.has(view.parent)) this.modals.set(view.parent, new Set());
      this.modals.get(view.parent).add(view.id);
      this.refreshSiblings(view.parent, view.id);
    }
    annotate(record, view, this.covered(view));
  }

  /** A view left the tree. */
  forget(id) {
    const parent = this.modalParent.get(id);
    if (parent !== undefined) this.drop(id, parent);
  }

  covered(view) {
    const set = this.modals.get(view.parent);
    if (!set) return false;
    for (const id of set) if (id !== view.id) return true;
    return false;
  }

  drop(id, parent) {
    this.modalParent.delete(id);
    const set = this.modals.get(parent);
    set?.delete(id);
    if (set && set.size === 0) this.modals.delete(parent);
    this.refreshSiblings(parent, id);
  }

  refreshSiblings(parentId, except) {
    for (const id of this.mirror.views.get(parentId)?.children ?? []) {
      if (id === except) continue;
      const record = this.records.get(id);
      const view = this.mirror.views.get(id);
      if (record && view) annotate(record, view, this.covered(view));
    }
  }
}
