// Section 14's accessibility defaults and section 6's `a11y...` keys, computed by the page's
// a11y.js from a view's class and keys, case by case.

import { test } from "node:test";
import assert from "node:assert/strict";
import { defaults, describe, percentage, roleOf } from "../../static/a11y.js";

/** A mirror view from wire-like keys: strings quoted, other values words. */
function view(cls, keys = {}) {
  const props = new Map();
  for (const [key, value] of Object.entries(keys)) {
    const quoted = typeof value === "string" && value.startsWith('"');
    props.set(key, { value: quoted ? value.slice(1, -1) : String(value), word: !quoted, raw: String(value) });
  }
  return { cls, props };
}

const cases = [
  ["a label is static text named by its text", view("Label", { text: '"Hello"' }),
    { element: true, label: "Hello", value: undefined, traits: ["staticText"] }],
  ["a button is a button named by its title", view("Button", { text: '"Login"' }),
    { element: true, label: "Login", value: undefined, traits: ["button"] }],
  ["a disabled button is notEnabled", view("Button", { text: '"Login"', enabled: false }),
    { element: true, label: "Login", value: undefined, traits: ["button", "notEnabled"] }],
  ["a text field: placeholder and text", view("TextField", { placeholder: '"Username"', text: '"bob"' }),
    { element: true, label: "Username", value: "bob", traits: [] }],
  ["a secure field's value is its mask", view("TextField", { placeholder: '"Password"', secure: true, text: '"•••"' }),
    { element: true, label: "Password", value: "•••", traits: [] }],
  ["a switch is 1 when on", view("Switch", { on: true }), { element: true, label: undefined, value: "1", traits: ["button"] }],
  ["a switch is 0 when off", view("Switch", { on: false }), { element: true, label: undefined, value: "0", traits: ["button"] }],
  ["a slider is a percentage", view("Slider", { value: 12.5, min: 10, max: 20 }),
    { element: true, label: undefined, value: "25%", traits: ["adjustable"] }],
  ["a stepper's value as written", view("Stepper", { value: 3, min: 0, max: 10 }),
    { element: true, label: undefined, value: "3", traits: ["adjustable"] }],
  ["a segmented control's selected title", view("SegmentedControl", { segments: '"One\nTwo"', selected: 1 }),
    { element: true, label: undefined, value: "Two", traits: [] }],
  ["a progress view", view("ProgressView", { progress: 0.333 }),
    { element: true, label: undefined, value: "33%", traits: ["updatesFrequently"] }],
  ["an image view is no element", view("ImageView", { image: '"star"' }),
    { element: false, label: undefined, value: undefined, traits: ["image"] }],
  ["an app's class is a plain view", view("CustomView", { text: '"x"' }),
    { element: false, label: undefined, value: undefined, traits: [] }],
];

for (const [name, v, expected] of cases) {
  test(`defaults: ${name}`, () => {
    const d = defaults(v.cls, (k) => v.props.get(k));
    assert.deepEqual({ ...d, traits: [...d.traits] }, expected);
  });
}

test("keys replace the defaults whole; an empty label is none", () => {
  const a = describe(view("View", { a11y: true, "a11y-label": '"Square"', "a11y-value": '"Outside"', "a11y-hint": '"Drag it"' }));
  assert.equal(a.element, true);
  assert.equal(a.label, "Square");
  assert.equal(a.value, "Outside");
  assert.equal(a.hint, "Drag it");
  const b = describe(view("Button", { text: '"✕"', "a11y-label": '""', "a11y-traits": '"header wiggly"' }));
  assert.equal(b.label, undefined);
  assert.deepEqual([...b.traits], ["header"], "unknown trait names are ignored");
  assert.equal(describe(view("Label", { "a11y-hidden": true })).hidden, true);
  assert.equal(describe(view("Label", { alpha: 0.001 })).hidden, true);
  assert.equal(describe(view("Switch", { a11y: false })).element, false);
});

test("roles follow the class, then the traits", () => {
  assert.equal(roleOf("TextField", new Set()), "textbox");
  assert.equal(roleOf("Switch", new Set(["button"])), "switch");
  assert.equal(roleOf("View", new Set(["header"])), "heading");
  assert.equal(roleOf("Label", new Set(["staticText"])), null);
});

test("percentages round half up and clamp", () => {
  assert.equal(percentage(0.125, 0, 1), "13%");
  assert.equal(percentage(2, 0, 1), "100%");
  assert.equal(percentage(1, 1, 1), "0%");
});
