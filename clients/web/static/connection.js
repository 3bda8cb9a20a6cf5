// The WebSocket to the daemon (PROTOCOL.md section 13), as a stream of protocol lines.
//
// It matches every command with its one terminal reply (section 4: replies come in command
// order), hands every other line to its listener, shows nothing itself, and reconnects with
// backoff when the connection drops. A reconnection is a new session: the server keeps nothing.

const BACKOFF_SECONDS = [0.5, 1, 2, 4, 8];

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

export class Connection {
  /**
   * @param url the `ws://HOST:PORT/wire` address
   * @param listener `{greeting(fields, line), line(line), state(state)}`; `state` is
   *   `{name: "connecting"|"connected"|"disconnected", reason, retryIn, attempt}`
   */
  constructor(url, listener) {
    this.url = url;
    this.listener = listener;
    this.socket = null;
    this.buffer = "";
    this.waiting = [];
    this.attempt = 0;
    this.greeting = null;
    this.lastBye = null;
    this.stopped = false;
    this.retryTimer = null;
    this.lastReason = null;
    /** Every line received, in order, with its direction; the tests read the last ones. */
    this.log = [];
  }

  connect() {
    this.stopped = false;
    this.greeting = null;
    this.lastBye = null;
    this.buffer = "";
    this.setState({ name: "connecting", attempt: this.attempt, reason: this.lastReason });
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (socket === this.socket) this.receive(String(event.data));
    };
    socket.onclose = (event) => {
      if (socket === this.socket) this.closed(event);
    };
  }

  /** Stops for good (no reconnection). */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000);
  }

  /** Drops the connection now and reconnects at once, as a user's "reconnect" does. */
  reconnectNow() {
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) this.socket.close(1000);
    this.socket = null;
    this.failWaiting("reconnecting");
    this.connect();
  }

  /**
   * Sends one command line; resolves with its Reply. Rejects when the connection drops first.
   * Lines are sent one per message without LF, which section 13 reads as ending the line.
   */
  send(line) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || !this.greeting) {
      return Promise.reject(new Error(`not connected: ${line}`));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ line, data: [], resolve, reject });
      this.record(">", line);
      this.socket.send(line);
    });
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
        this.attempt = 0;
        this.lastReason = null;
        this.setState({ name: "connected", session: this.greeting.session });
        this.listener.greeting(this.greeting, line);
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

  closed(event) {
    this.socket = null;
    this.failWaiting("the connection closed");
    if (this.stopped) {
      this.setState({ name: "disconnected", reason: "closed", retryIn: null });
      return;
    }
    const delay = BACKOFF_SECONDS[Math.min(this.attempt, BACKOFF_SECONDS.length - 1)];
    this.attempt++;
    // A failed retry keeps the reason the session ended with: that is what the user needs to see.
    const reason =
      this.lastBye !== null ? unquoteBye(this.lastBye) : this.greeting ? event.reason || `code ${event.code}` : this.lastReason ?? `code ${event.code}`;
    this.lastReason = reason;
    this.setState({ name: "disconnected", reason, retryIn: delay, attempt: this.attempt });
    this.retryTimer = setTimeout(() => this.connect(), delay * 1000);
  }

  failWaiting(why) {
    const waiting = this.waiting;
    this.waiting = [];
    for (const command of waiting) command.reject(new Error(`${why}: ${command.line}`));
  }

  setState(state) {
    this.state = state;
    this.listener.state(state);
  }

  record(direction, line) {
    this.log.push(`${direction} ${line}`);
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

function unquoteBye(line) {
  const match = /^bye "(.*)"$/.exec(line);
  return match ? match[1] : line.slice(4);
}
