"""The tests' one independent reader of auxiliary vectors: python3 struct.

Imported by the python snippets in tests/*.bats (common.bash puts this
folder on PYTHONPATH), and run from bash as

    python3 oracle.py pairs FILE WORDSIZE [ORDER] [--json]

which prints the (type, value) pairs before AT_NULL, one "type value" line
each, or one JSON list of [type, value] with --json.  ORDER is little, big,
< or > (default: little).  `python3 oracle.py stackvec PID` says whether the
vector on PID's stack (walked from its stat's startstack) is the one its
/proc/PID/auxv keeps: "same" or "differs" (a native 64-bit process).
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


def stack_vector(pid, ws=8, order="little"):
    """The words create_elf_tables left after envp's NULL, walked from
    /proc/PID/stat's startstack (argc, argv and its NULL, envp and its
    NULL), as many bytes as /proc/PID/auxv holds; and those bytes."""
    with open("/proc/%d/stat" % pid) as fh:
        stat = fh.read()
    # Fields after the ")" of comm; startstack is field 28 of stat(5).
    sp = int(stat[stat.rindex(")") + 2:].split()[25])
    with open("/proc/%d/auxv" % pid, "rb") as fh:
        kept = fh.read()
    w = ORDERS[order] + ("Q" if int(ws) == 8 else "I")
    with open("/proc/%d/mem" % pid, "rb") as mem:
        def word(at):
            mem.seek(at)
            return struct.unpack(w, mem.read(int(ws)))[0]
        at = sp + (word(sp) + 2) * int(ws)
        while word(at) != 0:
            at += int(ws)
        mem.seek(at + int(ws))
        return mem.read(len(kept)), kept


def main(argv):
    if len(argv) == 2 and argv[0] == "stackvec":
        on_stack, kept = stack_vector(int(argv[1]))
        print("same" if on_stack == kept else "differs")
        return
    if len(argv) < 3 or argv[0] != "pairs":
        sys.exit("usage: oracle.py pairs FILE WORDSIZE [ORDER] [--json]"
                 " | stackvec PID")
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
