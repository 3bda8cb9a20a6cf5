#!/usr/bin/env python3
"""Runs the same scripted sessions against two viewwired builds and compares every byte they send.

For changes that must not change the wire (issue 14, item 3: cheaper per input): every app the
daemon lists is opened under three `hello`s (default; French, dark, large text; Russian, small
window) with a manual clock, then tapped over a grid of points and by identifier, dragged, typed
into, sent keys, `tree`, `snapshot`, numbered commands and a raw down/move/up. Both daemons start
fresh, so session numbers agree.

    python3 scripts/wire_compare.py OLD/viewwired NEW/viewwired
"""
import socket, subprocess, sys

def start(binary):
    p = subprocess.Popen([binary, "--port", "0", "--log-level", "warning", "--loops", "1"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    port = int(p.stdout.readline().decode().strip().rsplit(":", 1)[1])
    return p, port

def session(port, lines):
    s = socket.create_connection(("127.0.0.1", port)); f = s.makefile("rb")
    out = []
    l = f.readline(); out.append(l)
    for line in lines:
        s.sendall(line.encode() + b"\n")
        while True:
            l = f.readline(); out.append(l)
            if l.startswith(b"ok ") or l.startswith(b"error ") or not l: break
    s.close()
    return b"".join(out)

def apps(port):
    out = session(port, ["apps"])
    return [l.split()[1].decode() for l in out.splitlines() if l.startswith(b"app ")]

def scripts(names):
    base = ["snapshot", "tree"]
    for y in range(40, 800, 60):
        for x in (30, 100, 200, 300):
            base.append("tap %d %d" % (x, y))
    base += ["drag 195 150 195 600", "drag 195 600 195 150", "drag 20 120 300 120", "drag 300 300 300 100 steps=7",
             "text hello", "key return", "key tab", "text \"a=b\"", "key backspace", "back", "tree", "snapshot"]
    out = []
    for name in names:
        for hello in ["hello version=2", "hello version=2 locale=fr appearance=dark content-size=ax2", "hello locale=ru size=320x568"]:
            out.append([hello, "clock manual", "open " + name] + base + ["tap @switch", "tap @switch count=2", "tap @slider", "tap @row3", "tap @square", "clock advance 0.3", "clock advance 1",
                       "TAP @switch", "tap\t@switch", "ping", "n=5 tap @switch", "n=5 tap @switch", "n=6 ping", "move 1 1", "down 100 100", "move 120 130", "up 120 130"])
    return out

a, b = sys.argv[1], sys.argv[2]
pa, porta = start(a); pb, portb = start(b)
try:
    names = apps(porta)
    assert names == apps(portb)
    print("apps:", names)
    bad = 0; total = 0
    for script in scripts(names):
        x = session(porta, script); y = session(portb, script)
        total += len(x)
        if x != y:
            bad += 1
            xl, yl = x.splitlines(), y.splitlines()
            for i, (u, v) in enumerate(zip(xl, yl)):
                if u != v: print("DIFF", script[:2], i, u[:200], "|||", v[:200]); break
            else: print("DIFF length", script[:2], len(xl), len(yl))
    print("scripts:", len(scripts(names)), "differing:", bad, "bytes:", total)
finally:
    pa.terminate(); pb.terminate()
sys.exit(1 if bad else 0)
