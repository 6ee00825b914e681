"""The tests' one independent reader of auxiliary vectors: python3 struct.

Imported by the python snippets in tests/*.bats (common.bash puts this
folder on PYTHONPATH), and run from bash as

    python3 oracle.py pairs FILE WORDSIZE [ORDER] [--json]

which prints the (type, value) pairs before AT_NULL, one "type value" line
each, or one JSON list of [type, value] with --json.  ORDER is little, big,
< or > (default: little).
"""
import json
import struct
import sys

ORDERS = {"little": "<", "big": ">", "<": "<", ">": ">", "=": "="}


def fmt(ws, order="little"):
    """The struct format of one (type, value) pair."""
    return ORDERS[order] + ("QQ" if int(ws) == 8 else "II")


def pairs(data, ws, order="little"):
    """The pairs of a raw vector before AT_NULL (a type of 0 ends it,
    whatever its value, as the kernel and glibc read it)."""
    f = fmt(ws, order)
    size = struct.calcsize(f)
    out = []
    for off in range(0, len(data) - size + 1, size):
        t, v = struct.unpack_from(f, data, off)
        if t == 0:
            break
        out.append((t, v))
    return out


def pairs_of(path, ws, order="little"):
    with open(path, "rb") as fh:
        return pairs(fh.read(), ws, order)


def cstring(mem, addr, limit=1 << 16):
    """The NUL-terminated bytes at addr of a /proc/PID/mem file object,
    read up to page ends so that no read crosses into unmapped memory."""
    s = b""
    while b"\0" not in s and len(s) < limit:
        mem.seek(addr + len(s))
        s += mem.read(4096 - (addr + len(s)) % 4096)
    return s[: s.index(b"\0")]


def main(argv):
    if len(argv) < 3 or argv[0] != "pairs":
        sys.exit("usage: oracle.py pairs FILE WORDSIZE [ORDER] [--json]")
    as_json = "--json" in argv
    args = [a for a in argv[1:] if a != "--json"]
    got = pairs_of(args[0], args[1], args[2] if len(args) > 2 else "little")
    if as_json:
        print(json.dumps([list(p) for p in got]))
    else:
        for t, v in got:
            print(t, v)


if __name__ == "__main__":
    main(sys.argv[1:])
