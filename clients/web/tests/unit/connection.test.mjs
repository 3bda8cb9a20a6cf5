// The connection's pure parts: a resume token never reaches the page's log (PROTOCOL.md
// section 16), reply fields are read as the spec writes them, and a resume names its daemon in
// the address, never its secret (section 17, "More than one daemon").
import { test } from "node:test";
import assert from "node:assert/strict";
import { redacted, parseFields, isTerminal, resumeUrl } from "../../static/connection.js";

const token = "vw.3f5c0e2a9b7d41c6a8e02f9d5b6c7e10";

test("a token is redacted wherever it stands in a line", () => {
  const cases = [
    [`resume ${token} frame=12`, "resume vw.… frame=12"],
    [`ok resume-token token=${token} detach-timeout=60`, "ok resume-token token=vw.… detach-timeout=60"],
    [`resume my-daemon-2.${token.slice(3)}`, "resume my-daemon-2.…"],
    ["text \"vw.not-a-token\"", "text \"vw.not-a-token\""],
    ["ok resume session=3 frame=9 command=4", "ok resume session=3 frame=9 command=4"],
  ];
  for (const [line, expected] of cases) assert.equal(redacted(line), expected, line);
});

test("reply fields and terminal replies", () => {
  assert.deepEqual(parseFields("ok resume session=3 frame=9 command=4"), { session: "3", frame: "9", command: "4" });
  assert.ok(isTerminal("ok resume session=3 frame=9 command=4"));
  assert.ok(isTerminal('error client unknown-session "no such session"'));
  assert.ok(!isTerminal("frame 2 begin"));
});

test("a resume's address names the token's daemon and keeps the address's own parameters", () => {
  const cases = [
    ["ws://127.0.0.1:7401/wire", token, "ws://127.0.0.1:7401/wire?daemon=vw"],
    ["ws://proxy:7401/wire", `vw2.${token.slice(3)}`, "ws://proxy:7401/wire?daemon=vw2"],
    ["wss://proxy/wire?x=1", `my-daemon-2.${token.slice(3)}`, "wss://proxy/wire?x=1&daemon=my-daemon-2"],
    ["ws://proxy/wire?daemon=old", `vw1.${token.slice(3)}`, "ws://proxy/wire?daemon=vw1"],
  ];
  for (const [url, resumed, expected] of cases) {
    assert.equal(resumeUrl(url, resumed), expected, url);
    assert.ok(!resumeUrl(url, resumed).includes(resumed.split(".")[1]), "the secret stays out");
  }
  assert.equal(resumeUrl("ws://proxy/wire", "no-dot"), "ws://proxy/wire");
});
