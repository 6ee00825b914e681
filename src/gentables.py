#!/usr/bin/env python3
"""Writes auxv's AT_ and HWCAP tables from a Linux kernel source tree.

usage: src/gentables.py LINUX_TREE

A tool for the maintainers, not run by the build.  It reads, in LINUX_TREE:

  include/uapi/linux/auxvec.h, arch/*/include/uapi/asm/auxvec.h
      the AT_ numbers and which architectures define them;
  each architecture's HWCAP bit definitions (uapi hwcap.h, cputable.h,
  asm/elf.h, cpu-features.h) and the string tables /proc/cpuinfo prints
  them with (arm64 cpuinfo.c, arm setup.c, s390 processor.c, loongarch and
  mips proc.c, sparc setup_64.c, sh cpu/proc.c, x86 cpufeatures.h);

and rewrites, next to this script, src/at.def, src/hwcap.h, src/hwcap.c
and the format, key and architecture lists of src/auxv.bash and
src/auxv.zsh (the formats from src/print.c, the architectures from
src/arch.c, which is written by hand).  Facts that no kernel file
holds are the hand tables below: how each AT_ value is shown and
described, which types glibc's LD_SHOW_AUXV names, and glibc's powerpc
HWCAP names.  Anything the kernel has and those tables lack is reported on
standard error and given a plain default, so that a new kernel never
makes a named bit unknown.
"""

import glob
import os
import re
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))

# How each AT_ value is shown and the description -v prints.  Forms of
# the types glibc names follow glibc's _dl_show_auxv (elf/dl-sysdep.c);
# descriptions follow gdb's "info auxv" (gdb/auxv.c).
AT_FORMS = {
    "NULL": ("F_HEX", "End of vector"),
    "IGNORE": ("F_ADDR", "Entry should be ignored"),
    "EXECFD": ("F_DEC", "File descriptor of program"),
    "PHDR": ("F_ADDR", "Program headers for program"),
    "PHENT": ("F_DEC", "Size of program header entry"),
    "PHNUM": ("F_DEC", "Number of program headers"),
    "PAGESZ": ("F_DEC", "System page size"),
    "BASE": ("F_ADDR", "Base address of interpreter"),
    "FLAGS": ("F_ADDR", "Flags"),
    "ENTRY": ("F_ADDR", "Entry point of program"),
    "NOTELF": ("F_HEX", "Program is not ELF"),
    "UID": ("F_ID", "Real user ID"),
    "EUID": ("F_ID", "Effective user ID"),
    "GID": ("F_ID", "Real group ID"),
    "EGID": ("F_ID", "Effective group ID"),
    "PLATFORM": ("F_STR", "String identifying platform"),
    "HWCAP": ("F_HWCAP", "Machine-dependent CPU capability hints"),
    "CLKTCK": ("F_DEC", "Frequency of times()"),
    "FPUCW": ("F_HEX", "Used FPU control word"),
    "DCACHEBSIZE": ("F_ADDR", "Data cache block size"),
    "ICACHEBSIZE": ("F_ADDR", "Instruction cache block size"),
    "UCACHEBSIZE": ("F_ADDR", "Unified cache block size"),
    "IGNOREPPC": ("F_ADDR", "Entry should be ignored"),
    "SECURE": ("F_BOOL", "Boolean, was exec setuid-like?"),
    "BASE_PLATFORM": ("F_STR", "String identifying base platform"),
    "RANDOM": ("F_RANDOM", "Address of 16 random bytes"),
    "HWCAP2": ("F_HWCAP2", "Extension of AT_HWCAP"),
    "RSEQ_FEATURE_SIZE": ("F_DEC", "rseq supported feature size"),
    "RSEQ_ALIGN": ("F_DEC", "rseq allocation alignment"),
    "HWCAP3": ("F_HWCAP3", "Extension of AT_HWCAP"),
    "HWCAP4": ("F_HWCAP4", "Extension of AT_HWCAP"),
    "EXECFN": ("F_STR", "File name of executable"),
    "SYSINFO": ("F_ADDR", "Special system info/entry points"),
    "SYSINFO_EHDR": ("F_ADDR", "System-supplied DSO's ELF header"),
    "L1I_CACHESHAPE": ("F_ADDR", "L1 instruction cache shape"),
    "L1D_CACHESHAPE": ("F_ADDR", "L1 data cache shape"),
    "L2_CACHESHAPE": ("F_ADDR", "L2 cache shape"),
    "L3_CACHESHAPE": ("F_ADDR", "L3 cache shape"),
    "L1I_CACHESIZE": ("F_DEC", "L1 instruction cache size"),
    "L1I_CACHEGEOMETRY": ("F_ADDR", "L1 instruction cache geometry"),
    "L1D_CACHESIZE": ("F_DEC", "L1 data cache size"),
    "L1D_CACHEGEOMETRY": ("F_ADDR", "L1 data cache geometry"),
    "L2_CACHESIZE": ("F_DEC", "L2 cache size"),
    "L2_CACHEGEOMETRY": ("F_ADDR", "L2 cache geometry"),
    "L3_CACHESIZE": ("F_DEC", "L3 cache size"),
    "L3_CACHEGEOMETRY": ("F_ADDR", "L3 cache geometry"),
    "ADI_BLKSZ": ("F_DEC", "ADI block size"),
    "ADI_NBITS": ("F_DEC", "ADI number of version bits"),
    "ADI_UEONADI": ("F_DEC", "ADI precise exception on mismatch"),
    "MINSIGSTKSZ": ("F_DEC", "Minimal stack size for signal delivery"),
}

# The architecture-specific types that glibc's _dl_show_auxv names on
# every architecture: they are AF_ALL, so that the text stays glibc's.
GLIBC_NAMES = {
    "FPUCW", "DCACHEBSIZE", "ICACHEBSIZE", "UCACHEBSIZE", "IGNOREPPC",
    "SYSINFO", "SYSINFO_EHDR", "MINSIGSTKSZ", "L1I_CACHESIZE",
    "L1I_CACHEGEOMETRY", "L1D_CACHESIZE", "L1D_CACHEGEOMETRY",
    "L2_CACHESIZE", "L2_CACHEGEOMETRY", "L3_CACHESIZE", "L3_CACHEGEOMETRY",
}

# The AF_ families at.h defines, by kernel arch directory.
AT_FAMILIES = {"alpha": "AF_ALPHA", "sh": "AF_SH", "sparc": "AF_SPARC"}

# powerpc: the kernel prints no names for its PPC_FEATURE* bits; these
# are glibc's (sysdeps/powerpc/dl-procinfo.c _dl_powerpc_cap_flags),
# which LD_SHOW_AUXV and __builtin_cpu_supports use, keyed by the
# cputable.h macro.
PPC_GLIBC = {
    "PPC_FEATURE_32": "ppc32",
    "PPC_FEATURE_64": "ppc64",
    "PPC_FEATURE_601_INSTR": "ppc601",
    "PPC_FEATURE_HAS_ALTIVEC": "altivec",
    "PPC_FEATURE_HAS_FPU": "fpu",
    "PPC_FEATURE_HAS_MMU": "mmu",
    "PPC_FEATURE_HAS_4xxMAC": "4xxmac",
    "PPC_FEATURE_UNIFIED_CACHE": "ucache",
    "PPC_FEATURE_HAS_SPE": "spe",
    "PPC_FEATURE_HAS_EFP_SINGLE": "efpsingle",
    "PPC_FEATURE_HAS_EFP_DOUBLE": "efpdouble",
    "PPC_FEATURE_NO_TB": "notb",
    "PPC_FEATURE_POWER4": "power4",
    "PPC_FEATURE_POWER5": "power5",
    "PPC_FEATURE_POWER5_PLUS": "power5+",
    "PPC_FEATURE_CELL": "cellbe",
    "PPC_FEATURE_BOOKE": "booke",
    "PPC_FEATURE_SMT": "smt",
    "PPC_FEATURE_ICACHE_SNOOP": "ic_snoop",
    "PPC_FEATURE_ARCH_2_05": "arch_2_05",
    "PPC_FEATURE_PA6T": "pa6t",
    "PPC_FEATURE_HAS_DFP": "dfp",
    "PPC_FEATURE_POWER6_EXT": "power6x",
    "PPC_FEATURE_ARCH_2_06": "arch_2_06",
    "PPC_FEATURE_HAS_VSX": "vsx",
    "PPC_FEATURE_PSERIES_PERFMON_COMPAT": "archpmu",
    "PPC_FEATURE_TRUE_LE": "true_le",
    "PPC_FEATURE_PPC_LE": "ppcle",
    "PPC_FEATURE2_ARCH_2_07": "arch_2_07",
    "PPC_FEATURE2_HTM": "htm",
    "PPC_FEATURE2_DSCR": "dscr",
    "PPC_FEATURE2_EBB": "ebb",
    "PPC_FEATURE2_ISEL": "isel",
    "PPC_FEATURE2_TAR": "tar",
    "PPC_FEATURE2_VEC_CRYPTO": "vcrypto",
    "PPC_FEATURE2_HTM_NOSC": "htm-nosc",
    "PPC_FEATURE2_ARCH_3_00": "arch_3_00",
    "PPC_FEATURE2_HAS_IEEE128": "ieee128",
    "PPC_FEATURE2_DARN": "darn",
    "PPC_FEATURE2_SCV": "scv",
    "PPC_FEATURE2_HTM_NO_SUSPEND": "htm-no-suspend",
    "PPC_FEATURE2_ARCH_3_1": "arch_3_1",
    "PPC_FEATURE2_MMA": "mma",
}

WORD_KEYS = ("AT_HWCAP", "AT_HWCAP2", "AT_HWCAP3", "AT_HWCAP4")
WORD_PREFIX = ("HWT_", "HWT2_", "HWT3_", "HWT4_")


class Tree:
    """The kernel tree, its files read by path from its top."""

    def __init__(self, root):
        self.root = root

    def path(self, rel):
        return os.path.join(self.root, rel)

    def read(self, rel):
        try:
            with open(self.path(rel), encoding="utf-8",
                      errors="replace") as f:
                return f.read()
        except OSError as e:
            die("%s: %s" % (self.path(rel), e.strerror))

    def version(self):
        mk = self.read("Makefile")
        v = {}
        for key in ("VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION"):
            m = re.search(r"^%s[ \t]*=[ \t]*(\S*)" % key, mk, re.M)
            v[key] = m.group(1) if m else ""
        s = "%s.%s" % (v["VERSION"], v["PATCHLEVEL"])
        if v["SUBLEVEL"] not in ("", "0"):
            s += "." + v["SUBLEVEL"]
        return s + v["EXTRAVERSION"]


def warn(msg):
    print("gentables: " + msg, file=sys.stderr)


def die(msg):
    warn(msg)
    sys.exit(1)


def strip_comments(text):
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def tab_to(text, col):
    """text and tabs up to column col (at least one tab)."""
    text += "\t"
    while len(text.expandtabs(8)) < col:
        text += "\t"
    return text


def defines(text):
    """#define NAME VALUE /* comment */ lines, continuations joined, in
    order: a list of (name, value, comment)."""
    text = re.sub(r"\\\n", " ", text)
    out = []
    for line in text.split("\n"):
        m = re.match(r"\s*#\s*define\s+(\w+)(?!\()\s+(.*)$", line)
        if not m:
            continue
        rest = m.group(2)
        cm = re.search(r"/\*(.*?)(\*/|$)", rest)
        comment = cm.group(1).strip() if cm else ""
        value = re.sub(r"/\*.*?(\*/|$)", "", rest).strip()
        value = re.sub(r"//.*", "", value).strip()
        out.append((m.group(1), value, comment))
    return out


def evaluate(expr, known=None):
    """The value of a constant expression of a uapi header: numbers,
    shifts, _BITUL/BIT/(1UL << n), character constants, names defined
    earlier (known).  None when it is anything else."""
    e = expr
    e = re.sub(r"'(.)'", lambda m: str(ord(m.group(1))), e)
    e = re.sub(r"\b_?BITU?L*\s*\(", "(1<<", e)
    e = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b", r"\1", e)
    if known:
        e = re.sub(r"\b[A-Za-z_]\w*\b",
                   lambda m: str(known.get(m.group(0), m.group(0))), e)
    if not re.fullmatch(r"[0-9a-fA-FxX()<>|+\- \t]*", e) or not e.strip():
        return None
    try:
        return int(eval(e, {"__builtins__": {}}, {}))
    except (SyntaxError, NameError, ValueError, TypeError,
            ZeroDivisionError):
        return None


def one_bit(v):
    """The bit number of a single-bit mask, else None."""
    if v is None or v <= 0 or v & (v - 1):
        return None
    return v.bit_length() - 1


def bit_defines(text, pattern):
    """{suffix: bit} for each #define matching pattern (a regex whose
    group 1 is the suffix) whose value is one bit."""
    bits, known = {}, {}
    for name, value, _ in defines(text):
        v = evaluate(value, known)
        if v is not None:
            known[name] = v
        m = re.fullmatch(pattern, name)
        if not m or one_bit(v) is None:
            continue
        bits[m.group(1)] = one_bit(v)
    return bits


def c_array(text, name):
    """The initialiser of `name[] = { ... };`, comments removed."""
    m = re.search(r"\b%s\s*\[[^\]]*\]\s*=\s*\{(.*?)\};" % re.escape(name),
                  text, re.S)
    if not m:
        return None
    return strip_comments(m.group(1))


def designated(body, key_pattern):
    """{key: "string"} from `[KEY] = "string",` entries."""
    return {m.group(1): m.group(2) for m in re.finditer(
        r"\[\s*%s\s*\]\s*=\s*\"([^\"]*)\"" % key_pattern, body)}


def positional(body):
    """The entries of a list of strings and NULLs, in order; None for
    NULL."""
    out = []
    for tok in re.findall(r"\"[^\"]*\"|\bNULL\b", body):
        out.append(None if tok == "NULL" else tok[1:-1])
    return out


def need(value, what):
    if value is None or value == {} or value == []:
        die("%s: not found; has the kernel's layout changed?" % what)
    return value


def fallback(table, where, bit, name, why):
    warn("%s bit %d: %s; named %s" % (where, bit, why, name))
    table[bit] = name


# ---------------------------------------------------------------------
# AT_ types

def at_types(tree):
    """{num: (name, families, comment)} from the generic and every
    architecture's uapi auxvec.h."""
    found = {}   # name -> [num, set of arch dirs or None for generic, comment]

    def add(name, num, arch, comment):
        if name in found:
            if found[name][0] != num:
                die("AT_%s is %d and %d" % (name, found[name][0], num))
            if arch is not None and found[name][1] is not None:
                found[name][1].add(arch)
            if not found[name][2]:
                found[name][2] = comment
            return
        found[name] = [num, None if arch is None else {arch}, comment]

    generic = "include/uapi/linux/auxvec.h"
    for name, value, comment in defines(tree.read(generic)):
        if name.startswith("AT_") and name != "AT_VECTOR_SIZE_ARCH":
            add(name[3:], need(evaluate(value), name), None, comment)
    files = sorted(glob.glob(tree.path("arch/*/include/uapi/asm/auxvec.h")))
    for path in files:
        arch = path[len(tree.path("arch/")):].split("/")[0]
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for name, value, comment in defines(text):
            if not name.startswith("AT_") or name == "AT_VECTOR_SIZE_ARCH":
                continue
            add(name[3:], need(evaluate(value), name), arch, comment)
    bynum = {}
    for name, (num, arches, comment) in found.items():
        if num in bynum:
            die("AT_ %d is both %s and %s" % (num, bynum[num][0], name))
        bynum[num] = (name, arches, comment)
    return bynum


def families(name, arches):
    if arches is None or name in GLIBC_NAMES:
        return "AF_ALL"
    fams = []
    for a in sorted(arches):
        if a not in AT_FAMILIES:
            die("AT_%s is %s's own: add AF_%s to at.h, arch.c and "
                "AT_FAMILIES, or name it in GLIBC_NAMES" %
                (name, a, a.upper()))
        fams.append(AT_FAMILIES[a])
    return " | ".join(fams)


def write_at_def(tree, version, out):
    rows = []
    for num, (name, arches, comment) in sorted(at_types(tree).items()):
        if name not in AT_FORMS:
            desc = comment[:1].upper() + comment[1:] if comment else name
            form = "F_ADDR"
            warn("AT_%s (%d) is new: shown as %s, described as %r; "
                 "add it to AT_FORMS" % (name, num, form, desc))
        else:
            form, desc = AT_FORMS[name]
        rows.append((num, name, form, families(name, arches), desc))

    lines = [
        "/*",
        " * AT_ types: number, name (without AT_), form, architectures that",
        " * define it, and the description -v prints.",
        " *",
        " * Generated by src/gentables.py from Linux %s: do not edit by" %
        version,
        " * hand.  Numbers are those of include/uapi/linux/auxvec.h and",
        " * arch/ARCH/include/uapi/asm/auxvec.h, not of the host's <elf.h>.",
        " * Types that glibc's LD_SHOW_AUXV names on every architecture are",
        " * AF_ALL, so that the text stays glibc's there; forms and",
        " * descriptions are the script's own table.",
        " */",
        "/* clang-format off */",
    ]
    for num, name, form, fam, desc in rows:
        row = "AT_X(%2d, %s," % (num, name)
        row = tab_to(row, 32) + form + ","
        row = tab_to(row, 48) + fam + ',\t"' + desc + '")'
        lines.append(row)
    lines.append("/* clang-format on */")
    write(out, "at.def", lines)
    return [name for _, name, _, _, _ in rows]


# ---------------------------------------------------------------------
# HWCAP tables.  Each returns a list of words, each {bit: name}, and the
# source note that heads the table.

def hw_x86(tree):
    feat = "arch/x86/include/asm/cpufeatures.h"
    word0 = {}
    for name, value, comment in defines(tree.read(feat)):
        m = re.fullmatch(r"\(\s*0\s*\*\s*32\s*\+\s*(\d+)\s*\)", value)
        if not name.startswith("X86_FEATURE_") or not m:
            continue
        bit = int(m.group(1))
        q = re.match(r'"([^"]*)"', comment)
        if q and q.group(1):
            word0[bit] = q.group(1).lower()
        else:
            fallback(word0, "x86 AT_HWCAP", bit,
                     name[len("X86_FEATURE_"):].lower(),
                     "no /proc/cpuinfo name")
    need(word0, feat + " word 0")
    h2 = "arch/x86/include/uapi/asm/hwcap2.h"
    bits = bit_defines(tree.read(h2), r"HWCAP2_(\w+)")
    word1 = {bit: suffix.lower() for suffix, bit in need(bits, h2).items()}
    return [word0, word1], [
        "x86 AT_HWCAP is CPUID leaf 1 EDX: " + feat + " word 0, the",
        "quoted /proc/cpuinfo names.  AT_HWCAP2: " + h2 + ", the",
        "lower-case macro suffixes.",
    ]


def hw_aarch64(tree):
    uapi = "arch/arm64/include/uapi/asm/hwcap.h"
    cpuinfo = "arch/arm64/kernel/cpuinfo.c"
    names = designated(need(c_array(tree.read(cpuinfo), "hwcap_str"),
                            cpuinfo + " hwcap_str"), r"KERNEL_HWCAP_(\w+)")
    need(names, cpuinfo + " hwcap_str")
    words = [{}, {}, {}, {}]
    for name, value, _ in defines(tree.read(uapi)):
        m = re.fullmatch(r"HWCAP([0-9]*)_(\w+)", name)
        bit = one_bit(evaluate(value))
        if not m or bit is None:
            continue
        w = int(m.group(1) or "1") - 1
        if w > 3:
            die("%s: %s is beyond AT_HWCAP4" % (uapi, name))
        # KERNEL_HWCAP_X is __khwcapN_feature(X), the bit of HWCAPN_X
        # (arch/arm64/tools/gen-kernel-hwcaps.sh).
        if m.group(2) in names:
            words[w][bit] = names[m.group(2)]
        else:
            fallback(words[w], "aarch64 " + WORD_KEYS[w], bit,
                     m.group(2).lower().replace("_", ""),
                     "no name in hwcap_str")
    need(words[0], uapi)
    return words, [
        "aarch64: " + uapi + " for the bits, " + cpuinfo,
        "hwcap_str[] for the names (keyed by KERNEL_HWCAP_X, the bit of",
        "HWCAPn_X: arch/arm64/tools/gen-kernel-hwcaps.sh).",
    ]


def hw_positional(tree, words_src, where):
    """Tables whose string list names bit i at index i, up to the NULL
    that ends it (c_show loops while hwcap_str[j] is not NULL)."""
    out = []
    for uapi, pattern, src, array in words_src:
        text = tree.read(src)
        body = need(c_array(text, array), src + " " + array)
        bits = bit_defines(tree.read(uapi), pattern)
        bybit = {b: s for s, b in bits.items()}
        word = {}
        for i, s in enumerate(positional(body)):
            if s is None:
                break
            word[i] = s
        for b in sorted(bybit):
            if b not in word:
                fallback(word, where, b, bybit[b].lower(),
                         "no name in " + array + "[]")
        out.append(need(word, src))
    return out


def hw_arm(tree):
    uapi = "arch/arm/include/uapi/asm/hwcap.h"
    setup = "arch/arm/kernel/setup.c"
    w0, w1 = hw_positional(tree, [
        (uapi, r"HWCAP_(\w+)", setup, "hwcap_str"),
        (uapi, r"HWCAP2_(\w+)", setup, "hwcap2_str"),
    ], "arm")
    return [w0, w1], [
        "32-bit arm: " + uapi + " for the bits, " + setup,
        "hwcap_str[] and hwcap2_str[] for the names.  The arm64 kernel",
        "gives compat tasks the same bits.",
    ]


def hw_ppc(tree):
    src = "arch/powerpc/include/uapi/asm/cputable.h"
    words = [{}, {}]
    for name, value, _ in defines(tree.read(src)):
        m = re.fullmatch(r"PPC_FEATURE(2?)_\w+", name)
        bit = one_bit(evaluate(value))
        if not m or bit is None:
            continue
        w = 1 if m.group(1) else 0
        if name in PPC_GLIBC:
            words[w][bit] = PPC_GLIBC[name]
        else:
            fallback(words[w], "powerpc " + WORD_KEYS[w], bit,
                     re.sub(r"^PPC_FEATURE2?_(HAS_)?", "", name).lower(),
                     name + " has no glibc name in PPC_GLIBC")
    need(words[0], src)
    return words, [
        "powerpc: bits from " + src + " (PPC_FEATURE*).",
        "The kernel prints no names for them, so these are glibc's",
        "(sysdeps/powerpc/dl-procinfo.c _dl_powerpc_cap_flags, a hand",
        "table in src/gentables.py), which LD_SHOW_AUXV and",
        "__builtin_cpu_supports use.",
    ]


def hw_s390(tree):
    elf = "arch/s390/include/asm/elf.h"
    proc = "arch/s390/kernel/processor.c"
    nr = {m.group(1): int(m.group(2)) for m in re.finditer(
        r"\bHWCAP_NR_(\w+)\s*=\s*(\d+)", strip_comments(tree.read(elf)))}
    need(nr, elf + " HWCAP_NR_*")
    names = designated(need(c_array(tree.read(proc), "hwcap_str"),
                            proc + " hwcap_str"), r"HWCAP_NR_(\w+)")
    word = {}
    for suffix, bit in nr.items():
        if suffix == "MAX":
            continue
        if suffix in names:
            word[bit] = names[suffix]
        else:
            fallback(word, "s390", bit, suffix.lower(),
                     "no name in hwcap_str")
    return [word], [
        "s390: " + elf + " HWCAP_NR_* for the bits,",
        proc + " hwcap_str[] for the names.",
    ]


def hw_riscv(tree):
    uapi = "arch/riscv/include/uapi/asm/hwcap.h"
    bits = bit_defines(tree.read(uapi), r"COMPAT_HWCAP_ISA_(\w)")
    need(bits, uapi)
    for letter, bit in bits.items():
        if bit != ord(letter) - ord("A"):
            die("%s: COMPAT_HWCAP_ISA_%s is bit %d, not the letter's" %
                (uapi, letter, bit))
    word = {i: chr(ord("a") + i) for i in range(26)}
    return [word], [
        "riscv: bit N is the single-letter ISA extension 'a' + N, the",
        "convention of " + uapi,
        "(COMPAT_HWCAP_ISA_*, which defines " +
        "".join(sorted(bits)).lower() + "); the other letters are",
        "named by the same convention.",
    ]


def proc_flags(text):
    """{cpu_has_x: name} from `if (cpu_has_x) seq_puts(m, " name");`."""
    return {m.group(1): m.group(2) for m in re.finditer(
        r"if\s*\(\s*(cpu_has_\w+)\s*\)\s*seq_puts\s*\(\s*m\s*,\s*"
        r"\"\s*([^\"]*?)\s*\"\s*\)", text)}


def hw_loongarch(tree):
    uapi = "arch/loongarch/include/uapi/asm/hwcap.h"
    proc = "arch/loongarch/kernel/proc.c"
    flags = need(proc_flags(tree.read(proc)), proc + " Features")
    bits = bit_defines(tree.read(uapi), r"HWCAP_LOONGARCH_(\w+)")
    word = {}
    for suffix, bit in need(bits, uapi).items():
        key = "cpu_has_" + suffix.lower()
        if key in flags:
            word[bit] = flags[key]
        else:
            fallback(word, "loongarch", bit, suffix.lower(),
                     "proc.c prints no " + key)
    return [word], [
        "loongarch: " + uapi + " for the",
        "bits, the Features line of " + proc + " for the",
        "names (HWCAP_LOONGARCH_X is printed under cpu_has_x).",
    ]


def hw_mips(tree):
    uapi = "arch/mips/include/uapi/asm/hwcap.h"
    proc = "arch/mips/kernel/proc.c"
    flags = need(proc_flags(tree.read(proc)), proc + " ASEs")
    word = {}
    for name, value, _ in defines(tree.read(uapi)):
        m = re.fullmatch(r"HWCAP_(MIPS|LOONGSON)_(\w+)", name)
        bit = one_bit(evaluate(value))
        if not m or bit is None:
            continue
        low = m.group(2).lower()
        if m.group(1) == "MIPS":
            key, plain = "cpu_has_" + low, low
        else:
            key, plain = "cpu_has_loongson_" + low, "loongson-" + low
        if key in flags:
            word[bit] = flags[key]
        else:
            fallback(word, "mips", bit, plain, "proc.c prints no " + key)
    need(word, uapi)
    return [word], [
        "mips: " + uapi + " for the bits,",
        proc + " for the names.  proc.c prints no name of its own",
        "for R6 (only mips32r6/mips64r6), CRC32 or LOONGSON_CPUCFG, so",
        "those are the lower-case macro suffixes, the LOONGSON ones with",
        "the loongson- prefix that proc.c gives their siblings.",
    ]


def hw_sparc(tree):
    elf = "arch/sparc/include/asm/elf_64.h"
    setup = "arch/sparc/kernel/setup_64.c"
    text = tree.read(elf)
    bits = bit_defines(text, r"((?:HWCAP|AV)_SPARC_\w+)")
    bybit = {}
    for name, bit in bits.items():
        bybit.setdefault(bit, name)
    strings = positional(need(c_array(tree.read(setup), "hwcaps"),
                              setup + " hwcaps"))
    word = {}
    for i, s in enumerate(strings):
        if s is not None:
            word[i] = s
    for b in sorted(bybit):
        if b not in word:
            word[b] = re.sub(r"^(HWCAP|AV)_SPARC_", "", bybit[b]).lower()
    return [word], [
        "sparc: " + elf + " HWCAP_SPARC_* and AV_SPARC_*",
        "for the bits, " + setup + " hwcaps[] (indexed by",
        "bit, as cpucap_info prints them) for the names.  A bit whose",
        "hwcaps[] entry is NULL (HWCAP_SPARC_CRYPTO: cpucap_info lists the",
        "crypto units from %asr26 instead) is the lower-case macro",
        "suffix.  32-bit tasks on sparc64 get the same mask.",
    ]


def hw_sh(tree):
    uapi = "arch/sh/include/uapi/asm/cpu-features.h"
    proc = "arch/sh/kernel/cpu/proc.c"
    bits = bit_defines(tree.read(uapi), r"CPU_HAS_(\w+)")
    strings = positional(need(c_array(tree.read(proc), "cpu_flags"),
                              proc + " cpu_flags"))
    # Entry 0 is "none"; entry i + 1 names bit i, up to the first NULL.
    word = {}
    for i, s in enumerate(strings[1:]):
        if s is None:
            break
        word[i] = s
    for suffix, bit in sorted(need(bits, uapi).items(), key=lambda x: x[1]):
        if bit not in word:
            fallback(word, "sh", bit, suffix.lower(),
                     "no name in cpu_flags[]")
    return [word], [
        "sh: " + uapi + " CPU_HAS_* for the",
        "bits, " + proc + " cpu_flags[] for the names (its",
        "entry i + 1 names bit i); a bit past its names is the lower-case",
        "macro suffix.",
    ]


# Table name (HWT_<NAME>), the function that reads it.  The order is the
# enum's.
HW_ARCHES = [
    ("X86", hw_x86),
    ("AARCH64", hw_aarch64),
    ("ARM", hw_arm),
    ("PPC", hw_ppc),
    ("S390", hw_s390),
    ("RISCV", hw_riscv),
    ("LOONGARCH", hw_loongarch),
    ("MIPS", hw_mips),
    ("SPARC", hw_sparc),
    ("SH", hw_sh),
]


LABELS = {"X86": "x86", "AARCH64": "aarch64", "ARM": "32-bit arm",
          "PPC": "powerpc", "S390": "s390", "RISCV": "riscv",
          "LOONGARCH": "loongarch", "MIPS": "mips", "SPARC": "sparc",
          "SH": "sh"}


def tables_linux(version):
    m = re.match(r"(\d+)\.(\d+)", version)
    if not m:
        die("version %r: not MAJOR.MINOR" % version)
    return int(m.group(1)) * 1000 + min(int(m.group(2)), 999)


def write_hwcap(tree, version, out):
    tables = []  # (enum name, arch, word, {bit: name}, note or None)
    per_arch = []
    for arch, fn in HW_ARCHES:
        words, note = fn(tree)
        ids = []
        for w, word in enumerate(words):
            if not word:
                continue
            for bit, name in word.items():
                if not 0 <= bit < 64:
                    die("%s %s bit %d" % (arch, WORD_KEYS[w], bit))
                if not re.fullmatch(r"[\x21-\x7e]+", name):
                    die("%s %s bit %d: name %r" % (arch, WORD_KEYS[w],
                                                   bit, name))
            while len(ids) < w:
                ids.append("HWT_NONE")
            enum = WORD_PREFIX[w] + arch
            ids.append(enum)
            tables.append((enum, arch, w, word, note if w == 0 else None))
        per_arch.append((arch, ids))
    longest = max(len(n) for t in tables for n in t[3].values())

    head = [
        "/*",
        " * Generated by src/gentables.py from Linux %s: do not edit by" %
        version,
        " * hand.",
        " */",
    ]
    h = head + [
        "/*",
        " * HWCAP bit names: one table of HWCAP_BITS names per architecture and",
        " * word, indexed by bit number; an unnamed bit is the empty string.  The",
        " * names are stored inline, not pointed to, so that the table needs no",
        " * relocation when the program starts.",
        " */",
        "#ifndef AUXV_HWCAP_H",
        "#define AUXV_HWCAP_H",
        "",
        "#define HWCAP_BITS 64",
        "/* The kernel these tables are of: major * 1000 + minor. */",
        "#define TABLES_LINUX %d" % tables_linux(version),
        "/* The longest name and its NUL. */",
        "#define HWCAP_NAME_LEN %d" % (longest + 1),
        "",
        "/* Which table; an architecture's unused words are HWT_NONE. */",
        "enum hwcap_table {",
        "\tHWT_NONE,",
    ]
    h += ["\t%s," % t[0] for t in tables]
    h += ["\tHWT_COUNT", "};", ""]
    h += [
        "/*",
        " * Each architecture's tables for AT_HWCAP..AT_HWCAP4, for the",
        " * hwcap member of struct arch.",
        " */",
        "/* clang-format off */",
    ]
    for arch, ids in per_arch:
        body = ", ".join(ids)
        line = "#define HWCAPS_%s { %s }" % (arch, body)
        if len(line) > 80:
            die("%s: more tables than a line holds" % line)
        h.append(line)
    h += [
        "/* clang-format on */",
        "",
        "extern const char hwcap_names[HWT_COUNT][HWCAP_BITS][HWCAP_NAME_LEN];",
        "",
        "#endif",
    ]
    write(out, "hwcap.h", h)

    c = head + [
        "/*",
        " * HWCAP bit names, spelled as /proc/cpuinfo spells them (powerpc, whose",
        " * kernel prints none, as glibc does).  Each table is keyed by bit number.",
        " */",
        '#include "hwcap.h"',
        "",
        "/*",
        " * A name of HWCAP_NAME_LEN characters would fill its slot with no room",
        " * for the NUL, which C allows silently; gcc's -Wc++-compat reports it.",
        " */",
        "#pragma GCC diagnostic push",
        '#pragma GCC diagnostic error "-Wc++-compat"',
        "",
        "/*",
        " * HWT_NONE is left all empty: an architecture without names for a word",
        " * shows its set bits as unknown, with no special case.",
        " */",
        "/* clang-format off */",
        "const char hwcap_names[HWT_COUNT][HWCAP_BITS][HWCAP_NAME_LEN] = {",
    ]
    first = True
    for enum, arch, w, word, note in tables:
        if not first:
            c.append("")
        first = False
        if note:
            c.append("\t/*")
            c += ["\t * " + n for n in textwrap.wrap(" ".join(note), 69,
                                                     break_on_hyphens=False,
                                                     break_long_words=False)]
            c.append("\t */")
        else:
            c.append("\t/* %s %s: the same sources. */" %
                     (LABELS[arch], WORD_KEYS[w]))
        c.append("\t[%s] = {" % enum)
        for bit in sorted(word):
            c.append('\t\t[%d] = "%s",' % (bit, word[bit]))
        c.append("\t},")
    c += ["};", "/* clang-format on */", "", "#pragma GCC diagnostic pop"]
    write(out, "hwcap.c", c)


# ---------------------------------------------------------------------
# The completion's lists.

def arch_names(src):
    with open(os.path.join(src, "arch.c"), encoding="utf-8") as f:
        text = f.read()
    body = need(c_array(text, "arches"), "src/arch.c arches[]")
    names = []
    # A row's name opens its first line; its AT_PLATFORM names, also
    # quoted after a brace, are on a line of their own, indented further.
    for m in re.finditer(r"^\t\{\s*\"([^\"]+)\"", body, re.M):
        if m.group(1) not in names:
            names.append(m.group(1))
    return need(names, "src/arch.c arches[]")


def format_names(src):
    """The -o names, in the order of print.c's printers[]."""
    with open(os.path.join(src, "print.c"), encoding="utf-8") as f:
        body = need(c_array(f.read(), "printers"), "src/print.c printers[]")
    names = []
    for var in re.findall(r"&pr_(\w+)", body):
        with open(os.path.join(src, "print_%s.c" % var), encoding="utf-8") as f:
            m = re.search(r"struct printer pr_%s = \{\s*\"([^\"]+)\"" % var,
                          f.read())
        names.append(need(m, "src/print_%s.c pr_%s" % (var, var)).group(1))
    return need(names, "src/print.c printers[]")


def rewrite(path, pats):
    """Replace the word list each (pattern, words) pair finds once."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for pat, words in pats:
        text, n = re.subn(pat, lambda m: m.group(1) + " ".join(words) +
                          m.group(2), text)
        if n != 1:
            die("%s: no %s to rewrite" % (path, pat))
    PENDING[path] = text


def write_completion(out, keys, arches, formats):
    """The lists of each completion: in bash, _auxv's locals (which it
    offers in any case and with AT_ or without, as auxv takes keys); in
    zsh, the arrays of the file's top."""
    lists = (("formats", formats), ("arches", arches), ("keys", keys))
    rewrite(os.path.join(out, "auxv.bash"),
            [(r"(?m)(^\tlocal %s=')[^'\n]*(')" % var, words)
             for var, words in lists])
    rewrite(os.path.join(out, "auxv.zsh"),
            [(r"(?m)(^%s=\()[^)\n]*(\)$)" % var, words)
             for var, words in lists])


# What is to be written, by path: written only once every file was read,
# so that a tree that lacks one leaves the tables as they were.
PENDING = {}


def write(out, name, lines):
    PENDING[os.path.join(out, name)] = "\n".join(lines) + "\n"


def flush():
    for path, text in PENDING.items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def main(argv):
    if len(argv) != 2 or argv[1].startswith("-"):
        print("usage: src/gentables.py LINUX_TREE", file=sys.stderr)
        return 2
    tree = Tree(argv[1])
    if not os.path.isfile(tree.path("include/uapi/linux/auxvec.h")):
        die("%s: not a Linux source tree" % argv[1])
    version = tree.version()
    names = write_at_def(tree, version, HERE)
    write_hwcap(tree, version, HERE)
    write_completion(HERE, ["AT_" + n for n in names if n != "NULL"],
                     arch_names(HERE), format_names(HERE))
    flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
