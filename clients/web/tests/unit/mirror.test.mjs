// Sections 6 and 7 of PROTOCOL.md against whole sessions: every frame of every transcript in
// Protocol/transcripts/ is fed to a mirror, whose hash must equal the frame's `hash=` and whose
// view count its `views=`. Frames a transcript shortens with patterns cannot be replayed; the
// mirror waits for the next full frame after one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { Mirror, FrameError } from "../../static/mirror.js";

const dir = new URL("../../../../Protocol/transcripts/", import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith(".vwt")).sort();

/** The server lines a transcript expects, with `null` for a skip or a line with patterns. */
function expectedLines(text) {
  const out = [];
  for (const line of text.split("\n")) {
    if (line === "! close" || line === "! expect-close") break;
    if (line.startsWith("<... ")) out.push(null);
    else if (line.startsWith("< ")) {
      const body = line.slice(2);
      out.push(/\{[A-Za-z0-9_.]+\}/.test(body.replaceAll("{{", "")) ? { pattern: body } : body);
    }
  }
  return out;
}

let checkedFrames = 0;
for (const name of files) {
  test(`every exact frame of ${name} leaves the mirror with the server's hash`, () => {
    const mirror = new Mirror();
    let trusted = false;
    let skipping = false;
    for (const line of expectedLines(readFileSync(new URL(name, dir), "utf8"))) {
      if (line === null) {
        skipping = mirror.inFrame || skipping;
        if (mirror.inFrame) mirror.dropPending();
        trusted = false;
        continue;
      }
      const text = typeof line === "string" ? line : line.pattern;
      const inFrame = mirror.inFrame || /^frame \S+ begin/.test(text);
      if (!inFrame) continue;
      if (typeof line !== "string") {
        // A pattern inside a frame: only the end line's hash may be a pattern.
        const end = /^frame (\S+) end hash=\{[^}]*\} views=\{?[^ ]*$/.exec(text);
        if (!end || !mirror.inFrame) {
          if (mirror.inFrame) mirror.dropPending();
          trusted = false;
          continue;
        }
        mirror.dropPending();
        trusted = false;
        continue;
      }
      if (/^frame \S+ begin full/.test(text)) trusted = true;
      const changes = mirror.feed(text);
      if (changes && trusted) {
        assert.equal(changes.hash, changes.expectedHash, `${name}: frame ${changes.seq}`);
        assert.equal(changes.views, changes.expectedViews, `${name}: frame ${changes.seq} views`);
        checkedFrames++;
      }
    }
  });
}

test("the transcripts gave frames to check", () => {
  assert.ok(checkedFrames > 40, `only ${checkedFrames} frames checked`);
});

test("a frame is applied only at its end, and a bad line is a FrameError", () => {
  const mirror = new Mirror();
  mirror.feed("frame 1 begin full");
  mirror.feed("create 1 Window - 0");
  assert.equal(mirror.views.size, 0);
  mirror.dropPending();
  assert.equal(mirror.views.size, 0);
  mirror.feed("frame 2 begin");
  mirror.feed("layout 9 0 0 1 1");
  assert.throws(() => mirror.feed("frame 2 end hash=0000000000000000 views=0"), FrameError);
});

test("shift moves a run of children in exact thousandths, and the hash follows", () => {
  const mirror = new Mirror();
  const lines = ["frame 1 begin full", "create 1 Window - 0"];
  for (let i = 0; i < 10; i++) lines.push(`create ${i + 2} View 1 ${i}`);
  for (let i = 0; i < 10; i++) lines.push(`layout ${i + 2} 0 ${i * 12.5} 10 12.5`);
  let changes;
  for (const line of lines.concat(["frame 1 end hash=x views=11"])) changes = mirror.feed(line);
  const other = new Mirror();
  const after = ["frame 1 begin full", "create 1 Window - 0"];
  for (let i = 0; i < 10; i++) after.push(`create ${i + 2} View 1 ${i}`);
  for (let i = 0; i < 10; i++) after.push(`layout ${i + 2} 0 ${i < 2 ? i * 12.5 : i * 12.5 - 0.25} 10 12.5`);
  let expected;
  for (const line of after.concat(["frame 1 end hash=x views=11"])) expected = other.feed(line);
  for (const line of ["frame 2 begin", "shift 1 2 8 0 -0.25"]) mirror.feed(line);
  changes = mirror.feed(`frame 2 end hash=${expected.hash} views=11`);
  assert.ok(changes.matches);
  assert.deepEqual(mirror.views.get("3").layout, ["0", "12.5", "10", "12.5"]);
  assert.deepEqual(mirror.views.get("4").layout, ["0", "24.75", "10", "12.5"]);
});
