#!/usr/bin/env python3
"""Oracles for tests/vdso.bats, independent of auxv.

dump PID FILE          the [vdso] mapping of PID, from /proc/PID/mem
check-vdso JSON IMAGE  auxv's "vdso" object against readelf of IMAGE
check-human TEXT IMAGE auxv -v's AT_SYSINFO_EHDR line against readelf
check-phdrs JSON EXE   auxv's "phdrs" array against readelf -lW EXE
check-phdr-names JSON EXE
                       auxv's names of EXE's program header types against
                       readelf's and llvm-readelf's

The crafted images and cores are tests/mkfixture.py's.
"""
import json
import re
import shutil
import subprocess
import sys


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], check=True,
                          capture_output=True, text=True,
                          env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"}).stdout


def dump(pid, out):
    for line in open(f"/proc/{pid}/maps"):
        if line.rstrip().endswith("[vdso]"):
            lo, hi = (int(x, 16) for x in line.split()[0].split("-"))
            with open(f"/proc/{pid}/mem", "rb") as f:
                f.seek(lo)
                open(out, "wb").write(f.read(hi - lo))
            return
    sys.exit(f"no [vdso] in /proc/{pid}/maps")


def vdso_truth(image):
    """soname, build ID, versions and exported functions as readelf has them."""
    dyn = readelf("-d", image)
    m = re.search(r"\(SONAME\)\s+Library soname: \[(.*)\]", dyn)
    soname = m.group(1) if m else None
    notes = readelf("-n", image)
    m = re.search(r"Build ID: ([0-9a-f]+)", notes)
    build_id = m.group(1) if m else None
    vers = []
    for line in readelf("--version-info", image).splitlines():
        m = re.search(r"Flags: (\S+)\s+Index: \d+\s+Cnt: \d+\s+Name: (\S+)",
                      line)
        if m and m.group(1) != "BASE":
            vers.append(m.group(2))
    funcs = []
    for line in readelf("--dyn-syms", image).splitlines():
        f = line.split()
        # Num: Value Size Type Bind Vis Ndx Name [(version)]
        if len(f) >= 8 and f[0].endswith(":") and f[3] == "FUNC" and \
                f[4] in ("GLOBAL", "WEAK") and f[6] != "UND":
            funcs.append(f[7])
    return {"soname": soname, "build_id": build_id, "versions": vers,
            "functions": funcs}


def entry(doc, name):
    for e in doc["entries"]:
        if e["name"] == name:
            return e
    sys.exit(f"no {name} in auxv's JSON")


def check(got, want, what):
    if got != want:
        sys.exit(f"{what}:\n  auxv:    {got!r}\n  readelf: {want!r}")


def check_vdso(jsonfile, image):
    v = entry(json.load(open(jsonfile)), "AT_SYSINFO_EHDR")["vdso"]
    if v is None:
        sys.exit("auxv: vdso is null")
    want = vdso_truth(image)
    check(v["error"], None, "error")
    check(v["soname"], want["soname"], "soname")
    check(v["build_id"], want["build_id"], "build ID")
    check(v["versions"], want["versions"], "versions")
    funcs = [f["name"] + ("" if f["version"] is None else
                          ("@@" if f["default"] else "@") + f["version"])
             for f in v["functions"]]
    check(funcs, want["functions"], "functions")
    if not funcs:
        sys.exit("no functions at all")


def check_human(textfile, image):
    want = vdso_truth(image)
    line = [ln for ln in open(textfile) if ln.startswith("AT_SYSINFO_EHDR:")]
    if len(line) != 1:
        sys.exit(f"AT_SYSINFO_EHDR lines: {line!r}")
    line = line[0].rstrip("\n")
    text, _, desc = line.rpartition("  # ")
    if not desc:
        sys.exit(f"no description: {line!r}")
    fields = dict(f.split("=", 1) for f in text.split()[2:])
    check(fields.get("soname"), want["soname"], "soname")
    check(fields.get("build-id"), want["build_id"], "build ID")
    check(fields.get("versions", "").split(","), want["versions"], "versions")
    check(fields.get("functions", "").split(","), want["functions"],
          "functions")


def phdr_truth(exe):
    out = readelf("-l", exe)
    rows, interp = [], None
    for line in out.splitlines():
        m = re.match(r"\s+(\S+)\s+(0x[0-9a-f]+) (0x[0-9a-f]+) (0x[0-9a-f]+) "
                     r"(0x[0-9a-f]+) (0x[0-9a-f]+) (.{3}) (0x[0-9a-f]+)$",
                     line)
        if m:
            rows.append({"name": m.group(1),
                         "offset": int(m.group(2), 16),
                         "vaddr": int(m.group(3), 16),
                         "filesz": int(m.group(5), 16),
                         "memsz": int(m.group(6), 16),
                         "flags": sorted(m.group(7).replace(" ", "")),
                         "align": int(m.group(8), 16)})
        m = re.search(r"\[Requesting program interpreter: (.*)\]", line)
        if m:
            interp = m.group(1)
    return rows, interp


def check_phdrs(jsonfile, exe):
    e = entry(json.load(open(jsonfile)), "AT_PHDR")
    if e["phdrs"] is None:
        sys.exit("auxv: phdrs is null")
    check(e["phdrs_error"], None, "phdrs_error")
    rows, interp = phdr_truth(exe)
    got = [{"name": (p["name"] or "?").removeprefix("PT_"),
            "offset": p["offset"], "vaddr": p["vaddr"],
            "filesz": p["filesz"], "memsz": p["memsz"],
            "flags": sorted("E" if f == "X" else f for f in p["flags"]),
            "align": p["align"]} for p in e["phdrs"]]
    check(got, rows, "program headers")
    got_interp = [p.get("interp") for p in e["phdrs"]
                  if p["name"] == "PT_INTERP"]
    check(got_interp, [interp] if interp else [], "interpreter")
    for p in e["phdrs"]:
        if p["name"] == "PT_TLS":
            check(p["tls_size"], p["memsz"], "TLS size")


# Names neither Debian 12's binutils readelf (2.40) nor llvm-readelf 14
# knows, from binutils' include/elf/common.h.
LATER_PT_NAMES = {0x65a3dbe5: "OPENBSD_MUTABLE"}


def phdr_names(exe):
    """(type or None, name or None) per program header, as the tools say.

    binutils' readelf cuts a name to 14 characters and gives no number for
    a type it names; llvm-readelf gives whole names, or the number."""
    gnu = [m.group(1) for m in
           re.finditer(r"^  (\S+)\s+0x[0-9a-f]+ 0x", readelf("-l", exe), re.M)]
    llvm = [None] * len(gnu)
    if shutil.which("llvm-readelf"):
        out = subprocess.run(["llvm-readelf", "-lW", exe], check=True,
                             capture_output=True, text=True).stdout
        llvm = [m.group(1) for m in
                re.finditer(r"^  (<unknown>: 0x[0-9a-f]+|\S+)\s+0x[0-9a-f]+ 0x",
                            out, re.M)]
        check(len(llvm), len(gnu), "llvm-readelf's row count")
    rows = []
    for g, lv in zip(gnu, llvm):
        typ = None
        if g.startswith("LOOS+0x"):
            typ = 0x60000000 + int(g[7:], 16)
        if lv and lv.startswith("<unknown>"):
            typ, lv = int(lv.split()[1], 16), None
        name = lv or (None if g.startswith("LOOS+") else g)
        rows.append((typ, name or LATER_PT_NAMES.get(typ)))
    return rows


def check_phdr_names(jsonfile, exe):
    e = entry(json.load(open(jsonfile)), "AT_PHDR")
    want = phdr_names(exe)
    check(len(e["phdrs"]), len(want), "program header count")
    for p, (typ, name) in zip(e["phdrs"], want):
        got = p["name"] and p["name"].removeprefix("PT_")
        if typ is not None:
            check(p["type"], typ, "type number")
        if name is not None and len(name) == 14 and got:
            got = got[:14]  # binutils' cut
        check(got, name, "name of type %#x" % p["type"])


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "dump":
        dump(args[0], args[1])
    elif cmd == "check-vdso":
        check_vdso(args[0], args[1])
    elif cmd == "check-human":
        check_human(args[0], args[1])
    elif cmd == "check-phdrs":
        check_phdrs(args[0], args[1])
    elif cmd == "check-phdr-names":
        check_phdr_names(args[0], args[1])
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
