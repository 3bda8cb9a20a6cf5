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

Needs valgrind (Debian package) and binutils' strip.
"""
import argparse, glob, os, selectors, socket, subprocess, sys

KINDS = {
    "ping": (None, [b"ping\n"]),
    "tap": ("gallery", [b"tap @switch\n"]),
    "drag": ("square", [b"drag 195 150 195 600\n", b"drag 195 600 195 150\n"]),
    "stacks": ("stacks", [b"tap @toggle\n"]),
}


def start(binary, out):
    stripped = os.path.join(out, os.path.basename(binary) + ".%d.nodebug" % os.getpid())
    subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
    p = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no",
         "--callgrind-out-file=" + os.path.join(out, "callgrind.%p"),
         stripped, "--port", "0", "--log-level", "warning", "--loops", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = p.stdout.readline().decode()
    if not line.startswith("listening on"):
        sys.exit("unexpected first line from viewwired: %r" % line)
    return p, int(line.strip().rsplit(":", 1)[1])


def connect(port, app):
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    f = s.makefile("rb")
    while not f.readline().startswith(b"hello "):
        pass
    if app:
        s.sendall(b"open %s\n" % app.encode())
        while not f.readline().startswith((b"ok ", b"error ")):
            pass
    s.setblocking(False)
    return s


def closed_loop(socks, requests, total):
    """Sends `total` requests over `socks`, each connection its next one when its last is answered."""
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
            buf = state[s][0] + s.recv(65536)
            *lines, buf = buf.split(b"\n")
            state[s][0] = buf
            for line in lines:
                if line.startswith((b"ok ", b"error ")):
                    if line.startswith(b"error "):
                        sys.exit("error reply: %r" % line)
                    done += 1
                    if sent < total:
                        send(s)
    sel.close()


def measure(binary, label, kinds, k, n, warm, out):
    p, port = start(binary, out)
    ctl = lambda *a: subprocess.run(["callgrind_control", *a, str(p.pid)], stdout=subprocess.DEVNULL, check=True)
    results = {}
    try:
        for kind in kinds:
            app, requests = KINDS[kind]
            socks = [connect(port, app) for _ in range(k)]
            closed_loop(socks, requests, warm)
            ctl("-i", "on")
            ctl("-z")
            closed_loop(socks, requests, n)
            ctl("-d", kind)
            ctl("-i", "off")
            dump = max(glob.glob(os.path.join(out, "callgrind.%d*" % p.pid)), key=os.path.getmtime)
            total = next(int(l.split()[1]) for l in open(dump) if l.startswith(("summary:", "totals:")))
            name = os.path.join(out, "%s.%s.callgrind" % (label, kind))
            os.rename(dump, name)
            results[kind] = total / n
            for s in socks:
                s.close()
    finally:
        p.terminate()
        p.wait()
    return results


def main():
    a = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    a.add_argument("binaries", nargs="+", help="release viewwired executables to compare")
    a.add_argument("-k", type=int, default=4, help="connections in the closed loop")
    a.add_argument("-n", type=int, default=1000, help="requests counted per kind")
    a.add_argument("--warm", type=int, default=300, help="requests before counting")
    a.add_argument("--kinds", default="ping,tap,drag")
    a.add_argument("--out", default="/tmp/viewwire-instructions")
    args = a.parse_args()
    os.makedirs(args.out, exist_ok=True)
    table = {
        b: measure(b, "build%d" % i, args.kinds.split(","), args.k, args.n, args.warm, args.out)
        for i, b in enumerate(args.binaries)
    }
    print("%-50s" % "instructions per request" + "".join("%12s" % kind for kind in args.kinds.split(",")))
    for b, r in table.items():
        print("%-50s" % b[-50:] + "".join("%12.0f" % r[kind] for kind in args.kinds.split(",")))
    if len(table) > 1:
        first = table[args.binaries[0]]
        for b in args.binaries[1:]:
            print("%-50s" % ("ratio " + b[-44:]) + "".join("%12.2f" % (table[b][kind] / first[kind]) for kind in args.kinds.split(",")))


if __name__ == "__main__":
    main()
