#!/usr/bin/env python3
"""User-space instructions per request of release viewwired builds, counted by callgrind.

Issue 14, item 3 ("Cheaper per input"). This machine is a VM without hardware counters
(`perf stat -e instructions:u` says "not supported"), and wall-clock or CPU time moves with the
load of everyone else's builds, so builds are compared by the instructions valgrind counts:
the same on a quiet machine and a loaded one. Each build runs under
`valgrind --tool=callgrind --instr-atstart=no` (a copy of the binary stripped of its DWARF 5
debug information, which valgrind 3.19 cannot read), K connections keep requests in a closed
loop, and counting is switched on (`callgrind_control -i on`, `-z`) for exactly N requests of
one kind after a warm-up; the dump's total divided by N is the figure printed. The dumps stay
in the output directory for `callgrind_annotate`.

Kinds, as bench-throughput has them: `ping`; `tap @switch` in the gallery; `drag 195 150 195
600` and back in the square app; `stacks`, `tap @toggle` in the stacks app (hides or shows the
middle label of five stack views: a relayout, not only a redraw).

    python3 scripts/instructions_per_request.py OLD/viewwired NEW/viewwired -n 1000

With `--cache-sim`, callgrind also simulates the caches (I1, D1 and the last level, sized as
this machine's) and the script prints each kind's misses per request: a request whose code does
not fit the instruction cache costs more than its instructions say, and how much more moves with
what else the host runs. With `--redis`, a `redis-server` (Debian package) started on a free port
is counted the same way for `PING`, under the same closed loop, as the baseline; use `-k 50` for
bench-throughput's 50 connections (the data each request touches grows with them).

Needs valgrind (Debian package) and binutils' strip.
"""
import argparse, glob, os, select, selectors, socket, subprocess, sys, tempfile, time

KINDS = {
    "ping": (None, [b"ping\n"]),
    "tap": ("gallery", [b"tap @switch\n"]),
    "drag": ("square", [b"drag 195 150 195 600\n", b"drag 195 600 195 150\n"]),
    "stacks": ("stacks", [b"tap @toggle\n"]),
}


# How long valgrind may take to start viewwired (a few seconds on a quiet machine, ten times
# that under a loaded one's builds) before the script gives up on it.
START_SECONDS = 300


class DaemonFailed(Exception):
    """viewwired exited (or never said where it listens): the message has its status and stderr."""


def failure(p, what):
    """A DaemonFailed saying `what` went wrong, with the process's exit status (or that it still
    runs) and the tail of its stderr, which start() sends to a file so a crash says why."""
    status = p.poll()
    state = "still running" if status is None else "exit status %d" % status if status >= 0 else "killed by signal %d" % -status
    p.stderr_file.seek(0)
    lines = p.stderr_file.read().decode(errors="replace").strip().splitlines()
    # valgrind's own lines (`==PID== ...`) only when the daemon wrote none.
    tail = ([l for l in lines if not l.startswith("==")] or lines)[-15:]
    return DaemonFailed("%s: %s (%s); its stderr ends:\n%s" % (p.args_binary, what, state, "\n".join(tail) or "(empty)"))


# Extra valgrind options (`--cache-sim=yes` with `--cache-sim`), set by main().
VALGRIND_EXTRA = []


def start(binary, out, label):
    """Starts `binary` under callgrind and returns it with the port it prints. A daemon that
    exits first (a copied release binary without its *.resources bundles, a crash) or says
    something else fails at once with its status and stderr, rather than leaving readline
    waiting on a pipe that a crash reporter or valgrind may still hold open.

    The stripped copy runs in a folder of its own with links to the resource bundles found
    beside `binary`, since viewwired reads them beside its executable (docs/DEPLOYING.md)."""
    folder = os.path.join(out, label + ".bin")
    os.makedirs(folder, exist_ok=True)
    for bundle in glob.glob(os.path.join(folder, "*.resources")):
        os.remove(bundle)
    for bundle in glob.glob(os.path.join(os.path.dirname(os.path.abspath(binary)), "*.resources")):
        os.symlink(bundle, os.path.join(folder, os.path.basename(bundle)))
    stripped = os.path.join(folder, os.path.basename(binary))
    subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
    stderr_file = tempfile.TemporaryFile(dir=out)
    p = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", *VALGRIND_EXTRA,
         "--callgrind-out-file=" + os.path.join(out, "callgrind.%p"),
         stripped, "--port", "0", "--log-level", "warning", "--loops", "1"],
        stdout=subprocess.PIPE, stderr=stderr_file)
    p.stderr_file, p.args_binary = stderr_file, binary
    line, deadline = b"", time.monotonic() + START_SECONDS
    while b"\n" not in line:
        if p.poll() is not None:
            raise failure(p, "exited before saying where it listens")
        if time.monotonic() > deadline:
            p.kill()
            p.wait()
            raise failure(p, "said nothing for %d seconds" % START_SECONDS)
        if select.select([p.stdout], [], [], 0.2)[0]:
            chunk = os.read(p.stdout.fileno(), 4096)
            if not chunk:
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    pass
                raise failure(p, "closed its output before saying where it listens")
            line += chunk
    first = line.split(b"\n", 1)[0].decode(errors="replace")
    if not first.startswith("listening on"):
        p.kill()
        p.wait()
        raise failure(p, "unexpected first line %r" % first)
    return p, int(first.strip().rsplit(":", 1)[1])


def closed(p):
    """The DaemonFailed for a connection the daemon closed: it is most likely dying, so wait a
    little for its exit, which gives its status and the whole of what it wrote on stderr."""
    try:
        p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    return failure(p, "closed the connection")


def read_line(f, p):
    """The next line from the daemon; its end (the daemon crashed) is a DaemonFailed."""
    line = f.readline()
    if not line:
        raise closed(p)
    return line


def connect(port, app, p):
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    f = s.makefile("rb")
    while not read_line(f, p).startswith(b"hello "):
        pass
    if app:
        s.sendall(b"open %s\n" % app.encode())
        while not read_line(f, p).startswith((b"ok ", b"error ")):
            pass
    s.setblocking(False)
    return s


def closed_loop(socks, requests, total, p, answers=(b"ok ", b"error ")):
    """Sends `total` requests over `socks`, each connection its next one when its last is answered
    (a line starting with one of `answers`; an `error` or `-ERR` reply stops the script)."""
    sel = selectors.DefaultSelector()
    state = {}
    sent = done = 0
    for s in socks:
        state[s] = [b"", 0]
        sel.register(s, selectors.EVENT_READ)

    def send(s):
        nonlocal sent
        s.sendall(requests[state[s][1] % len(requests)])
        state[s][1] += 1
        sent += 1

    for s in socks:
        if sent < total:
            send(s)
    while done < total:
        for key, _ in sel.select():
            s = key.fileobj
            chunk = s.recv(65536)
            if not chunk:
                raise closed(p)
            buf = state[s][0] + chunk
            *lines, buf = buf.split(b"\n")
            state[s][0] = buf
            for line in lines:
                if line.startswith(answers):
                    if line.startswith((b"error ", b"-")):
                        sys.exit("error reply: %r" % line)
                    done += 1
                    if sent < total:
                        send(s)
    sel.close()


def measure(binary, label, kinds, k, n, warm, out):
    p, port = start(binary, out, label)
    ctl = lambda *a: subprocess.run(["callgrind_control", *a, str(p.pid)], stdout=subprocess.DEVNULL, check=True)
    results = {}
    try:
        for kind in kinds:
            app, requests = KINDS[kind]
            socks = [connect(port, app, p) for _ in range(k)]
            closed_loop(socks, requests, warm, p)
            ctl("-i", "on")
            ctl("-z")
            closed_loop(socks, requests, n, p)
            ctl("-d", kind)
            ctl("-i", "off")
            dump = max(glob.glob(os.path.join(out, "callgrind.%d*" % p.pid)), key=os.path.getmtime)
            name = os.path.join(out, "%s.%s.callgrind" % (label, kind))
            os.rename(dump, name)
            results[kind] = {event: count / n for event, count in event_totals(name).items()}
            for s in socks:
                s.close()
    finally:
        if p.poll() is None:
            p.terminate()
            p.wait()
    return results


def event_totals(dump):
    """The dump's total of each event it recorded (`Ir`, and with the cache simulation `I1mr`,
    `D1mr`...), by name."""
    names, totals = [], None
    for line in open(dump):
        if line.startswith("events:"):
            names = line.split()[1:]
        elif line.startswith(("summary:", "totals:")) and totals is None:
            totals = [int(v) for v in line.split()[1:]]
    return dict(zip(names, totals))


def measure_redis(k, n, warm, out):
    """Counts redis-server's PING the way `measure` counts a viewwired kind: its events per
    request over `n` PINGs on `k` connections in a closed loop, after `warm` uncounted."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    stderr_file = tempfile.TemporaryFile(dir=out)
    p = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", *VALGRIND_EXTRA,
         "--callgrind-out-file=" + os.path.join(out, "callgrind.%p"),
         "redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=stderr_file)
    p.stderr_file, p.args_binary = stderr_file, "redis-server"
    ctl = lambda *a: subprocess.run(["callgrind_control", *a, str(p.pid)], stdout=subprocess.DEVNULL, check=True)
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            if p.poll() is not None:
                raise failure(p, "exited before listening")
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise failure(p, "did not listen for %d seconds" % START_SECONDS)
                time.sleep(0.2)
        socks = []
        for _ in range(k):
            s = socket.create_connection(("127.0.0.1", port))
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            s.setblocking(False)
            socks.append(s)
        closed_loop(socks, [b"PING\r\n"], warm, p, answers=(b"+PONG", b"-"))
        ctl("-i", "on")
        ctl("-z")
        closed_loop(socks, [b"PING\r\n"], n, p, answers=(b"+PONG", b"-"))
        ctl("-d", "redis")
        ctl("-i", "off")
        dump = max(glob.glob(os.path.join(out, "callgrind.%d*" % p.pid)), key=os.path.getmtime)
        name = os.path.join(out, "redis.ping.callgrind")
        os.rename(dump, name)
        for s in socks:
            s.close()
        return {event: count / n for event, count in event_totals(name).items()}
    finally:
        if p.poll() is None:
            p.terminate()
            p.wait()


def main():
    a = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    a.add_argument("binaries", nargs="+", help="release viewwired executables to compare")
    a.add_argument("-k", type=int, default=4, help="connections in the closed loop")
    a.add_argument("-n", type=int, default=1000, help="requests counted per kind")
    a.add_argument("--warm", type=int, default=300, help="requests before counting")
    a.add_argument("--kinds", default="ping,tap,drag")
    a.add_argument("--out", default="/tmp/viewwire-instructions")
    a.add_argument("--cache-sim", action="store_true", help="also simulate the caches and print misses per request")
    a.add_argument("--redis", action="store_true", help="also count redis-server's PING as the baseline")
    args = a.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.cache_sim:
        VALGRIND_EXTRA.append("--cache-sim=yes")
    kinds = args.kinds.split(",")
    try:
        table = {
            b: measure(b, "build%d" % i, kinds, args.k, args.n, args.warm, args.out)
            for i, b in enumerate(args.binaries)
        }
        redis = measure_redis(args.k, args.n, args.warm, args.out) if args.redis else None
    except DaemonFailed as e:
        sys.exit("instructions_per_request: %s" % e)
    figures = [("instructions per request", ["Ir"])]
    if args.cache_sim:
        figures += [("I1 misses per request", ["I1mr"]), ("D1 misses per request", ["D1mr", "D1mw"]),
                    ("last-level misses per request", ["ILmr", "DLmr", "DLmw"])]
    for title, events in figures:
        value = lambda r: sum(r.get(e, 0) for e in events)
        cell = "%12.0f" if events == ["Ir"] else "%12.1f"
        print("%-50s" % title + "".join("%12s" % kind for kind in kinds))
        for b, r in table.items():
            print("%-50s" % b[-50:] + "".join(cell % value(r[kind]) for kind in kinds))
        if len(table) > 1:
            first = table[args.binaries[0]]
            for b in args.binaries[1:]:
                print("%-50s" % ("ratio " + b[-44:])
                      + "".join("%12.2f" % (value(table[b][kind]) / max(value(first[kind]), 1e-9)) for kind in kinds))
        if redis is not None:
            print("%-50s" % "redis-server PING (same closed loop)" + cell % value(redis))


if __name__ == "__main__":
    main()
