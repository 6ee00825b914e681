#!/usr/bin/env python3
"""Oracles and fixtures for tests/vdso.bats, independent of auxv.

dump PID FILE          the [vdso] mapping of PID, from /proc/PID/mem
check-vdso JSON IMAGE  auxv's "vdso" object against readelf of IMAGE
check-human TEXT IMAGE auxv -v's AT_SYSINFO_EHDR line against readelf
check-phdrs JSON EXE   auxv's "phdrs" array against readelf -lW EXE
check-phdr-names JSON EXE
                       auxv's names of EXE's program header types against
                       readelf's and llvm-readelf's
crafted-core OUT WS ENDIAN MACHINE [FAULT...]
                       a core whose vector points at a crafted vDSO and
                       crafted program headers; FAULTs break them
crafted-vdso OUT WS ENDIAN [FAULT...]   the crafted image alone
crafted-program OUT WS ENDIAN MACHINE [FAULT...]
                       the crafted program's image alone
"""
import os
import json
import re
import shutil
import struct
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


# --- Crafted images -----------------------------------------------------

SONAME = b"linux-test.so.1"
VERSION = b"LINUX_9.9"
BUILD_ID = bytes(range(0xa0, 0xb4))
INTERP = b"/lib/ld-test.so.7"


class Packer:
    def __init__(self, ws, endian):
        self.ws, self.e = ws, "<" if endian == "little" else ">"

    def p(self, fmt, *v):
        return struct.pack(self.e + fmt, *v)

    def w(self):
        return "Q" if self.ws == 8 else "I"


def strtab(names):
    data, offs = b"\0", {}
    for n in names:
        offs[n] = len(data)
        data += n + b"\0"
    return data, offs


def build_vdso(ws, endian, faults=()):
    k = Packer(ws, endian)
    W = k.w()
    dynstr, so = strtab([SONAME, VERSION, b"__vdso_foo", b"bar", b"baz",
                         b"obj", b"und"])
    if "strtab_no_nul" in faults:
        # The table ends in a name without its NUL, and baz is that name.
        so[b"baz"] = len(dynstr)
        dynstr = dynstr + b"tail"
    shstr, sho = strtab([b".text", b".dynsym", b".dynstr", b".gnu.version",
                         b".gnu.version_d", b".dynamic", b".note",
                         b".shstrtab"])
    STT_FUNC, STT_OBJECT, GLOBAL, WEAK = 2, 1, 1, 2
    # name, bind, type, shndx, versym
    syms = [(0, 0, 0, 0, 0),
            (so[b"__vdso_foo"], GLOBAL, STT_FUNC, 1, 2),
            (so[b"bar"], WEAK, STT_FUNC, 1, 2),
            (so[b"baz"], GLOBAL, STT_FUNC, 1, 0x8002),
            (so[b"obj"], GLOBAL, STT_OBJECT, 1, 2),
            (so[b"und"], GLOBAL, STT_FUNC, 0, 2)]
    if "sym_name_oob" in faults:
        syms[1] = (0x10000,) + syms[1][1:]
    if "versym_oob" in faults:
        syms[2] = syms[2][:4] + (7,)
    dynsym = b""
    for name, bind, typ, shndx, _ in syms:
        info = (bind << 4) | typ
        if ws == 8:
            dynsym += k.p("IBBHQQ", name, info, 0, shndx, 0x500, 16)
        else:
            dynsym += k.p("IIIBBH", name, 0x500, 16, info, 0, shndx)
    versym = b"".join(k.p("H", s[4]) for s in syms)
    nver = 2
    vd1_next = 28
    vd2_next = 28 if "verdef_count" in faults else 0
    if "verdef_count" in faults:
        nver = 0xffffffff
    if "verdef_info_one" in faults:
        nver = 1  # sh_info counts one: the second, though chained, is not
    vd2_aux = 0x1000 if "verdaux_oob" in faults else 20
    verdef = (k.p("HHHHIII", 1, 1, 1, 1, 0, 20, vd1_next) +
              k.p("II", so[SONAME], 0) +
              k.p("HHHHIII", 1, 0, 2, 1, 0, vd2_aux, vd2_next) +
              k.p("II", so[VERSION], 0))
    # As readelf wants them to show symbol versions: the tables by
    # address (the image is linked at 0).
    dynamic = k.p(W * 18, 14, so[SONAME], 5, 0x200, 6, 0x100, 10,
                  len(dynstr), 11, 24 if ws == 8 else 16, 0x6ffffff0, 0x280,
                  0x6ffffffc, 0x2c0, 0x6ffffffd, 2, 0, 0)
    namesz = 0x7fffffff if "note_oob" in faults else 4
    note = k.p("III", namesz, len(BUILD_ID), 3) + b"GNU\0" + BUILD_ID
    ehsz, phsz, shsz = (64, 56, 64) if ws == 8 else (52, 32, 40)
    layout = {"text": 0x500, "dynsym": 0x100, "dynstr": 0x200,
              "versym": 0x280, "verdef": 0x2c0, "dynamic": 0x300,
              "note": 0x3c0, "shstrtab": 0x400}
    shoff = 0x600
    img = bytearray(shoff + 9 * shsz)
    for name, data in (("dynsym", dynsym), ("dynstr", dynstr),
                       ("versym", versym), ("verdef", verdef),
                       ("dynamic", dynamic), ("note", note),
                       ("shstrtab", shstr), ("text", b"\xc3" * 16)):
        o = layout[name]
        img[o:o + len(data)] = data

    def shdr(name, typ, off, size, link=0, info=0, entsize=0, flags=2,
             align=None):
        align = align or (8 if ws == 8 else 4)
        if ws == 8:
            return k.p("IIQQQQIIQQ", name, typ, flags, off, off, size, link,
                       info, align, entsize)
        return k.p("IIIIIIIIII", name, typ, flags, off, off, size, link,
                   info, align, entsize)
    dynsym_link = 2 if "link_self" in faults else 3
    dynsym_off = 0x7fff0000 if "section_oob" in faults else 0x100
    sh = [shdr(0, 0, 0, 0, flags=0),
          shdr(sho[b".text"], 1, 0x500, 16, flags=6),
          shdr(sho[b".dynsym"], 11, dynsym_off, len(dynsym), dynsym_link, 1,
               24 if ws == 8 else 16),
          shdr(sho[b".dynstr"], 3, 0x200, len(dynstr)),
          shdr(sho[b".gnu.version"], 0x6fffffff, 0x280, len(versym), 2, 0,
               2),
          shdr(sho[b".gnu.version_d"], 0x6ffffffd, 0x2c0, len(verdef), 3,
               nver),
          shdr(sho[b".dynamic"], 6, 0x300, len(dynamic), 3, 0, 2 * ws),
          shdr(sho[b".note"], 7, 0x3c0, len(note), align=4),
          shdr(sho[b".shstrtab"], 3, 0x400, len(shstr), flags=0)]
    img[shoff:shoff + len(sh) * shsz] = b"".join(sh)
    # One PT_LOAD over the image and a PT_DYNAMIC, as a real vDSO has.
    phoff = ehsz
    if ws == 8:
        ph = (k.p("IIQQQQQQ", 1, 5, 0, 0, 0, len(img), len(img), 0x1000) +
              k.p("IIQQQQQQ", 2, 4, 0x300, 0x300, 0x300, len(dynamic),
                  len(dynamic), 8))
    else:
        ph = (k.p("IIIIIIII", 1, 0, 0, 0, len(img), len(img), 5, 0x1000) +
              k.p("IIIIIIII", 2, 0x300, 0x300, 0x300, len(dynamic),
                  len(dynamic), 4, 4))
    img[phoff:phoff + len(ph)] = ph
    shnum = 0xffff if "shnum_huge" in faults else len(sh)
    if "shoff_oob" in faults:
        shoff = 0xfff0
    ident = (b"\x7fELF" + bytes([2 if ws == 8 else 1,
                                 1 if endian == "little" else 2, 1, 0]) +
             bytes(8))
    hdr = ident + k.p("HHI" + W + W + W + "IHHHHHH", 3, 62 if ws == 8 else 3,
                      1, 0, phoff, shoff, 0, ehsz, phsz, 2, shsz, shnum, 8)
    img[0:len(hdr)] = hdr
    return bytes(img)


def build_program(ws, endian, machine, base, faults=()):
    """An ELF header and program headers as the kernel maps them at base."""
    k = Packer(ws, endian)
    W = k.w()
    ehsz, phsz = (64, 56) if ws == 8 else (52, 32)
    interp = INTERP if "interp_no_nul" in faults else INTERP + b"\0"
    # x86: IBT and SHSTK; aarch64: BTI and GCS; riscv: CFI_SS.  Or the
    # properties VDSO_PROPS lists, "TYPE:VALUE ..." in hex.
    props = [{62: (0xc0000002, 3), 3: (0xc0000002, 3),
              183: (0xc0000000, 5), 243: (0xc0000000, 2)}.get(machine,
                                                               (1, 0))]
    if os.environ.get("VDSO_PROPS"):
        props = [tuple(int(x, 16) for x in p.split(":"))
                 for p in os.environ["VDSO_PROPS"].split()]
    desc = b"".join(k.p("III", t, 4, v) + bytes(ws - 4) for t, v in props)
    pnote = k.p("III", 4, len(desc), 5) + b"GNU\0" + desc
    segs = [  # type, flags, offset, filesz, memsz
        (6, 4, ehsz, 0, 0),
        (3, 4, 0x2c0, len(interp), len(interp)),
        (1, 5, 0, 0x400, 0x400),
        (0x6474e553, 4, 0x300, len(pnote), len(pnote)),
        (0x6474e551, 7, 0, 0, 0),
        (7, 4, 0x3c0, 8, 0x48)]
    if "rare_phdrs" in faults:
        # GNU_SFRAME, OPENBSD_MUTABLE, _RANDOMIZE, _WXNEEDED, and a type
        # no one names (readelf: LOOS+0x123).
        segs += [(t, 4, 0x3c8, 8, 8) for t in
                 (0x6474e554, 0x65a3dbe5, 0x65a3dbe6, 0x65a3dbe7, 0x60000123)]
    segs[0] = (6, 4, ehsz, len(segs) * phsz, len(segs) * phsz)
    img = bytearray(0x400)
    ph = b""
    for typ, flags, off, filesz, memsz in segs:
        if ws == 8:
            ph += k.p("IIQQQQQQ", typ, flags, off, off, off, filesz, memsz, 8)
        else:
            ph += k.p("IIIIIIII", typ, off, off, off, filesz, memsz, flags, 4)
    ident = (b"\x7fELF" + bytes([2 if ws == 8 else 1,
                                 1 if endian == "little" else 2, 1, 0]) +
             bytes(8))
    hdr = ident + k.p("HHI" + W + W + W + "IHHHHHH", 3, machine, 1, 0x100,
                      ehsz, 0, 0, ehsz, phsz, len(segs), 0, 0, 0)
    img[0:len(hdr)] = hdr
    img[ehsz:ehsz + len(ph)] = ph
    img[0x2c0:0x2c0 + len(interp)] = interp
    img[0x300:0x300 + len(pnote)] = pnote
    return bytes(img), base + ehsz, len(segs), phsz


def build_core(ws, endian, machine, loads, pairs):
    """An ELF core: one PT_NOTE with NT_AUXV, a PT_LOAD per (vaddr, bytes)."""
    k = Packer(ws, endian)
    W = k.w()
    ehsz, phsz = (64, 56) if ws == 8 else (52, 32)
    auxv = b"".join(k.p(W + W, t, v) for t, v in pairs + [(0, 0)])
    note = k.p("III", 5, len(auxv), 6) + b"CORE\0\0\0\0" + auxv
    nph = 1 + len(loads)
    off = ehsz + nph * phsz
    off = (off + 15) & ~15
    body, phs = b"", []
    phs.append((4, 0, off, 0, len(note)))
    body += note
    for vaddr, data in loads:
        while (off + len(body)) % 16:
            body += b"\0"
        phs.append((1, 4, off + len(body), vaddr, len(data)))
        body += data
    ph = b""
    for typ, flags, o, vaddr, size in phs:
        if ws == 8:
            ph += k.p("IIQQQQQQ", typ, flags, o, vaddr, 0, size, size, 1)
        else:
            ph += k.p("IIIIIIII", typ, o, vaddr, 0, size, size, flags, 1)
    ident = (b"\x7fELF" + bytes([2 if ws == 8 else 1,
                                 1 if endian == "little" else 2, 1, 0]) +
             bytes(8))
    hdr = ident + k.p("HHI" + W + W + W + "IHHHHHH", 4, machine, 1, 0,
                      ehsz, 0, 0, ehsz, phsz, nph, 0, 0, 0)
    head = hdr + ph
    return head + bytes(off - len(head)) + body


def crafted_core(out, ws, endian, machine, faults):
    vdso_at, prog_at = 0x7000_0000, 0x40_0000
    vdso = build_vdso(ws, endian, faults)
    prog, phdr, phnum, phent = build_program(ws, endian, machine, prog_at,
                                             faults)
    loads = [(prog_at, prog)]
    if "vdso_unmapped" not in faults:
        loads.append((vdso_at, vdso))
    pairs = [(33, vdso_at), (3, phdr), (4, phent), (5, phnum), (6, 4096)]
    open(out, "wb").write(build_core(ws, endian, machine, loads, pairs))


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
    elif cmd == "crafted-core":
        crafted_core(args[0], int(args[1]), args[2], int(args[3]),
                     set(args[4:]))
    elif cmd == "crafted-program":
        open(args[0], "wb").write(build_program(
            int(args[1]), args[2], int(args[3]), 0x40_0000, set(args[4:]))[0])
    elif cmd == "crafted-vdso":
        open(args[0], "wb").write(build_vdso(int(args[1]), args[2],
                                             set(args[3:])))
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
