// Section 14, "The newer controls": the command lists a client computes from a control's keys,
// case by case from the spec's own numbers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { controlCommands, segmentTitles, spokeColour, stepperColours } from "../../static/controls.js";

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
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7].map(spokeColour),
    ["#8e8e93ff", "#8e8e93df", "#8e8e93bf", "#8e8e939f", "#8e8e9380", "#8e8e9360", "#8e8e9340", "#8e8e9320"]);
  const spinner = lines("ActivityIndicatorView", { animating: true }, 20, 20);
  assert.equal(spinner[0], "width 2");
  assert.deepEqual(spinner.slice(1, 5), ["stroke #8e8e93ff", "move 10 5", "line 10 1", "paint stroke"]);
  assert.deepEqual(spinner.slice(9, 13), ["stroke #8e8e93bf", "move 5 10", "line 1 10", "paint stroke"]);
  assert.equal(spinner.length, 1 + 8 * 4);
  assert.equal(lines("ActivityIndicatorView", { animating: false }, 20, 20), null);
  assert.equal(lines("ActivityIndicatorView", {}, 20, 20), null);
});
