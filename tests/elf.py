"""The ELF structures' field layouts, and the tests' one reader of ELF.

Each layout is the ELF gABI's (and Linux's elf.h's) structure as its
fields in order, "name:code" with a python struct code, W the class's
word (Q in ELFCLASS64, I in ELFCLASS32).  mkfixture.py writes ELF through
them (Layout.pack); the tests read and patch ELF through them (File), by
field name, never by a bare offset.  python3 struct alone: nothing here
is auxv's, so what it reads is an oracle for what auxv prints.

    f = elf.read(path)              # or elf.File(bytes or bytearray)
    f.ws, f.e                       # 8 or 4; "<" or ">"
    f.h.machine, f.h.entry, f.h.phoff, f.h.phnum, f.h.shoff ...
    for p in f.phdrs(): p.type, p.flags, p.offset, p.vaddr, p.filesz ...
    for n in f.notes(p): n.offset, n.type, n.name, n.desc
    f.where("phdr", 1, "offset")    # the file offset of that field
    f.packfield("phdr", "offset", v)  # its bytes, for a patch elsewhere
    f.set("phdr", 1, "offset", v)   # patched in f.data (elf.read(path,
                                    # writable=True): a bytearray)

Imported by mkfixture.py and the python snippets in tests/*.bats
(common.bash puts this folder on PYTHONPATH).
"""
import collections
import struct

LAYOUTS = {
    "ehdr": """ident:16s type:H machine:H version:I entry:W phoff:W
        shoff:W flags:I ehsize:H phentsize:H phnum:H shentsize:H shnum:H
        shstrndx:H""",
    # Elf64_Phdr puts p_flags second, Elf32_Phdr next to last.
    "phdr64": """type:I flags:I offset:W vaddr:W paddr:W filesz:W memsz:W
        align:W""",
    "phdr32": """type:I offset:W vaddr:W paddr:W filesz:W memsz:W flags:I
        align:W""",
    "shdr": """name:I type:I flags:W addr:W offset:W size:W link:I info:I
        addralign:W entsize:W""",
    "nhdr": "namesz:I descsz:I type:I",
    "dyn": "tag:W val:W",
    "sym64": "name:I info:B other:B shndx:H value:W size:W",
    "sym32": "name:I value:W size:W info:B other:B shndx:H",
    "verdef": "version:H flags:H ndx:H cnt:H hash:I aux:I next:I",
    "verdaux": "name:I next:I",
    # Elf64_auxv_t / Elf32_auxv_t: one entry of the auxiliary vector.
    "auxv": "type:W val:W",
}
# The structures whose layout differs between the classes.
BY_CLASS = ("phdr", "sym")

PT_LOAD, PT_DYNAMIC, PT_INTERP, PT_NOTE, PT_PHDR = 1, 2, 3, 4, 6
PN_XNUM = 0xffff
# e_ident's bytes: EI_CLASS 1 or 2 (the word size), EI_DATA 1 or 2.
EI_CLASS, EI_DATA = 4, 5
ELFCLASS = {1: 4, 2: 8}
ELFDATA = {1: "little", 2: "big"}


def _fields(text):
    return [tuple(f.split(":")) for f in text.split()]


class Layout:
    """The structures of one class (ws 4 or 8) and byte order."""

    def __init__(self, ws, endian):
        self.ws, self.be = ws, endian in ("big", ">")
        self.e = ">" if self.be else "<"
        self.W = "Q" if ws == 8 else "I"
        self._cache = {}
        self.ehsz, self.phsz, self.shsz = (self.size(s) for s in
                                           ("ehdr", "phdr", "shdr"))

    def _get(self, name):
        if name not in self._cache:
            key = name + str(8 * self.ws) if name in BY_CLASS else name
            fields = _fields(LAYOUTS[key])
            codes = [c.replace("W", self.W) for _, c in fields]
            names = [n for n, _ in fields]
            offs = {n: struct.calcsize(self.e + "".join(codes[:i]))
                    for i, n in enumerate(names)}
            self._cache[name] = (struct.Struct(self.e + "".join(codes)),
                                 collections.namedtuple(name, names),
                                 dict(zip(names, codes)), offs)
        return self._cache[name]

    def size(self, name):
        return self._get(name)[0].size

    def offset(self, name, field):
        """Where field is in structure name."""
        return self._get(name)[3][field]

    def pack(self, what, /, **fields):
        """Structure what with the fields given; the others 0."""
        s, _, codes, _ = self._get(what)
        unknown = set(fields) - set(codes)
        if unknown:
            raise KeyError(f"{what} has no field {sorted(unknown)}")
        return s.pack(*(fields.get(n, b"" if c.endswith("s") else 0)
                        for n, c in codes.items()))

    def packfield(self, name, field, value):
        """The bytes of one field of structure name."""
        return struct.pack(self.e + self._get(name)[2][field], value)

    def unpack(self, name, data, off=0):
        s, tup, _, _ = self._get(name)
        return tup._make(s.unpack_from(data, off))

    def p(self, fmt, *v):
        return struct.pack(self.e + fmt, *v)


class File(Layout):
    """An ELF file's bytes, read by the class and byte order of its
    e_ident; data a bytearray for set()."""

    def __init__(self, data):
        if data[:4] != b"\x7fELF":
            raise ValueError("not ELF: %r" % bytes(data[:4]))
        super().__init__(ELFCLASS[data[EI_CLASS]], ELFDATA[data[EI_DATA]])
        self.data = data
        self.h = self.unpack("ehdr", data)

    def at(self, name, i=0):
        """The file offset of the i-th ELF header, program header or
        section header, by e_phoff and e_phentsize, e_shoff and
        e_shentsize."""
        if name == "ehdr":
            return 0
        if name == "phdr":
            return self.h.phoff + i * self.h.phentsize
        if name == "shdr":
            return self.h.shoff + i * self.h.shentsize
        raise KeyError(name)

    def where(self, name, i, field):
        return self.at(name, i) + self.offset(name, field)

    def set(self, name, i, field, value):
        struct.pack_into(self.e + self._get(name)[2][field], self.data,
                         self.where(name, i, field), value)

    def phnum(self):
        """e_phnum, or section header 0's sh_info where it is PN_XNUM."""
        if self.h.phnum == PN_XNUM and self.h.shoff:
            return self.unpack("shdr", self.data, self.at("shdr")).info
        return self.h.phnum

    def phdrs(self):
        return [self.unpack("phdr", self.data, self.at("phdr", i))
                for i in range(self.phnum())]

    def shdrs(self):
        return [self.unpack("shdr", self.data, self.at("shdr", i))
                for i in range(self.h.shnum)]

    def notes(self, ph):
        """The notes of a PT_NOTE as the kernel walks them: a header of
        three words, name and desc each padded to 4 bytes; offset is the
        note's in the file."""
        Note = collections.namedtuple("Note", "offset type name desc")
        hsz, pos = self.size("nhdr"), 0
        while pos + hsz <= ph.filesz:
            n = self.unpack("nhdr", self.data, ph.offset + pos)
            name = ph.offset + pos + hsz
            desc = name + (n.namesz + 3) // 4 * 4
            yield Note(ph.offset + pos, n.type,
                       bytes(self.data[name:name + n.namesz]),
                       bytes(self.data[desc:desc + n.descsz]))
            pos += hsz + (n.namesz + 3) // 4 * 4 + (n.descsz + 3) // 4 * 4


def read(path, writable=False):
    with open(path, "rb") as fh:
        data = fh.read()
    return File(bytearray(data) if writable else data)
