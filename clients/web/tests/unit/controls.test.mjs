// Section 14, "The newer controls": the command lists a client computes from a control's keys,
// case by case from the spec's own numbers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { controlCommands, segmentTitles, spokeColour, stepperColours } from "../../static/controls.js";
import { imageCommands } from "../../static/images.js";
import { ownColours } from "../../static/look.js";

/** A typed reader over plain values, as the painter gives one (a wrong form counts as absent). */
function props(values) {
  const get = (key, fallback, type) => (typeof values[key] === type ? values[key] : fallback);
  return {
    string: (key, fallback) => get(key, fallback, "string"),
    number: (key, fallback) => get(key, fallback, "number"),
    bool: (key, fallback) => get(key, fallback, "boolean"),
    colour: (key, fallback) => get(key, fallback, "string"),
  };
}

const lines = (kind, values, w, h) => controlCommands(kind, props(values), w, h)?.split("\n") ?? null;

test("segments split at LF; an empty string is none", () => {
  const table = [["", []], ["a", ["a"]], ["a\n", ["a", ""]], ["60\n90\n120", ["60", "90", "120"]]];
  for (const [text, titles] of table) assert.deepEqual(segmentTitles(text), titles, JSON.stringify(text));
});

test("a segmented control: track, the selected thumb, dividers between unselected ones, centred titles", () => {
  // Three 60-point segments, 32 high, the middle one selected.
  assert.deepEqual(lines("SegmentedControl", { segments: "60\n90\n120", selected: 1 }, 180, 32), [
    "fill #7676801f", "rrect 0 0 180 32 8", "paint fill",
    "fill #ffffffff", "stroke #0000001f", "rrect 62 2 56 28 6", "paint both",
    'fill #000000ff', 'text 23.5 8 13 regular "60"',
    'fill #000000ff', 'text 83.5 8 13 semibold "90"',
    'fill #000000ff', 'text 140.25 8 13 regular "120"',
  ]);
  // None selected: both dividers; a title wider than w - 8 is tail-truncated.
  assert.deepEqual(lines("SegmentedControl", { segments: "abcdefghijkl\nb" }, 80, 32), [
    "fill #7676801f", "rrect 0 0 80 32 8", "paint fill",
    "fill #3c3c4349", "rect 39.5 8 1 16", "paint fill",
    'fill #000000ff', 'text 7 8 13 regular "abc…"',
    'fill #000000ff', 'text 56.75 8 13 regular "b"',
  ]);
  // An out-of-range selection is none; no segments is the track alone.
  assert.equal(lines("SegmentedControl", { segments: "a", selected: 3 }, 40, 32).includes("paint both"), false);
  assert.deepEqual(lines("SegmentedControl", {}, 40, 10), ["fill #7676801f", "rrect 0 0 40 10 5", "paint fill"]);
});

test("a stepper dims the end a tap would not change, unless it wraps", () => {
  const black = "#000000ff";
  const dim = "#3c3c434d";
  const table = [
    [{ value: 0, min: 0, max: 100 }, [dim, black]],
    [{ value: 50, min: 0, max: 100 }, [black, black]],
    [{ value: 100, min: 0, max: 100 }, [black, dim]],
    [{ value: 5, min: 5, max: 5 }, [dim, dim]],
    [{ value: 5, min: 5, max: 5, wraps: true }, [black, black]],
    [{}, [dim, black]],
  ];
  for (const [values, colours] of table) assert.deepEqual(stepperColours(props(values)), colours, JSON.stringify(values));
  assert.deepEqual(lines("Stepper", { value: 1, min: 0, max: 100 }, 94, 32), [
    "fill #7676801f", "rrect 0 0 94 32 8", "paint fill", "fill #3c3c4349", "rect 46.5 7 1 18", "paint fill",
    "fill #000000ff", "rect 16.5 15 14 2", "paint fill",
    "fill #000000ff", "rect 63.5 15 14 2", "rect 69.5 9 2 14", "paint fill",
  ]);
});

test("a progress view fills its track from the left by progress, clamped", () => {
  const table = [
    [{ progress: 0.25 }, ["fill #e5e5eaff", "rrect 0 0 200 4 2", "paint fill", "fill #007affff", "rrect 0 0 50 4 2", "paint fill"]],
    [{ progress: 0.01 }, ["fill #e5e5eaff", "rrect 0 0 200 4 2", "paint fill", "fill #007affff", "rrect 0 0 2 4 1", "paint fill"]],
    [{ progress: 3 }, ["fill #e5e5eaff", "rrect 0 0 200 4 2", "paint fill", "fill #007affff", "rrect 0 0 200 4 2", "paint fill"]],
    [{}, ["fill #e5e5eaff", "rrect 0 0 200 4 2", "paint fill"]],
  ];
  for (const [values, expected] of table) assert.deepEqual(lines("ProgressView", values, 200, 4), expected);
});

test("an animating activity indicator is eight fading spokes, counter-clockwise from straight up", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => spokeColour(k)),
    ["#8e8e93ff", "#8e8e93df", "#8e8e93bf", "#8e8e939f", "#8e8e9380", "#8e8e9360", "#8e8e9340", "#8e8e9320"]);
  const spinner = lines("ActivityIndicatorView", { animating: true }, 20, 20);
  assert.equal(spinner[0], "width 2");
  assert.deepEqual(spinner.slice(1, 5), ["stroke #8e8e93ff", "move 10 5", "line 10 1", "paint stroke"]);
  assert.deepEqual(spinner.slice(9, 13), ["stroke #8e8e93bf", "move 5 10", "line 1 10", "paint stroke"]);
  assert.equal(spinner.length, 1 + 8 * 4);
  assert.equal(lines("ActivityIndicatorView", { animating: false }, 20, 20), null);
  assert.equal(lines("ActivityIndicatorView", {}, 20, 20), null);
});

// Section 14, "Appearance, safe area and text size": the same lists in the dark column's colours.
const dark = ownColours("dark");
const darkLines = (kind, values, w, h) => controlCommands(kind, props(values), w, h, dark)?.split("\n") ?? null;

test("in dark appearance the newer controls draw the dark values of their own colours", () => {
  assert.deepEqual(darkLines("SegmentedControl", { segments: "a\nb\nc", selected: 0 }, 180, 32), [
    "fill #7676803d", "rrect 0 0 180 32 8", "paint fill",
    "fill #636366ff", "stroke #0000001f", "rrect 2 2 56 28 6", "paint both",
    "fill #54545899", "rect 119.5 8 1 16", "paint fill",
    "fill #ffffffff", 'text 26.75 8 13 semibold "a"',
    "fill #ffffffff", 'text 86.75 8 13 regular "b"',
    "fill #ffffffff", 'text 146.75 8 13 regular "c"',
  ]);
  assert.deepEqual(stepperColours(props({ value: 0, min: 0, max: 100 }), dark), ["#ebebf54d", "#ffffffff"]);
  assert.deepEqual(darkLines("Stepper", { value: 100, min: 0, max: 100 }, 94, 32).slice(0, 7), [
    "fill #7676803d", "rrect 0 0 94 32 8", "paint fill", "fill #54545899", "rect 46.5 7 1 18", "paint fill",
    "fill #ffffffff",
  ]);
  assert.deepEqual(darkLines("ProgressView", { progress: 0.25 }, 200, 4),
    ["fill #2c2c2eff", "rrect 0 0 200 4 2", "paint fill", "fill #0a84ffff", "rrect 0 0 50 4 2", "paint fill"]);
  // systemGray is the same in both appearances.
  assert.equal(darkLines("ActivityIndicatorView", { animating: true }, 20, 20)[1], "stroke #8e8e93ff");
  // No light colour is left in a dark list.
  for (const light of ["#7676801f", "#3c3c4349", "#000000ff", "#e5e5eaff", "#007affff"]) {
    for (const kind of ["SegmentedControl", "Stepper", "ProgressView"]) {
      const list = darkLines(kind, { segments: "a\nb", progress: 0.5, value: 1 }, 100, 32);
      assert.equal(list.some((l) => l.includes(light)), false, `${kind} ${light}`);
    }
  }
});

test("the symbol images take the appearance's tint; the photo keeps its own colours", () => {
  assert.equal(imageCommands("circle").split("\n")[0], "fill #007affff");
  assert.equal(imageCommands("circle", dark.tint).split("\n")[0], "fill #0a84ffff");
  assert.equal(imageCommands("checkmark", dark.tint).split("\n")[0], "stroke #0a84ffff");
  assert.equal(imageCommands("photo", dark.tint), imageCommands("photo"));
  assert.equal(imageCommands("nothing", dark.tint), null);
});
