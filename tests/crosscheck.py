#!/usr/bin/python3
"""auxv's own vector against the oracle of the same process.

crosscheck.py REC JSON: REC is what tests/exec/auxvrec.so, preloaded into
auxv, wrote of that process (its /proc/self/auxv, getauxval() of each
type, the strings and the AT_RANDOM bytes it read in the process); JSON
is what that auxv printed with --json.  Says one line per comparison
(entries, getauxval, strings, random) and exits 0 when all are equal, 1
when one differs, 2 when the JSON is not one valid document of a vector.
The cross stage of .ci/run runs it for each architecture under qemu-user.
"""
import json
import struct
import sys

STRINGS = {"execfn": 31, "platform": 15, "base_platform": 24}
AT_RANDOM = 25
# glibc's getauxval() answers these from its own copies, never ENOENT, and
# on x86 AT_HWCAP is what glibc made of the CPU: compared in entries only.
GLIBC_OWN = (16, 26)


def read_rec(path):
    rec = {"at": {}}
    with open(path) as f:
        for line in f:
            w = line.split()
            if w[0] == "word":
                rec["word"] = (int(w[1]), "<" if w[2] == "little" else ">")
            elif w[0] == "at":
                rec["at"][int(w[1])] = int(w[2], 16)
            else:
                rec[w[0]] = bytes.fromhex(w[1] if len(w) > 1 else "")
    return rec


def pairs(raw, word):
    size, order = word
    fmt = order + ("QQ" if size == 8 else "II")
    out = []
    for off in range(0, len(raw) - 2 * size + 1, 2 * size):
        t, v = struct.unpack_from(fmt, raw, off)
        if t == 0:
            break
        out.append((t, v))
    return out


def unjson(s):
    """A JSON string of auxv's back to its bytes (auxv(1), -o json)."""
    return b"".join(bytes([ord(c) - 0xEF00]) if 0xEF80 <= ord(c) <= 0xEFFF
                    else c.encode() for c in s)


def main():
    rec = read_rec(sys.argv[1])
    try:
        with open(sys.argv[2], "rb") as f:
            doc = json.loads(f.read().decode("utf-8"))
        ents = [(e["type"], e["value"]) for e in doc["entries"]]
        by_type = {}
        for e in doc["entries"]:
            by_type.setdefault(e["type"], e)
    except (ValueError, KeyError, TypeError) as e:
        print("json INVALID: %s" % e)
        return 2
    print("json valid")
    bad = 0

    for key, what in (("mem", "memory"), ("auxv", "/proc/self/auxv")):
        want = pairs(rec.get(key, b""), rec["word"])
        if ents == want:
            print("entries equal to %s: %d" % (what, len(ents)))
        else:
            bad += 1
            print("entries DIFFER: auxv %s; %s %s" % (
                " ".join("%d=%#x" % p for p in ents), what,
                " ".join("%d=%#x" % p for p in want)))

    diff = ["%d: auxv %s, getauxval %s" % (
        t, "%#x" % by_type[t]["value"] if t in by_type else "none",
        "%#x" % rec["at"][t] if t in rec["at"] else "none")
        for t in range(1, 64) if t not in GLIBC_OWN and
        (by_type[t]["value"] if t in by_type else None) != rec["at"].get(t)]
    if diff:
        bad += 1
        print("getauxval DIFFER: " + "; ".join(diff))
    else:
        print("getauxval equal: %d types" %
              len(set(rec["at"]) - set(GLIBC_OWN)))

    for key, t in STRINGS.items():
        got = by_type.get(t, {}).get("string")
        if key not in rec and got is None and t not in by_type:
            continue
        got = None if got is None else unjson(got)
        if got == rec.get(key):
            print("string %s equal: %r" % (key, got.decode(errors="replace")))
        else:
            bad += 1
            print("string %s DIFFER: auxv %r, in the process %r" % (
                key, got, rec.get(key)))

    got = by_type.get(AT_RANDOM, {}).get("bytes")
    if got is not None and bytes.fromhex(got) == rec.get("random"):
        print("random equal: %s" % got)
    else:
        bad += 1
        print("random DIFFER: auxv %s, in the process %s" % (
            got, rec["random"].hex() if "random" in rec else None))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
