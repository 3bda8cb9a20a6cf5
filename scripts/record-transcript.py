#!/usr/bin/env python3
"""Records a session transcript (Protocol/PROTOCOL.md section 12) from a running daemon.

Usage: scripts/record-transcript.py PORT < steps > out.vwt

Each input line is a transcript step to perform: `> TEXT`, `! raw HEX`, `! repeat N TEXT`,
`! send-unterminated TEXT`, or a `#` comment. The server's reply lines (up to each terminal
`ok`/`error` line) are written as `<` lines, the greeting's session id as `{SESSION}`. Review
every recorded line before committing it: a transcript states what the spec requires.
"""
import re
import socket
import sys

port = int(sys.argv[1])
conn = socket.create_connection(("127.0.0.1", port))
stream = conn.makefile("rb")


def read_reply(out):
    while True:
        line = stream.readline()
        if not line:
            out.append("! expect-close")
            return
        text = line.decode("utf-8", "replace").rstrip("\n")
        out.append("< " + text)
        if text.startswith("ok ") or text.startswith("error ") or text == "ok":
            return


out = []
greeting = stream.readline().decode().rstrip("\n")
out.append("< " + re.sub(r"session=\d+", "session={SESSION}", greeting))
for step in sys.stdin.read().splitlines():
    if not step.strip() or step.startswith("#"):
        out.append(step)
        continue
    out.append(step)
    if step.startswith("> "):
        conn.sendall(step[2:].encode() + b"\n")
    elif step.startswith("! raw "):
        conn.sendall(bytes(int(h, 16) for h in step[6:].split()))
        if not step.rstrip().endswith("0a"):
            continue
    elif step.startswith("! repeat "):
        count, text = step[9:].split(" ", 1)
        conn.sendall(text.encode() * int(count))
        continue
    elif step.startswith("! send-unterminated "):
        conn.sendall(step[20:].encode())
        continue
    read_reply(out)
    if step.strip() == "> quit":
        read_reply(out)
print("\n".join(out))
