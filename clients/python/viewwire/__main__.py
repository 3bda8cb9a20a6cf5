"""Command line: `python3 -m viewwire replay FILE... --port N` and `python3 -m viewwire connect --port N`.

`replay` checks transcripts against any running daemon (exit status 1 on the first
mismatch); `connect` is a line client like `nc` that also keeps and checks the mirror.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from .connection import DEFAULT_TIMEOUT, Connection
from .errors import ConnectionClosed, TranscriptError, TranscriptMismatch, ViewWireError
from .transcript import replay


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line; return the exit status (0 success, 1 mismatch or error)."""
    parser = argparse.ArgumentParser(prog="python3 -m viewwire", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (("replay", "replay transcripts against a daemon"),
                       ("connect", "type commands; frames are applied and checked")):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("--host", default="127.0.0.1")
        sub.add_argument("--port", type=int, required=True)
        sub.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds to wait for a line")
        if name == "replay":
            sub.add_argument("files", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.files, args.host, args.port, args.timeout)
    return _connect(args.host, args.port, args.timeout)


def _replay(files: List[str], host: str, port: int, timeout: float) -> int:
    for file in files:
        try:
            result = replay(file, port, host, timeout)
        except (TranscriptMismatch, TranscriptError) as error:
            print(f"FAIL {error}", file=sys.stderr)
            return 1
        except (OSError, ViewWireError) as error:
            print(f"FAIL {file}: {error}", file=sys.stderr)
            return 1
        print(f"ok {file}: {result.sent} lines sent, {result.matched} matched, "
              f"{result.frames_checked} frame hashes checked")
    return 0


def _connect(host: str, port: int, timeout: float) -> int:
    connection = Connection(host, port, timeout=timeout, on_line=print)
    seen = 0
    try:
        for line in sys.stdin:
            line = line.rstrip("\n")
            if not line.strip():
                continue
            connection.request(line)
            for problem in connection.mismatches[seen:]:
                print(f"# mirror disagreed ({problem}); resynced", file=sys.stderr)
            seen = len(connection.mismatches)
    except ConnectionClosed:
        pass
    except ViewWireError as error:
        print(f"# {error}", file=sys.stderr)
        return 1
    finally:
        connection.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
