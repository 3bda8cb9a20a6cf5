// The page: ties the connection, the mirror, the painter and the input together, and routes
// `#/` (the start page, the daemon's apps) and `#/NAME` (app NAME, opened directly).
//
// A new session (the first, or one after the old one was lost for good) empties the mirror, says
// `hello` with the browser's size, scale, language, colour scheme and safe area, and opens the
// app the address names; when the colour scheme or the safe area changes it says `hello` again.
// A resumed session (the connection dropped; or the page reloaded in the same tab) keeps its
// state: the connection has applied the frames it missed, and the page opens nothing again.

import { Connection } from "./connection.js";
import { Mirror, FrameError } from "./mirror.js";
import { Painter } from "./painter.js";
import { Input } from "./input.js";
import { tokenize } from "./tokens.js";
import { canonical } from "./tokens.js";
import { traitOptions, watchTraits } from "./traits.js";

const params = new URLSearchParams(location.search);
const stage = document.getElementById("stage");
const appList = document.getElementById("apps");
const stateLabel = document.getElementById("state");
const title = document.getElementById("title");
const keys = document.getElementById("keys");
const reconnecting = document.getElementById("reconnecting");
/** The app the tab's session shows, kept with its resume token so a reload does not reopen it. */
const APP_KEY = "viewwire.app";

const mirror = new Mirror();
const drawnStrings = [];
const painter = new Painter(stage, mirror, (text) => drawnStrings.push(text));
const frames = [];
let mismatches = 0;
let resyncing = false;
let session = null;

/** The idiom this browser is: `?idiom=` overrides; a narrow touch screen is a phone. */
const idiom =
  params.get("idiom") ?? (matchMedia("(pointer: coarse)").matches && innerWidth < 768 ? "phone" : "desktop");
const keyboardHeight = idiom === "phone" ? Number(params.get("keyboard") ?? 300) : 0;
painter.setKeyboardHeight(keyboardHeight);

const wireUrl = params.get("wire") ?? `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/wire`;
const connection = new Connection(
  wireUrl,
  {
    greeting: (fields, line, notice) => started(fields, notice),
    resumed: (fields) => resumed(fields),
    line: (line) => received(line),
    state: (state) => showState(state),
    lastFrame: () => (resyncing ? 0 : mirror.lastSeq),
  },
  Number(params.get("ping") ?? 60),
  // Only a reload resumes the tab's session: a page opened anew (a link, an address typed)
  // starts its own, as it always did.
  performance.getEntriesByType?.("navigation")[0]?.type === "reload",
);
let notice = null;
const input = new Input(stage, (line) => connection.send(line), keys);

function route() {
  const match = /^#\/(.+)$/.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

/** How far down the page the window starts: below the header. */
function windowTop() {
  return document.querySelector("header").getBoundingClientRect().height;
}

/**
 * Sends a command line. A `hello` naming an appearance that the server answers `ok` makes the
 * painter draw the client's own colours for it (PROTOCOL.md section 14, "Appearance, safe area
 * and text size"): the page draws exactly the appearance it told the server; an error changes
 * nothing, as on the server.
 */
function command(line) {
  const sent = connection.send(line);
  const appearance = /^hello\b.*\sappearance=(light|dark)(?:\s|$)/.exec(line)?.[1];
  if (appearance) {
    sent.then((reply) => {
      if (reply.ok) painter.setAppearance(appearance);
    }, () => undefined);
  }
  return sent;
}

/** The trait options last said in `hello` (`appearance=...`, `safe-area=...`). */
let lastTraits = [];

/** Says `hello` again with the trait options that changed since the last one, if any. */
function traitsChanged() {
  if (!connection.greeting) return;
  const traits = traitOptions(windowTop());
  const changed = traits.filter((option) => !lastTraits.includes(option));
  lastTraits = traits;
  if (changed.length) command(`hello ${changed.join(" ")}`).catch(() => undefined);
}
watchTraits(traitsChanged);

/** The window's size: the stage's box, in whole points. */
function windowSize() {
  const header = document.querySelector("header").getBoundingClientRect().height;
  return [Math.max(1, Math.floor(innerWidth)), Math.max(1, Math.floor(innerHeight - header))];
}

async function started(fields, why, resumedAfterReload = false) {
  session = fields.session;
  notice = why ?? null;
  if (!resumedAfterReload) {
    mirror.reset();
    painter.clear();
    // A new session is light until its hello says otherwise (section 3).
    painter.setAppearance("light");
    frames.length = 0;
    sessionStorage.removeItem(APP_KEY);
  }
  const [w, h] = windowSize();
  const hello = [`hello version=2 size=${w}x${h} scale=${canonical(devicePixelRatio || 1)} idiom=${idiom}`];
  if (navigator.language && /^[A-Za-z0-9-]+$/.test(navigator.language)) hello.push(`locale=${navigator.language}`);
  hello.push(`keyboard=${keyboardHeight}`);
  const traits = traitOptions(windowTop());
  hello.push(...traits);
  lastTraits = traits;
  lastSize = `${w}x${h}`;
  await command(hello.join(" ")).catch(() => undefined);
  await show(resumedAfterReload);
}

/** The session came back on a new connection. In this page nothing is to be done but follow a
 * window that changed meanwhile; after a reload the page says `hello` and shows its route. */
function resumed(fields) {
  if (session === null) {
    started(fields, null, true);
    return;
  }
  const [w, h] = windowSize();
  if (`${w}x${h}` !== lastSize) {
    lastSize = `${w}x${h}`;
    connection.send(`resize ${w} ${h}`).catch(() => undefined);
  }
}

/** Shows what the address names: the start page or an app. */
async function show(resumedAfterReload = false) {
  const name = route();
  if (name === null) {
    title.textContent = "ViewWire";
    stage.parentElement.hidden = true;
    appList.hidden = false;
    input.enabled = false;
    if (mirror.views.size > 1) await connection.send("close").catch(() => undefined);
    const reply = await connection.send("apps").catch(() => null);
    if (reply) listApps(reply.data.filter((line) => line.startsWith("app ")));
    return;
  }
  title.textContent = name;
  appList.hidden = true;
  stage.parentElement.hidden = false;
  input.enabled = true;
  if (resumedAfterReload && sessionStorage.getItem(APP_KEY) === name) return;
  const reply = await connection.send(`open ${name}`).catch(() => null);
  if (reply && !reply.ok) showError(reply.line);
  if (reply?.ok) sessionStorage.setItem(APP_KEY, name);
}

function listApps(lines) {
  const list = document.createElement("ul");
  for (const line of lines) {
    const [, name, titleToken] = tokenize(line);
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#/${encodeURIComponent(name.text)}`;
    link.textContent = name.text;
    link.dataset.app = name.text;
    const text = document.createElement("span");
    text.textContent = titleToken?.value ?? "";
    item.append(link, text);
    list.append(item);
  }
  appList.replaceChildren(list);
}

function showError(line) {
  const note = document.createElement("p");
  note.className = "error";
  note.textContent = line;
  appList.replaceChildren(note);
  appList.hidden = false;
}

function received(line) {
  if (line.startsWith("bye ")) {
    mirror.dropPending();
    return;
  }
  if (!mirror.inFrame && !line.startsWith("frame ")) return;
  let changes;
  try {
    changes = mirror.feed(line);
  } catch (error) {
    if (!(error instanceof FrameError)) throw error;
    console.warn("frame not applied:", error.message);
    resync();
    return;
  }
  if (!changes) return;
  frames.push({ seq: changes.seq, hash: changes.hash, expected: changes.expectedHash, full: changes.full });
  if (frames.length > 1000) frames.splice(0, 500);
  painter.paint(changes);
  const focused = [...mirror.views.values()].find((v) => v.props.get("focused")?.value === "true");
  input.focusChanged(focused ? painter.elements.get(focused.id)?.el : null);
  if (changes.full) resyncing = false;
  if (!changes.matches && !resyncing) {
    mismatches++;
    console.warn(`frame ${changes.seq}: hash ${changes.hash}, the server's ${changes.expectedHash}; resync`);
    resync();
  }
}

function resync() {
  resyncing = true;
  connection.send("resync").catch(() => undefined);
}

function showState(state) {
  document.body.dataset.state = state.name;
  // While a resumable session reconnects only the small indicator says so: nothing was lost.
  reconnecting.hidden = state.name === "connected" || !state.resuming;
  if (state.name !== "connected") mirror.dropPending();
  if (state.name === "connected") {
    stateLabel.textContent = `connected, session ${state.session}${state.notice ? ` (${state.notice})` : ""}`;
  }
  else if (state.resuming) {
    // The label keeps saying what it said: the indicator is enough for a drop that heals.
  } else if (state.name === "connecting") {
    stateLabel.textContent = state.attempt ? `reconnecting (${state.reason})…` : "connecting…";
  }
  else if (state.retryIn) stateLabel.textContent = `disconnected (${state.reason}); retrying in ${state.retryIn} s`;
  else stateLabel.textContent = `disconnected (${state.reason})`;
  // Input made while a session resumes waits in the connection and goes out once it is back.
  input.enabled = (state.name === "connected" || state.resuming) && route() !== null;
}

let lastSize = null;
let resizeTimer = null;
addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    const [w, h] = windowSize();
    if (`${w}x${h}` === lastSize || !connection.greeting) return;
    lastSize = `${w}x${h}`;
    connection.send(`resize ${w} ${h}`).catch(() => undefined);
  }, 100);
});
addEventListener("hashchange", () => {
  if (connection.greeting) show();
});
document.getElementById("reconnect").addEventListener("click", () => connection.reconnectNow());

/** The tests' window into the page: the mirror, its hashes and a way to send commands. */
window.viewwire = {
  mirror,
  connection,
  drawnStrings,
  frames,
  get session() {
    return session;
  },
  get notice() {
    return notice;
  },
  get mismatches() {
    return mismatches;
  },
  hash: () => mirror.hash(),
  get lastFrameHash() {
    return mirror.lastFrameHash;
  },
  get state() {
    return connection.state?.name;
  },
  /** The appearance the painter draws its own colours for: the last accepted `hello`'s. */
  get appearance() {
    return painter.appearance;
  },
  /** Sends a command; resolves with `{ok, line, data}`. */
  send: (line) => command(line).then((r) => ({ ok: r.ok, line: r.line, data: r.data })),
  /** The lines received so far, `< ` before each (`> ` before those sent, without the `n=`
   * number the connection adds: `connection.log` has the lines as they went on the wire). */
  log: () => connection.log.map((line) => (line.startsWith("> ") ? line.replace(/ n=\d+$/, "") : line)),
};

connection.connect();
