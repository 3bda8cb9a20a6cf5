// The WebSocket to the daemon (PROTOCOL.md section 13), as a stream of protocol lines.
//
// It matches every command with its one terminal reply (section 4: replies come in command
// order), hands every other line to its listener and shows nothing itself. It keeps the session
// across a dropped connection as section 16, "What a client does to survive a drop", asks:
// `resume-token` after the greeting, every command numbered with `n=`, and after a drop a new
// connection that says `resume TOKEN frame=SEQ` and sends again the commands left unanswered.
// Only when the session is gone (the daemon restarted, the detach timeout passed) does a new
// connection start a new session.

/** Resuming: the first delay, the largest, in seconds (section 16: 50 ms doubling to 2 s). */
const RESUME_FIRST = 0.05;
const RESUME_MOST = 2;
/** A new session after the old one is gone: the delays between tries, in seconds. */
const BACKOFF_SECONDS = [0.5, 1, 2, 4, 8];
/** Where the tab keeps its token (sessionStorage: this tab only, gone with it). */
const TOKEN_KEY = "viewwire.resume-token";
/** The bye after which there is no session left to resume (section 16, step 4). */
const SHUTDOWN = "server shutting down";
/** The bye a tab gets when another tab holding the same token took the session. */
const TAKEN = "session resumed by another connection";

/** Whether `line` is a command's terminal reply (section 4). */
export function isTerminal(line) {
  return line.startsWith("ok ") || line === "ok" || line.startsWith("error ");
}

/** A command's answer: `ok` tells which kind, `line` is the terminal line, `data` what came before it. */
export class Reply {
  constructor(command, line, data) {
    this.command = command;
    this.line = line;
    this.data = data;
    this.ok = line.startsWith("ok");
  }
}

/** `line` with a resume token's secret part replaced, for the log (section 16: never logged). */
export function redacted(line) {
  return line.replace(/\b([A-Za-z0-9-]+)\.[0-9a-f]{32}\b/g, "$1.…");
}

/**
 * The address to resume `token` on: `url` with `daemon=NAME` in its query, NAME being the token's
 * part before its last `.` (section 17, "More than one daemon"). A proxy in front of several
 * daemons routes the WebSocket handshake by it, since the `resume` inside comes too late to
 * route by; a daemon ignores it. Only the name goes in: the address lands in proxies' logs.
 */
export function resumeUrl(url, token) {
  const name = token.slice(0, Math.max(0, token.lastIndexOf(".")));
  if (!name) return url;
  const address = new URL(url);
  address.searchParams.set("daemon", name);
  return address.toString();
}

/** The storage the token is kept in, when the page has one (not in node's tests). */
function tokenStore() {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // a page whose storage is blocked resumes within the page only
  }
}

export class Connection {
  /**
   * @param url the `ws://HOST:PORT/wire` address
   * @param listener `{greeting(fields, line), resumed(fields, notice), line(line), state(state),
   *   lastFrame()}`: `greeting` starts a new session (`notice` says why the old one is gone, if
   *   one was), `resumed` says the session came back, `lastFrame` is the last frame the mirror
   *   applied whole; `state` is `{name: "connecting"|"connected"|"disconnected", reason,
   *   retryIn, attempt, resuming}`
   * @param pingSeconds how long the page may send nothing before it sends `ping` (section 17's
   *   idle timeout closes a connection that sends no line for 600 s by default)
   * @param resumeStored whether to resume the session whose token the tab kept (a reload), or
   *   to forget it and start a new one (a page opened anew)
   */
  constructor(url, listener, pingSeconds = 60, resumeStored = false) {
    this.url = url;
    this.listener = listener;
    this.socket = null;
    this.buffer = "";
    /** Commands sent on this connection and not answered yet, in order. */
    this.waiting = [];
    /** Commands to send once the connection is ready (sent while it was reconnecting). */
    this.queued = [];
    /** Commands of a lost connection not answered, to send again after `resume`. */
    this.unanswered = [];
    this.attempt = 0;
    this.greeting = null;
    this.ready = false;
    this.lastBye = null;
    this.stopped = false;
    this.retryTimer = null;
    this.lastReason = null;
    this.nextNumber = 1;
    this.token = resumeStored ? tokenStore()?.getItem(TOKEN_KEY) ?? null : null;
    if (!resumeStored) tokenStore()?.removeItem(TOKEN_KEY);
    this.detachTimeout = 60;
    /** When resuming began (ms), to fall back to a new session after the detach timeout. */
    this.lostAt = null;
    /** Why the last session is gone, said once with the next greeting. */
    this.notice = null;
    this.resumeCount = 0;
    this.pingSeconds = pingSeconds;
    this.lastSent = Date.now();
    this.pingTimer = setInterval(() => this.pingIfQuiet(), Math.max(50, (pingSeconds * 1000) / 4));
    /** Every line received, in order, with its direction; the tests read the last ones. */
    this.log = [];
  }

  /** Whether a drop now would be resumed rather than start a new session. */
  get resumable() {
    return this.token !== null;
  }

  connect() {
    this.stopped = false;
    this.greeting = null;
    this.ready = false;
    this.lastBye = null;
    this.buffer = "";
    this.setState({ name: "connecting", attempt: this.attempt, reason: this.lastReason, resuming: this.resumable });
    // A resume names its daemon in the address, for a proxy to route by (see resumeUrl).
    const socket = new WebSocket(this.token ? resumeUrl(this.url, this.token) : this.url);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (socket === this.socket) this.receive(String(event.data));
    };
    socket.onclose = (event) => {
      if (socket === this.socket) this.closed(event);
    };
  }

  /** Ends the session on purpose: `quit`, then no reconnection. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.forget();
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send("quit");
    this.socket?.close(1000);
  }

  /** Ends this session and starts a new one at once, as the user's "Reconnect" does. */
  reconnectNow() {
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.forget();
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send("quit");
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) this.socket.close(1000);
    this.socket = null;
    this.failAll("reconnecting");
    this.connect();
  }

  /**
   * Sends one command line, numbered; resolves with its Reply. While the connection is being
   * resumed the command waits and goes out after the resumed session's own; it is rejected when
   * the session is lost for good first (or at once, when no session can be resumed).
   * Lines are sent one per message without LF, which section 13 reads as ending the line.
   */
  send(line) {
    return new Promise((resolve, reject) => {
      const command = { line, number: 0, data: [], resolve, reject };
      if (this.ready && this.socket?.readyState === WebSocket.OPEN) this.transmit(command);
      else if (this.resumable && !this.stopped) this.queued.push(command);
      else reject(new Error(`not connected: ${line}`));
    });
  }

  /** Numbers `command` when it has no number yet (section 16) and sends it. */
  transmit(command) {
    if (command.number === 0 && !command.internal) command.number = this.nextNumber++;
    const wire = command.number ? `${command.line} n=${command.number}` : command.line;
    this.waiting.push(command);
    this.record(">", wire);
    this.lastSent = Date.now();
    this.socket.send(wire);
  }

  /** Sends a command of the connection's own (`resume-token`, `resume`), not numbered. */
  internal(line) {
    return new Promise((resolve, reject) => this.transmit({ line, number: 0, internal: true, data: [], resolve, reject }));
  }

  pingIfQuiet() {
    if (this.ready && Date.now() - this.lastSent >= this.pingSeconds * 1000) this.send("ping").catch(() => undefined);
  }

  receive(text) {
    this.buffer += text;
    let start = 0;
    let end;
    while ((end = this.buffer.indexOf("\n", start)) >= 0) {
      this.handle(this.buffer.slice(start, end));
      start = end + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  handle(line) {
    this.record("<", line);
    if (!this.greeting) {
      if (line.startsWith("hello viewwire ")) {
        this.greeting = parseFields(line);
        this.started(line);
        return;
      }
      // `error server too-many-connections` and its `bye` come instead of a greeting.
      if (line.startsWith("bye ")) this.lastBye = line;
      this.listener.line(line);
      return;
    }
    if (isTerminal(line)) {
      const command = this.waiting.shift();
      if (command) command.resolve(new Reply(command.line, line, command.data));
      return;
    }
    if (line.startsWith("bye ")) this.lastBye = line;
    if (this.waiting.length) this.waiting[0].data.push(line);
    this.listener.line(line);
  }

  /** After the greeting: resume the session when there is one, else make the new one resumable. */
  async started(greetingLine) {
    if (this.token) {
      const reply = await this.internal(`resume ${this.token} frame=${this.listener.lastFrame?.() ?? 0}`).catch(() => null);
      if (!reply) return; // the connection dropped again: `closed` retries
      if (reply.ok) {
        this.resumed(parseFields(reply.line));
        return;
      }
      // unknown-session: the daemon restarted or the session timed out; anything else is as final.
      this.notice = `the session was gone (${errorCode(reply.line)}), so this is a new one`;
      this.forget();
      this.failAll("the session is gone");
    }
    this.nextNumber = 1;
    this.internal("resume-token")
      .then((reply) => {
        const fields = parseFields(reply.line);
        if (!reply.ok || !fields.token) return;
        this.token = fields.token;
        this.detachTimeout = Number(fields["detach-timeout"]) || 60;
        tokenStore()?.setItem(TOKEN_KEY, this.token);
      })
      .catch(() => undefined);
    this.becameReady({ name: "connected", session: this.greeting.session, notice: this.notice });
    const notice = this.notice;
    this.notice = null;
    this.listener.greeting(this.greeting, greetingLine, notice);
  }

  /** `ok resume session=ID frame=LAST command=L`: send again what was unanswered (step 5). */
  resumed(fields) {
    const applied = Number(fields.command ?? 0);
    const unanswered = this.unanswered;
    this.unanswered = [];
    this.resumeCount++;
    // A reloaded page starts counting at 1 again: the session's count goes on from L.
    this.nextNumber = Math.max(this.nextNumber, applied + 1);
    this.greeting.session = fields.session ?? this.greeting.session;
    this.lostAt = null;
    for (const command of unanswered) {
      if (command.number >= applied && command.number > 0) this.transmit(command);
      else if (command.number > 0) command.reject(new Error(`applied, but its reply was lost: ${command.line}`));
      else command.reject(new Error(`the connection closed: ${command.line}`));
    }
    this.becameReady({ name: "connected", session: this.greeting.session, resumed: true });
    this.listener.resumed?.(this.greeting, null);
  }

  becameReady(state) {
    this.ready = true;
    this.attempt = 0;
    this.lastReason = null;
    this.setState(state);
    const queued = this.queued;
    this.queued = [];
    for (const command of queued) this.transmit(command);
  }

  closed(event) {
    this.socket = null;
    this.ready = false;
    // What this connection left unanswered waits for the resumed session (resume and
    // resume-token themselves are asked again by the next connection).
    this.unanswered.push(...this.waiting.filter((command) => !command.internal));
    for (const command of this.waiting) if (command.internal) command.reject(new Error("the connection closed"));
    this.waiting = [];
    const bye = this.lastBye !== null ? unquoteBye(this.lastBye) : null;
    if (bye === SHUTDOWN) this.forget(); // the daemon ends every session as it goes
    if (bye === TAKEN) {
      this.forget();
      this.notice = "another tab took the session over, so this is a new one";
    }
    if (this.token && this.lostAt === null) this.lostAt = Date.now();
    if (this.token && Date.now() - this.lostAt > this.detachTimeout * 1000) {
      this.forget(); // the server has ended it by now
      this.notice = "the connection was lost for longer than the session waits, so this is a new one";
    }
    if (!this.token) this.failAll("the connection closed");
    if (this.stopped) {
      this.setState({ name: "disconnected", reason: "closed", retryIn: null });
      return;
    }
    let delay;
    if (this.token) {
      // Jitter: between half and all of the delay, so dropped tabs do not all return at once.
      const base = Math.min(RESUME_MOST, RESUME_FIRST * 2 ** this.attempt);
      delay = base * (0.5 + Math.random() / 2);
    } else {
      delay = BACKOFF_SECONDS[Math.min(this.attempt, BACKOFF_SECONDS.length - 1)];
    }
    this.attempt++;
    // A failed retry keeps the reason the session ended with: that is what the user needs to see.
    const reason = bye ?? (this.greeting ? event.reason || `code ${event.code}` : this.lastReason ?? `code ${event.code}`);
    this.lastReason = reason;
    this.setState({ name: "disconnected", reason, retryIn: delay, attempt: this.attempt, resuming: this.resumable });
    this.retryTimer = setTimeout(() => this.connect(), delay * 1000);
  }

  /** Drops the token: the session cannot be resumed any more. */
  forget() {
    this.token = null;
    this.lostAt = null;
    tokenStore()?.removeItem(TOKEN_KEY);
  }

  failAll(why) {
    const commands = [...this.unanswered, ...this.waiting, ...this.queued];
    this.unanswered = [];
    this.waiting = [];
    this.queued = [];
    for (const command of commands) command.reject(new Error(`${why}: ${command.line}`));
  }

  setState(state) {
    this.state = state;
    this.listener.state(state);
  }

  record(direction, line) {
    this.log.push(`${direction} ${redacted(line)}`);
    if (this.log.length > 2000) this.log.splice(0, 1000);
  }
}

/** The options of a greeting or reply line as an object (`session=3` -> `{session: "3"}`). */
export function parseFields(line) {
  const fields = {};
  for (const word of line.split(" ")) {
    const eq = word.indexOf("=");
    if (eq > 0) fields[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return fields;
}

/** The code of an `error client CODE "..."` line (`unknown-session`). */
function errorCode(line) {
  const words = line.split(" ");
  return words[0] === "error" && words.length > 2 ? words[2] : line;
}

function unquoteBye(line) {
  const match = /^bye "(.*)"$/.exec(line);
  return match ? match[1] : line.slice(4);
}
