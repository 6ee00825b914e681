#!/usr/bin/env python3
"""The tests' one writer of auxiliary vectors, ELF cores and ELF images.

Its ELF structures are packed field by field, by name, through the
layouts of elf.py, the same the tests' reader (elf.File) reads by.

Every value it writes is one the test chose on the command line or a fixed
one documented here, so that the test can state what auxv must print
without asking auxv.  Imported by tests/*.bats snippets (common.bash puts
this folder on PYTHONPATH) and run as $MKFIXTURE:

    raw [-w 4|8] [-e little|big] [-n COUNT] [-N] [-O] [-C BYTES]
        [TYPE=VALUE ...]
        TYPE=VALUE pairs in order (a negative number is its two's
        complement in the word), then COUNT filler pairs (type
        100 + i % 50, value i), then AT_NULL unless -N; -O adds one stray
        byte; -C cuts the whole to its first BYTES bytes (a vector an
        exec has not finished writing).

    core [-c 32|64] [-e little|big] [-m MACHINE] [-t E_TYPE] [-p PAGESZ]
        [-H HWCAP] [-x EXECFN] [-P PLATFORM] [-r HEX32] [-a VADDR]
        [-S SEGSIZE] [-b VARIANT]
        A core: PT_NOTE with NT_PRSTATUS ("CORE"), a "LINUX" note and
        NT_AUXV ("CORE"); one PT_LOAD of SEGSIZE (default 4096,
        page-aligned; else packed) file bytes, twice that in memory, at
        VADDR holding AT_RANDOM's 16 bytes at VADDR+0x100, AT_PLATFORM's
        string at VADDR+0x200 and AT_EXECFN's at the top of the segment,
        as the kernel puts it.  The vector is AT_HWCAP, AT_PAGESZ,
        AT_CLKTCK=100, AT_UID=1000, AT_RANDOM, AT_EXECFN, AT_PLATFORM,
        AT_NULL.  VARIANT breaks it: see fixture_core().

    crafted-core OUT WS ENDIAN MACHINE [FAULT...]
        a core whose vector points at a crafted vDSO and crafted program
        headers; FAULTs break them (see build_vdso, build_program)
    crafted-vdso OUT WS ENDIAN [FAULT...]   the crafted vDSO image alone
    crafted-program OUT WS ENDIAN MACHINE [FAULT...]
        the crafted program's image alone
    pause-program OUT PHOFF [LAYOUT]
        an x86-64 program the kernel runs, that only waits: see
        pause_program() and LAYOUTS
"""
import getopt
import os
import sys

from elf import PN_XNUM, PT_LOAD, PT_NOTE, Layout

NT_AUXV, PAGE = 6, 4096


class Elf(Layout):
    """Words, headers, notes and vectors of one class and byte order,
    packed by elf.py's field layouts."""

    def vector(self, pairs, null=True):
        if null:
            pairs = list(pairs) + [(0, 0)]
        return b"".join(self.pack("auxv", type=t, val=v) for t, v in pairs)

    def words(self, words):
        """Words alone, in order, each cut to the word (a negative one
        its two's complement): a vector of any length, pairs or not."""
        top = (1 << 8 * self.ws) - 1
        return b"".join(self.p(self.W, w & top) for w in words)

    def note(self, name, typ, desc, namesz=None):
        """name without its NUL; name and desc padded to 4 bytes."""
        name += b"\0"
        pad = lambda b: b + bytes(-len(b) % 4)
        return (self.pack("nhdr", namesz=len(name) if namesz is None
                          else namesz, descsz=len(desc), type=typ) +
                pad(name) + pad(desc))

    def ehdr(self, etype, machine, phoff, phnum, shoff=0, shnum=0,
             shstrndx=0, entry=0, klass=None, phentsize=None):
        ident = (b"\x7fELF" + bytes([klass or self.ws // 4,
                                     2 if self.be else 1, 1]) + bytes(9))
        return self.pack("ehdr", ident=ident, type=etype, machine=machine,
                         version=1, entry=entry, phoff=phoff, shoff=shoff,
                         ehsize=self.ehsz, phentsize=phentsize or self.phsz,
                         phnum=phnum, shentsize=self.shsz, shnum=shnum,
                         shstrndx=shstrndx)

    def phdr(self, typ, flags, off, vaddr, filesz, memsz, align, paddr=0):
        return self.pack("phdr", type=typ, flags=flags, offset=off,
                         vaddr=vaddr, paddr=paddr, filesz=filesz,
                         memsz=memsz, align=align)

    def shdr(self, name, typ, flags, addr, off, size, link=0, info=0,
             align=0, entsize=0):
        return self.pack("shdr", name=name, type=typ, flags=flags,
                         addr=addr, offset=off, size=size, link=link,
                         info=info, addralign=align, entsize=entsize)


def build_core(k, machine, notes, loads=()):
    """A core: one PT_NOTE holding notes (bytes), then a PT_LOAD per
    (vaddr, bytes), each at 16 bytes."""
    nph = 1 + len(loads)
    off = (k.ehsz + nph * k.phsz + 15) & ~15
    body = notes
    ph = k.phdr(PT_NOTE, 0, off, 0, len(notes), len(notes), 1)
    for vaddr, data in loads:
        body += bytes(-(off + len(body)) % 16)
        ph += k.phdr(PT_LOAD, 4, off + len(body), vaddr, len(data),
                     len(data), 1)
        body += data
    head = k.ehdr(4, machine, k.ehsz, nph) + ph
    return head + bytes(off - len(head)) + body


def raw_main(argv):
    opts, args = getopt.gnu_getopt(argv, "C:e:n:NOw:")
    o = dict(opts)
    k = Elf(int(o.get("-w", 8)), o.get("-e", "little"))
    pairs = [tuple(int(x, 0) for x in a.split("=", 1)) for a in args]
    pairs += [(100 + i % 50, i) for i in range(int(o.get("-n", 0)))]
    if "-N" not in o:
        pairs.append((0, 0))
    out = k.words(w for p in pairs for w in p)
    out += b"\x5a" if "-O" in o else b""
    return out[:int(o["-C"])] if "-C" in o else out


VARIANTS = """none not-core no-auxv no-null huge-descsz huge-namesz
desc-overlap overlap phoff-past-end note-past-end load-past-end big-auxv
many-notes xnum xnum-huge phentsize bad-class unmapped split cutstr
note-at-end empty-last max-auxv""".split()


def fixture_core(ws=8, endian="little", machine=62, etype=4, pagesz=4096,
                 hwcap=1, execfn=b"/usr/bin/fixture", platform=b"fixture",
                 random=bytes(range(0, 256, 0x11)), vaddr=None,
                 segsize=PAGE, v="none"):
    """mkfixture core.  Variants: not-core (ET_EXEC), no-auxv, no-null
    (no AT_NULL), huge-descsz and huge-namesz (the first note's), desc-
    overlap (NT_PRSTATUS covers the other two), overlap (a misaligned
    PT_NOTE inside the real one), phoff-past-end, note-past-end,
    load-past-end, big-auxv (4097 filler pairs after the seven),
    max-auxv (4089: 4096 entries and AT_NULL, auxv's limit exactly),
    many-notes (100 PT_NOTEs over 1 MiB of empty 64 KiB notes), xnum and
    xnum-huge (PN_XNUM, sh_info nphdr or 100000), phentsize (one too
    many), bad-class, unmapped (AT_PLATFORM past p_filesz, AT_RANDOM in no
    segment), split (two halves, the upper one first in the file), cutstr
    (AT_EXECFN without its NUL at the end), note-at-end (a PT_NOTE of its
    own holding one empty note, whose header ends where it ends),
    empty-last (after NT_AUXV, an empty note, namesz and descsz 0, whose
    header ends the PT_NOTE)."""
    k = Elf(ws, endian)
    if vaddr is None:
        vaddr = 0x7ffc12340000 if ws == 8 else 0xbf000000
    seg = bytearray(segsize)
    seg[0x100:0x110] = random
    seg[0x200:0x201 + len(platform)] = platform + b"\0"
    random_at, platform_at = vaddr + 0x100, vaddr + 0x200
    if len(execfn) + 1 > segsize - 0x300:
        sys.exit("execfn too long")
    execfn_at = vaddr + segsize - len(execfn) - 1
    if v == "split":
        execfn_at = vaddr + segsize // 2 - 5
    if v == "cutstr":
        execfn_at = vaddr + segsize - len(execfn)
    at = execfn_at - vaddr
    s = execfn if v == "cutstr" else execfn + b"\0"
    seg[at:at + len(s)] = s
    if v == "unmapped":
        platform_at, random_at = vaddr + segsize + 0x200, 0x10

    ent = [(16, hwcap), (6, pagesz), (17, 100), (11, 1000), (25, random_at),
           (31, execfn_at), (15, platform_at)]
    fill = {"big-auxv": 4097, "max-auxv": 4096 - len(ent)}.get(v, 0)
    ent += [(100 + i % 50, i) for i in range(fill)]
    desc = k.vector(ent, v != "no-null")

    if v == "many-notes":
        notes = (k.pack("nhdr", descsz=65536 - 12) + bytes(65536 - 12)) * 16
    else:
        notes = bytes(k.size("nhdr")) if v == "note-at-end" else b""
        notes += k.note(b"CORE", 1, bytes(8))
        notes += k.note(b"LINUX", 0x200, k.p("I", 0x11223344))
        if v != "no-auxv":
            notes += k.note(b"CORE", NT_AUXV, desc)
        if v == "empty-last":
            notes += k.pack("nhdr", namesz=0, descsz=0, type=0)
    notes = bytearray(notes)
    first = k.size("nhdr") if v == "note-at-end" else 0
    patch = {"huge-descsz": ("descsz", 0xfffffff0),
             "huge-namesz": ("namesz", 0xffffffff),
             "desc-overlap": ("descsz", len(notes) - 20)}
    if v in patch:
        at = first + k.offset("nhdr", patch[v][0])
        notes[at:at + 4] = k.packfield("nhdr", *patch[v])

    nphdr = {"overlap": 3, "many-notes": 101, "split": 3,
             "note-at-end": 3}.get(v, 2)
    xnum = v in ("xnum", "xnum-huge")
    phoff = k.ehsz
    notesoff = phoff + nphdr * k.phsz
    shoff = notesoff if xnum else 0
    notesoff += k.shsz if xnum else 0
    # At a page, as the kernel puts it; a small segment packs tight.
    align = PAGE if segsize == PAGE else 16
    segoff = (notesoff + len(notes) + align - 1) // align * align

    def note_ph(off, size):
        return k.phdr(PT_NOTE, 4, off, 0, size, 0, 4)

    def load_ph(off, va, size, memsz):
        return k.phdr(PT_LOAD, 6, off, va, size, memsz, PAGE)
    ph = b""
    if v == "overlap":
        ph += note_ph(notesoff + 4, len(notes) - 4)
    if v == "note-at-end":
        ph += note_ph(notesoff, 12) + note_ph(notesoff + 12, len(notes) - 12)
    elif v == "many-notes":
        ph += note_ph(notesoff, len(notes)) * 100
    else:
        ph += note_ph(segoff + segsize + 1000 if v == "note-past-end"
                      else notesoff, len(notes))
    half = segsize // 2
    if v == "split":
        ph += (load_ph(segoff + half, vaddr, half, half) +
               load_ph(segoff, vaddr + half, half, half))
        seg = seg[half:] + seg[:half]
    else:
        # Cut to the word, as C's writer did: offset 0 in a 32-bit core.
        far = (1 << 40) & ((1 << 8 * ws) - 1)
        ph += load_ph(far if v == "load-past-end" else segoff, vaddr,
                      segsize, 2 * segsize)

    out = k.ehdr(2 if v == "not-core" else etype, machine,
                 (1 << 8 * ws) - 16 if v == "phoff-past-end" else phoff,
                 PN_XNUM if xnum else nphdr, shoff, 1 if xnum else 0,
                 klass=3 if v == "bad-class" else None,
                 phentsize=k.phsz + 1 if v == "phentsize" else None) + ph
    if xnum:  # Section header 0: sh_info holds the real e_phnum.
        out += k.shdr(0, 0, 0, 0, 0, 0,
                      info=100000 if v == "xnum-huge" else nphdr)
    out += notes
    return out + bytes(segoff - len(out)) + seg


def core_main(argv):
    opts, _ = getopt.gnu_getopt(argv, "a:b:c:e:H:m:p:P:r:S:t:x:")
    kw = {}
    for o, a in opts:
        if o == "-b":
            if a not in VARIANTS:
                sys.exit(f"{a}: unknown variant")
            kw["v"] = a
        elif o == "-c":
            kw["ws"] = {"32": 4, "64": 8}[a]
        elif o == "-e":
            kw["endian"] = a
        elif o in ("-x", "-P"):
            kw["execfn" if o == "-x" else "platform"] = os.fsencode(a)
        elif o == "-r":
            kw["random"] = bytes.fromhex(a)
        else:
            kw[{"-a": "vaddr", "-H": "hwcap", "-m": "machine",
                "-p": "pagesz", "-S": "segsize", "-t": "etype"}[o]] = \
                int(a, 0)
    if len(kw.get("platform", b"")) + 1 > 0x100:
        sys.exit("platform too long")
    return fixture_core(**kw)


# pause_program's layouts: e_type, then each PT_LOAD's file offset and
# address (4 KiB of the file each, R+X), its code at 0x100 into the first.
LAYOUTS = {
    # one PT_LOAD at 0x400000
    "one": (2, [(0, 0x40_0000)]),
    # its one PT_LOAD starts past the headers: no PT_LOAD holds e_phoff
    "past": (2, [(PAGE, 0x40_1000)]),
    # the first page mapped twice: two PT_LOADs hold e_phoff
    "twice": (2, [(0, 0x40_0000), (0, 0x60_0000)]),
    # a position-independent program (an interpreter) linked at 0x200000
    "dyn-high": (3, [(0, 0x20_0000)]),
    # an interpreter linked where it must be mapped
    "exec-high": (2, [(0, 0x1000_0000)]),
}


def pause_program(phoff, layout="one"):
    """An x86-64 program without libc that calls pause(2) in a loop: its
    PT_LOADs as LAYOUTS has them, and a PT_GNU_STACK, the program headers
    at file offset phoff: at 0xfc8 the second one is past the PT_LOAD, in
    the file alone."""
    k = Elf(8, "little")
    etype, loads = LAYOUTS[layout]
    # mov $34 (__NR_pause), %eax; syscall; jmp back to the mov
    code = bytes.fromhex("b8220000000f05ebf7")
    ph = b"".join(k.phdr(PT_LOAD, 5, off, vaddr, PAGE, PAGE, PAGE)
                  for off, vaddr in loads)
    ph += k.phdr(0x6474e551, 6, 0, 0, 0, 0, 16)
    off0, vaddr0 = loads[0]
    img = bytearray(max(off0 + PAGE, phoff + len(ph)))
    hdr = k.ehdr(etype, 62, phoff, len(loads) + 1, entry=vaddr0 + 0x100)
    img[0:len(hdr)] = hdr
    img[phoff:phoff + len(ph)] = ph
    img[off0 + 0x100:off0 + 0x100 + len(code)] = code
    return bytes(img)


def deep_dir(base, length, room):
    """Directories under base, one in the other, deep enough that a file
    in the last, named with room to 255 bytes, has a path of length bytes
    (for maps lines longer than PATH_MAX, which the kernel prints whole).
    Made with openat, never resolved whole: (its descriptor, its path)."""
    d, path = os.open(base, os.O_RDONLY), os.path.realpath(base)
    while length - len(path) - 1 > 255:
        n = min(250, length - len(path) - 1 - room - 1)
        os.mkdir("d" * n, dir_fd=d)
        d = os.open("d" * n, os.O_RDONLY, dir_fd=d)
        path += "/" + "d" * n
    return d, path


# --- Crafted vDSO and program images ------------------------------------

SONAME = b"linux-test.so.1"
VERSION = b"LINUX_9.9"
BUILD_ID = bytes(range(0xa0, 0xb4))
INTERP = b"/lib/ld-test.so.7"
# A function name of 200 bytes that are not UTF-8 (fault long_names).
LONG_NAME = b"\xff" * 200


def strtab(names):
    data, offs = b"\0", {}
    for n in names:
        offs[n] = len(data)
        data += n + b"\0"
    return data, offs


# "kernel": the functions and version of x86-64's vDSO (--check's
# vdso-image rule), hashed by DT_HASH; its faults no_hash, relocated
# (symbol values at RELOC_AT, where it is mapped), linked_high (its
# PT_LOAD there too) and no_time (__vdso_time missing) break it;
# gnu_hash tags its table DT_GNU_HASH instead.
KERNEL_FUNCS = [b"__vdso_clock_gettime", b"__vdso_gettimeofday",
                b"__vdso_time", b"__vdso_getcpu"]
RELOC_AT = {8: 0x7f00_0000_0000, 4: 0xf7f0_0000}


def build_vdso(ws, endian, faults=()):
    k = Elf(ws, endian)
    kernel = "kernel" in faults
    funcs = [b"__vdso_foo", b"bar", b"baz"]
    version = VERSION
    if kernel:
        funcs, version = KERNEL_FUNCS[:3], b"LINUX_2.6"
        if "no_time" in faults:
            funcs[2] = b"__vdso_tim"
    dynstr, so = strtab([SONAME, version] + funcs + [b"obj", b"und"] +
                        (KERNEL_FUNCS[3:] if kernel else []) +
                        ([LONG_NAME] if "long_names" in faults else []))
    so[b"__vdso_foo"], so[b"bar"], so[b"baz"] = (so[f] for f in funcs)
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
    if kernel:
        syms.append((so[KERNEL_FUNCS[3]], GLOBAL, STT_FUNC, 1, 2))
    if "sym_name_oob" in faults:
        syms[1] = (0x10000,) + syms[1][1:]
    if "versym_oob" in faults:
        syms[2] = syms[2][:4] + (7,)
    if "unversioned" in faults:  # __vdso_foo VER_NDX_GLOBAL, bar LOCAL
        syms[1] = syms[1][:4] + (1,)
        syms[2] = syms[2][:4] + (0,)
    if "many_syms" in faults:  # 129 functions, one more than auxv keeps
        syms += [(so[b"bar"], GLOBAL, STT_FUNC, 1, 0)] * (129 - 3)
    if "long_names" in faults:  # 125 more of LONG_NAME
        syms += [(so[LONG_NAME], GLOBAL, STT_FUNC, 1, 0)] * 125
    dynsym = b""
    base = RELOC_AT[ws] if "linked_high" in faults else 0
    value = base + 0x500
    if "relocated" in faults:
        value += RELOC_AT[ws]
    for name, bind, typ, shndx, _ in syms:
        info = (bind << 4) | typ
        dynsym += k.pack("sym", name=name, info=info, shndx=shndx,
                         value=value, size=16)
    versym = b"".join(k.p("H", s[4]) for s in syms)
    nver = 2
    vd1_next = 28
    vd2_next = 28 if "verdef_count" in faults else 0
    if "verdef_count" in faults:
        nver = 0xffffffff
    if "verdef_info_one" in faults:
        nver = 1  # sh_info counts one: the second, though chained, is not
    vd2_aux = 0x1000 if "verdaux_oob" in faults else 20
    def vd(flags, ndx, aux, nxt, name):  # one Verdef and its Verdaux
        return (k.pack("verdef", version=1, flags=flags, ndx=ndx, cnt=1,
                       aux=aux, next=nxt) + k.pack("verdaux", name=name))
    verdef = (vd(1, 1, 20, vd1_next, so[SONAME]) +
              vd(0, 2, vd2_aux, vd2_next, so[version]))
    if "no_base_verdef" in faults:  # LINUX_9.9 alone, first, index 2
        nver = 1
        verdef = vd(0, 2, 20, 0, so[version])
    if "many_verdefs" in faults:  # 17, one more than auxv keeps
        nver = 17
        verdef = b"".join(vd(0, 2 + i, 20, 28 if i < 16 else 0, so[version])
                          for i in range(17))
    # As readelf wants them to show symbol versions: the tables by
    # address (the image is linked at 0).
    dyn = [(14, so[SONAME]), (5, 0x200), (6, 0x100), (10, len(dynstr)),
           (11, 24 if ws == 8 else 16), (0x6ffffff0, 0x280),
           (0x6ffffffc, 0x2c0), (0x6ffffffd, 2), (0, 0)]
    # A SysV hash table of one bucket: every symbol chained from the last.
    hashtab = k.p("II", 1, len(syms)) + k.p("I", len(syms) - 1) + \
        b"".join(k.p("I", max(i - 1, 0)) for i in range(len(syms)))
    if kernel and "no_hash" not in faults:
        # DT_HASH, or DT_GNU_HASH's tag in its place (gnu_hash): the rule
        # asks for either.
        dyn.insert(1, (0x6ffffef5 if "gnu_hash" in faults else 4, 0x580))
    if "soname_oob" in faults:
        dyn[0] = (14, 0x10000)
    if "soname_last" in faults:  # after the other tags: still found
        dyn = dyn[1:-1] + dyn[:1] + dyn[-1:]
    if "no_soname" in faults:  # DT_NULL ends the array before it
        dyn = [(0, 0)] + dyn
    dynamic = b"".join(k.pack("dyn", tag=t, val=v) for t, v in dyn)
    namesz = 0x7fffffff if "note_oob" in faults else None
    note = k.note(b"GNU", 3, bytes(65) if "build_id_long" in faults
                  else BUILD_ID, namesz)
    layout = {"text": 0x500, "dynsym": 0x100, "dynstr": 0x200,
              "versym": 0x280, "verdef": 0x2c0, "dynamic": 0x300,
              "note": 0x3c0, "shstrtab": 0x400, "hash": 0x580}
    shoff = 0x600
    img = bytearray(shoff + 10 * k.shsz)
    # A table too large for its place goes after the section headers.
    for name, data in (("dynsym", dynsym), ("dynstr", dynstr),
                       ("versym", versym), ("verdef", verdef)):
        if len(data) > {"dynsym": 0x100, "dynstr": 0x80, "versym": 0x40,
                        "verdef": 0x40}[name]:
            layout[name] = len(img)
            img += bytes(len(data))
    for name, data in (("dynsym", dynsym), ("dynstr", dynstr),
                       ("versym", versym), ("verdef", verdef),
                       ("dynamic", dynamic), ("note", note),
                       ("shstrtab", shstr), ("text", b"\xc3" * 16),
                       ("hash", hashtab if kernel else b"")):
        o = layout[name]
        img[o:o + len(data)] = data

    def shdr(name, typ, off, size, link=0, info=0, entsize=0, flags=2,
             align=None):
        return k.shdr(name, typ, flags, off, off, size, link, info,
                      align or ws, entsize)
    dynsym_link = 2 if "link_self" in faults else 3
    dynsym_off = 0x7fff0000 if "section_oob" in faults else layout["dynsym"]
    sh = [shdr(0, 0, 0, 0, flags=0),
          shdr(sho[b".text"], 1, 0x500, 16, flags=6),
          shdr(sho[b".dynsym"], 11, dynsym_off, len(dynsym), dynsym_link, 1,
               24 if ws == 8 else 16),
          shdr(sho[b".dynstr"], 3, layout["dynstr"], len(dynstr)),
          shdr(sho[b".gnu.version"], 0x6fffffff, layout["versym"],
               len(versym), 2, 0,
               2),
          shdr(sho[b".gnu.version_d"], 0x6ffffffd, layout["verdef"],
               len(verdef), 0 if "verdef_link0" in faults else 3, nver),
          shdr(sho[b".dynamic"], 6, 0x300, len(dynamic), 3, 0, 2 * ws),
          shdr(sho[b".note"], 7, 0x3c0, len(note), align=4),
          shdr(sho[b".shstrtab"], 3, 0x400, len(shstr), flags=0)]
    if "nobits_big" in faults:  # SHT_NOBITS: no bytes, whatever its size
        sh.append(shdr(sho[b".text"], 8, 0x500, 0x100000))
    img[shoff:shoff + len(sh) * k.shsz] = b"".join(sh)
    if "pad" in faults:  # two pages, as a real vDSO: more than auxv's block
        img += bytes(0x2000 - len(img))
    # One PT_LOAD over the image and a PT_DYNAMIC, as a real vDSO has.
    ph = (k.phdr(1, 5, 0, base, len(img), len(img), 0x1000) +
          k.phdr(2, 4, 0x300, 0x300, len(dynamic), len(dynamic), ws,
                 paddr=0x300))
    img[k.ehsz:k.ehsz + len(ph)] = ph
    shnum = 0xffff if "shnum_huge" in faults else len(sh)
    if "no_sections" in faults:
        shnum = 0
    if "shoff_oob" in faults:
        shoff = 0xfff0
    # phentsize_small: e_phentsize a byte short of an Elf_Phdr, so that
    # the headers are not to be read (at that stride the first is the
    # PT_LOAD over the whole image, past the section headers' end).
    hdr = k.ehdr(3, 62 if ws == 8 else 3,
                 0xfff0 if "phoff_oob" in faults else k.ehsz, 2, shoff,
                 shnum, 8, phentsize=k.phsz - 1
                 if "phentsize_small" in faults else None)
    img[0:len(hdr)] = hdr
    if "bad_magic" in faults:
        img[1:4] = b"ELG"
    return bytes(img)


def build_program(ws, endian, machine, base, faults=()):
    """An ELF header and program headers as the kernel maps them at base."""
    k = Elf(ws, endian)
    interp = INTERP if "interp_no_nul" in faults else INTERP + b"\0"
    # x86: IBT and SHSTK; aarch64: BTI and GCS; riscv: CFI_SS.  Or the
    # properties VDSO_PROPS lists, "TYPE:VALUE ..." in hex.
    props = [{62: (0xc0000002, 3), 3: (0xc0000002, 3),
              183: (0xc0000000, 5), 243: (0xc0000000, 2)}.get(machine,
                                                               (1, 0))]
    if os.environ.get("VDSO_PROPS"):
        props = [tuple(int(x, 16) for x in p.split(":"))
                 for p in os.environ["VDSO_PROPS"].split()]
    if "prop_many" in faults:  # 17, one more than auxv keeps
        props = [(0xc0000002, 1 << i) for i in range(17)]
    desc = b"".join(k.p("III", t, 4, v) + bytes(ws - 4) for t, v in props)
    if "prop_oob" in faults:  # the last property's size runs past the note
        desc = desc[:-ws - 4] + k.p("I", 0x100) + desc[-ws:]
    pnote = k.note(b"GNU", 5, desc)
    if "prop_other" in faults:  # another note first, passed over
        pnote = k.note(b"GNU", 3, bytes(8)) + pnote
    size = 0x800 if len(pnote) > 0xc0 else 0x400
    ilen = {"interp_empty": 0, "interp_big": 4097}
    ilen = [ilen[f] for f in faults if f in ilen] + [len(interp)]
    segs = [  # type, flags, offset, filesz, memsz
        (6, 4, k.ehsz, 0, 0),
        (3, 4, 0x2c0, ilen[0], ilen[0]),
        (1, 5, 0, size, size),
        (0x6474e553, 4, 0x300, 1025 if "prop_big" in faults else len(pnote),
         len(pnote)),
        (0x6474e551, 7, 0, 0, 0),
        (7, 4, 0x3c0, 8, 0x48)]
    if "rare_phdrs" in faults:
        # GNU_SFRAME, OPENBSD_MUTABLE, _RANDOMIZE, _WXNEEDED, and a type
        # no one names (readelf: LOOS+0x123).
        segs += [(t, 4, 0x3c8, 8, 8) for t in
                 (0x6474e554, 0x65a3dbe5, 0x65a3dbe6, 0x65a3dbe7, 0x60000123)]
    n = len(segs) * k.phsz
    segs[0] = (6, 4, k.ehsz, n, n)
    if "no_phdr_seg" in faults or "no_bias" in faults:
        # Without PT_PHDR the bias is the ELF header's page's, when the
        # header's e_phoff is where AT_PHDR points.
        segs = segs[1:]
    img = bytearray(size)
    ph = b"".join(k.phdr(t, f, o, o, fs, ms, ws, paddr=o)
                  for t, f, o, fs, ms in segs)
    hdr = k.ehdr(3, machine, k.ehsz + (8 if "no_bias" in faults else 0),
                 len(segs), entry=0x100)
    img[0:len(hdr)] = hdr
    img[k.ehsz:k.ehsz + len(ph)] = ph
    img[0x2c0:0x2c0 + len(interp)] = interp
    img[0x300:0x300 + len(pnote)] = pnote
    return bytes(img), base + k.ehsz, len(segs), k.phsz


def crafted_core(ws, endian, machine, faults):
    vdso_at, prog_at = 0x7000_0000, 0x40_0000
    k = Elf(ws, endian)
    prog, phdr, phnum, phent = build_program(ws, endian, machine, prog_at,
                                             faults)
    loads = [(prog_at, prog)]
    if "vdso_unmapped" not in faults:
        loads.append((vdso_at, build_vdso(ws, endian, faults)))
    if "phdrs_cut" in faults:  # more than the image holds
        phnum = 128
    if "phdr_unmapped" in faults:
        phdr = 0x10
    pairs = [(33, vdso_at), (3, phdr), (4, phent), (5, phnum),
             (6, 3000 if "pagesz_odd" in faults else 4096)]
    return build_core(k, machine, k.note(b"CORE", NT_AUXV, k.vector(pairs)),
                      loads)


def main(argv):
    cmd, args = argv[0], argv[1:]
    if cmd == "raw":
        out = raw_main(args)
    elif cmd == "core":
        out = core_main(args)
    elif cmd == "pause-program":
        open(args[0], "wb").write(pause_program(int(args[1], 0), *args[2:]))
        os.chmod(args[0], 0o755)
        return
    elif cmd.startswith("crafted-"):
        path, ws, endian, args = args[0], int(args[1]), args[2], args[3:]
        if cmd == "crafted-vdso":
            data = build_vdso(ws, endian, set(args))
        elif cmd == "crafted-program":
            data = build_program(ws, endian, int(args[0]), 0x40_0000,
                                 set(args[1:]))[0]
        else:
            data = crafted_core(ws, endian, int(args[0]), set(args[1:]))
        open(path, "wb").write(data)
        return
    else:
        sys.exit("usage: mkfixture.py raw|core|crafted-* [options]")
    sys.stdout.buffer.write(out)


if __name__ == "__main__":
    main(sys.argv[1:])
