/*
 * mkfixture: writes synthetic auxiliary vectors and ELF core dumps to
 * standard output, well-formed or broken on purpose, for tests/file.bats.
 * Built by meson, never installed.  Every value it writes is one the test
 * chose on the command line or a fixed one documented below, so that the
 * test can state what auxv must print without asking auxv.
 *
 *	mkfixture raw [-w 4|8] [-e little|big] [-n COUNT] [-N] [-O]
 *	    [TYPE=VALUE ...]
 *		TYPE=VALUE pairs in order, then COUNT filler pairs
 *		(type 100 + i % 50, value i), then AT_NULL unless -N; -O adds
 *		one stray byte.
 *
 *	mkfixture core [-c 32|64] [-e little|big] [-m MACHINE] [-t E_TYPE]
 *	    [-p PAGESZ] [-H HWCAP] [-x EXECFN] [-P PLATFORM] [-r HEX32]
 *	    [-a VADDR] [-S SEGSIZE] [-b VARIANT]
 *		A core: PT_NOTE with NT_PRSTATUS ("CORE"), a "LINUX" note
 *		and NT_AUXV ("CORE"); one PT_LOAD of SEGSIZE (default 4096,
 *		page-aligned; else packed) file bytes, twice that in memory,
 *		at VADDR holding AT_RANDOM's 16 bytes at VADDR+0x100,
 *		AT_PLATFORM's string at VADDR+0x200 and AT_EXECFN's at the top
 *		of the segment, as the kernel puts it.  The vector is
 *		AT_HWCAP, AT_PAGESZ, AT_CLKTCK=100, AT_UID=1000, AT_RANDOM,
 *		AT_EXECFN, AT_PLATFORM, AT_NULL.
 *
 * Variants (-b): not-core, no-auxv, no-null, huge-descsz, huge-namesz,
 * desc-overlap, overlap, phoff-past-end, note-past-end, load-past-end,
 * big-auxv, many-notes, xnum, xnum-huge, phentsize, bad-class, unmapped,
 * split, cutstr, note-at-end, max-auxv.  See variant() below.  big-auxv
 * has 4097 filler pairs (type 100 + i % 50, value i) after the seven above,
 * max-auxv 4089: 4096 entries and AT_NULL, auxv's limit exactly.
 */
#include <err.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PT_LOAD 1
#define PT_NOTE 4
#define NT_AUXV 6
#define PN_XNUM 0xffff
#define PAGE    4096

enum variant {
	V_NONE,
	V_NOT_CORE,
	V_NO_AUXV,
	V_NO_NULL,
	V_HUGE_DESCSZ,
	V_HUGE_NAMESZ,
	V_DESC_OVERLAP,
	V_OVERLAP,
	V_PHOFF_PAST_END,
	V_NOTE_PAST_END,
	V_LOAD_PAST_END,
	V_BIG_AUXV,
	V_MANY_NOTES,
	V_XNUM,
	V_XNUM_HUGE,
	V_PHENTSIZE,
	V_BAD_CLASS,
	V_UNMAPPED,
	V_SPLIT,
	V_CUTSTR,
	V_NOTE_AT_END,
	V_MAX_AUXV,
};

static const char *const variants[] = {
	[V_NONE] = "none",
	[V_NOT_CORE] = "not-core",
	[V_NO_AUXV] = "no-auxv",
	[V_NO_NULL] = "no-null",
	[V_HUGE_DESCSZ] = "huge-descsz",
	[V_HUGE_NAMESZ] = "huge-namesz",
	[V_DESC_OVERLAP] = "desc-overlap",
	[V_OVERLAP] = "overlap",
	[V_PHOFF_PAST_END] = "phoff-past-end",
	[V_NOTE_PAST_END] = "note-past-end",
	[V_LOAD_PAST_END] = "load-past-end",
	[V_BIG_AUXV] = "big-auxv",
	[V_MANY_NOTES] = "many-notes",
	[V_XNUM] = "xnum",
	[V_XNUM_HUGE] = "xnum-huge",
	[V_PHENTSIZE] = "phentsize",
	[V_BAD_CLASS] = "bad-class",
	[V_UNMAPPED] = "unmapped",
	[V_SPLIT] = "split",
	[V_CUTSTR] = "cutstr",
	[V_NOTE_AT_END] = "note-at-end",
	[V_MAX_AUXV] = "max-auxv",
};

struct buf {
	unsigned char *p;
	size_t len;
	size_t cap;
};

struct cfg {
	unsigned int ws; /* 4 or 8 */
	int be;
	unsigned int machine;
	unsigned int etype;
	uint64_t pagesz;
	uint64_t segsize; /* the PT_LOAD's file bytes */
	uint64_t hwcap;
	uint64_t vaddr;
	const char *execfn;
	const char *platform;
	unsigned char random[16];
	enum variant v;
};

static void
grow(struct buf *b, size_t len)
{
	size_t cap = b->cap ? b->cap : 4096;
	unsigned char *p;

	if (len <= b->cap)
		return;
	while (cap < len)
		cap *= 2;
	if ((p = realloc(b->p, cap)) == NULL)
		err(1, NULL);
	memset(p + b->cap, 0, cap - b->cap);
	b->p = p;
	b->cap = cap;
}

/* Stores size bytes of v at off, growing the buffer as needed. */
static void
put(struct buf *b, size_t off, uint64_t v, unsigned int size, int be)
{
	unsigned int i;

	grow(b, off + size);
	for (i = 0; i < size; i++)
		b->p[off + (be ? size - 1 - i : i)] =
		    (unsigned char)(v >> 8 * i);
	if (off + size > b->len)
		b->len = off + size;
}

static void
append(struct buf *b, uint64_t v, unsigned int size, int be)
{
	put(b, b->len, v, size, be);
}

static void
append_bytes(struct buf *b, const void *p, size_t len)
{
	grow(b, b->len + len);
	memcpy(b->p + b->len, p, len);
	b->len += len;
}

static void
align4(struct buf *b)
{
	while (b->len % 4 != 0)
		append(b, 0, 1, 0);
}

static void
note(struct buf *b, const char *name, uint32_t type, const struct buf *desc,
    int be)
{
	size_t namesz = strlen(name) + 1;

	append(b, namesz, 4, be);
	append(b, desc->len, 4, be);
	append(b, type, 4, be);
	append_bytes(b, name, namesz);
	align4(b);
	append_bytes(b, desc->p, desc->len);
	align4(b);
}

static uint64_t
number(const char *s)
{
	char *end;
	unsigned long long v;

	v = strtoull(s, &end, 0);
	if (*s == '\0' || *end != '\0')
		errx(2, "%s: not a number", s);
	return v;
}

static int
endian(const char *s)
{
	if (strcmp(s, "little") == 0)
		return 0;
	if (strcmp(s, "big") == 0)
		return 1;
	errx(2, "%s: little or big", s);
}

static void
output(const struct buf *b)
{
	if (fwrite(b->p, 1, b->len, stdout) != b->len || fflush(stdout) != 0)
		err(1, "stdout");
}

static int
raw(int argc, char *argv[])
{
	struct buf b = { 0 };
	unsigned int ws = 8;
	uint64_t count = 0, i;
	int ch, be = 0, nonull = 0, odd = 0;
	char *eq;

	while ((ch = getopt(argc, argv, "e:n:NOw:")) != -1) {
		switch (ch) {
		case 'e':
			be = endian(optarg);
			break;
		case 'n':
			count = number(optarg);
			break;
		case 'N':
			nonull = 1;
			break;
		case 'O':
			odd = 1;
			break;
		case 'w':
			ws = (unsigned int)number(optarg);
			if (ws != 4 && ws != 8)
				errx(2, "word size is 4 or 8");
			break;
		default:
			return 2;
		}
	}
	for (; optind < argc; optind++) {
		if ((eq = strchr(argv[optind], '=')) == NULL)
			errx(2, "%s: not TYPE=VALUE", argv[optind]);
		*eq = '\0';
		append(&b, number(argv[optind]), ws, be);
		append(&b, number(eq + 1), ws, be);
	}
	for (i = 0; i < count; i++) {
		append(&b, 100 + i % 50, ws, be);
		append(&b, i, ws, be);
	}
	if (!nonull) {
		append(&b, 0, ws, be);
		append(&b, 0, ws, be);
	}
	if (odd)
		append(&b, 0x5a, 1, be);
	output(&b);
	free(b.p);
	return 0;
}

/* The NT_AUXV descriptor. */
static void
auxv_desc(const struct cfg *c, struct buf *d, uint64_t random_at,
    uint64_t execfn_at, uint64_t platform_at)
{
	const uint64_t ent[][2] = {
		{ 16, c->hwcap },    /* AT_HWCAP */
		{ 6, c->pagesz },    /* AT_PAGESZ */
		{ 17, 100 },         /* AT_CLKTCK */
		{ 11, 1000 },        /* AT_UID */
		{ 25, random_at },   /* AT_RANDOM */
		{ 31, execfn_at },   /* AT_EXECFN */
		{ 15, platform_at }, /* AT_PLATFORM */
	};
	size_t i, fill = 0;

	for (i = 0; i < sizeof(ent) / sizeof(ent[0]); i++) {
		append(d, ent[i][0], c->ws, c->be);
		append(d, ent[i][1], c->ws, c->be);
	}
	if (c->v == V_BIG_AUXV)
		fill = 4097;
	else if (c->v == V_MAX_AUXV)
		fill = 4096 - sizeof(ent) / sizeof(ent[0]);
	for (i = 0; i < fill; i++) {
		append(d, 100 + i % 50, c->ws, c->be);
		append(d, i, c->ws, c->be);
	}
	if (c->v != V_NO_NULL) {
		append(d, 0, c->ws, c->be);
		append(d, 0, c->ws, c->be);
	}
}

/* A program header, in the class's layout. */
static void
phdr(const struct cfg *c, struct buf *b, uint32_t type, uint64_t offset,
    uint64_t vaddr, uint64_t filesz, uint64_t memsz)
{
	unsigned int w = c->ws;

	append(b, type, 4, c->be);
	if (w == 8)
		append(b, type == PT_LOAD ? 6 : 4, 4, c->be); /* p_flags */
	append(b, offset, w, c->be);
	append(b, vaddr, w, c->be);
	append(b, 0, w, c->be); /* p_paddr */
	append(b, filesz, w, c->be);
	append(b, memsz, w, c->be);
	if (w == 4)
		append(b, type == PT_LOAD ? 6 : 4, 4, c->be); /* p_flags */
	append(b, type == PT_LOAD ? PAGE : 4, w, c->be);      /* p_align */
}

static int
core(const struct cfg *c)
{
	struct buf out = { 0 }, notes = { 0 }, desc = { 0 }, seg = { 0 };
	struct buf ph = { 0 };
	unsigned int w = c->ws, ehsize = w == 8 ? 64 : 52;
	unsigned int phentsize = w == 8 ? 56 : 32, shentsize = w == 8 ? 64 : 40;
	uint64_t random_at, execfn_at, platform_at, segoff, notesoff, phoff;
	uint64_t nphdr, shoff = 0, i, align;
	size_t execlen = strlen(c->execfn), first_note;

	/* The segment's bytes: random, platform, execfn at the top. */
	grow(&seg, c->segsize);
	seg.len = c->segsize;
	memcpy(seg.p + 0x100, c->random, sizeof(c->random));
	memcpy(seg.p + 0x200, c->platform, strlen(c->platform) + 1);
	random_at = c->vaddr + 0x100;
	platform_at = c->vaddr + 0x200;
	if (execlen + 1 > c->segsize - 0x300)
		errx(2, "execfn too long");
	execfn_at = c->vaddr + c->segsize - execlen - 1;
	if (c->v == V_SPLIT)
		execfn_at = c->vaddr + c->segsize / 2 - 5;
	if (c->v == V_CUTSTR)
		execfn_at = c->vaddr + c->segsize - execlen;
	memcpy(seg.p + (execfn_at - c->vaddr), c->execfn,
	    c->v == V_CUTSTR ? execlen : execlen + 1);
	if (c->v == V_UNMAPPED) {
		platform_at = c->vaddr + c->segsize + 0x200; /* past p_filesz */
		random_at = 0x10;                            /* in no segment */
	}

	auxv_desc(c, &desc, random_at, execfn_at, platform_at);

	/* The notes: NT_PRSTATUS, a "LINUX" note, NT_AUXV. */
	{
		struct buf pr = { 0 }, linux_desc = { 0 };

		for (i = 0; i < 8; i++)
			append(&pr, 0, 1, c->be);
		append(&linux_desc, 0x11223344, 4, c->be);
		if (c->v == V_MANY_NOTES) {
			/* 1 MiB of 64 KiB notes with nothing in them. */
			for (i = 0; i < 16; i++) {
				append(&notes, 0, 4, c->be);
				append(&notes, 65536 - 12, 4, c->be);
				append(&notes, 0, 4, c->be);
				grow(&notes, notes.len + 65536 - 12);
				notes.len += 65536 - 12;
			}
		} else {
			/*
			 * note-at-end: a PT_NOTE of its own holding one empty
			 * note, whose header ends where the segment ends.
			 */
			if (c->v == V_NOTE_AT_END)
				for (i = 0; i < 3; i++)
					append(&notes, 0, 4, c->be);
			note(&notes, "CORE", 1, &pr, c->be);
			note(&notes, "LINUX", 0x200, &linux_desc, c->be);
			if (c->v != V_NO_AUXV)
				note(&notes, "CORE", NT_AUXV, &desc, c->be);
		}
		free(pr.p);
		free(linux_desc.p);
	}
	first_note = c->v == V_NOTE_AT_END ? 12 : 0;
	if (c->v == V_HUGE_DESCSZ)
		put(&notes, first_note + 4, 0xfffffff0, 4, c->be);
	if (c->v == V_HUGE_NAMESZ)
		put(&notes, first_note, 0xffffffff, 4, c->be);
	if (c->v == V_DESC_OVERLAP) /* NT_PRSTATUS covers the other two. */
		put(&notes, first_note + 4, notes.len - 12 - 8, 4, c->be);

	/* Program headers: PT_NOTE(s), then PT_LOAD(s). */
	nphdr = 2;
	if (c->v == V_OVERLAP)
		nphdr = 3;
	if (c->v == V_MANY_NOTES)
		nphdr = 101;
	if (c->v == V_SPLIT || c->v == V_NOTE_AT_END)
		nphdr = 3;
	phoff = ehsize;
	notesoff = phoff + nphdr * phentsize;
	if (c->v == V_XNUM || c->v == V_XNUM_HUGE) {
		shoff = notesoff;
		notesoff += shentsize;
	}
	/* At a page, as the kernel puts it; a small segment packs tight. */
	align = c->segsize == PAGE ? PAGE : 16;
	segoff = (notesoff + notes.len + align - 1) / align * align;

	if (c->v == V_OVERLAP) /* Misaligned, inside the real notes. */
		phdr(c, &ph, PT_NOTE, notesoff + 4, 0, notes.len - 4, 0);
	if (c->v == V_NOTE_AT_END) {
		phdr(c, &ph, PT_NOTE, notesoff, 0, 12, 0);
		phdr(c, &ph, PT_NOTE, notesoff + 12, 0, notes.len - 12, 0);
	} else if (c->v == V_MANY_NOTES)
		for (i = 0; i < 100; i++)
			phdr(c, &ph, PT_NOTE, notesoff, 0, notes.len, 0);
	else
		phdr(c, &ph, PT_NOTE,
		    c->v == V_NOTE_PAST_END ? segoff + c->segsize + 1000
		                            : notesoff,
		    0, notes.len, 0);
	if (c->v == V_SPLIT) {
		/* Two halves, the upper one first in the file. */
		phdr(c, &ph, PT_LOAD, segoff + c->segsize / 2, c->vaddr,
		    c->segsize / 2, c->segsize / 2);
		phdr(c, &ph, PT_LOAD, segoff, c->vaddr + c->segsize / 2,
		    c->segsize / 2, c->segsize / 2);
	} else
		phdr(c, &ph, PT_LOAD,
		    c->v == V_LOAD_PAST_END ? (uint64_t)1 << 40 : segoff,
		    c->vaddr, c->segsize, 2 * c->segsize);

	/* The ELF header. */
	append_bytes(&out, "\177ELF", 4);
	append(&out, c->v == V_BAD_CLASS ? 3 : w == 8 ? 2 : 1, 1, 0);
	append(&out, c->be ? 2 : 1, 1, 0);
	append(&out, 1, 1, 0); /* EI_VERSION */
	while (out.len < 16)
		append(&out, 0, 1, 0);
	append(&out, c->v == V_NOT_CORE ? 2 : c->etype, 2, c->be);
	append(&out, c->machine, 2, c->be);
	append(&out, 1, 4, c->be); /* e_version */
	append(&out, 0, w, c->be); /* e_entry */
	if (c->v == V_PHOFF_PAST_END)
		append(
		    &out, w == 8 ? 0xfffffffffffffff0 : 0xfffffff0, w, c->be);
	else
		append(&out, phoff, w, c->be);
	append(&out, shoff, w, c->be);
	append(&out, 0, 4, c->be); /* e_flags */
	append(&out, ehsize, 2, c->be);
	append(&out, c->v == V_PHENTSIZE ? phentsize + 1 : phentsize, 2, c->be);
	append(&out, c->v == V_XNUM || c->v == V_XNUM_HUGE ? PN_XNUM : nphdr, 2,
	    c->be);
	append(&out, shentsize, 2, c->be);
	append(&out, shoff != 0 ? 1 : 0, 2, c->be); /* e_shnum */
	append(&out, 0, 2, c->be);                  /* e_shstrndx */
	if (out.len != ehsize)
		errx(1, "internal error: ELF header of %zu bytes", out.len);

	append_bytes(&out, ph.p, ph.len);
	if (shoff != 0) {
		/* Section header 0: sh_info holds the real e_phnum. */
		size_t at = out.len + (w == 8 ? 44 : 28);

		grow(&out, out.len + shentsize);
		out.len += shentsize;
		put(&out, at, c->v == V_XNUM_HUGE ? 100000 : nphdr, 4, c->be);
	}
	append_bytes(&out, notes.p, notes.len);
	grow(&out, segoff);
	out.len = segoff;
	if (c->v == V_SPLIT) {
		append_bytes(&out, seg.p + c->segsize / 2, c->segsize / 2);
		append_bytes(&out, seg.p, c->segsize / 2);
	} else
		append_bytes(&out, seg.p, seg.len);
	output(&out);
	free(out.p);
	free(notes.p);
	free(desc.p);
	free(seg.p);
	free(ph.p);
	return 0;
}

static void
hex16(const char *s, unsigned char *out)
{
	unsigned int i, x;

	if (strlen(s) != 32)
		errx(2, "%s: 32 hex digits", s);
	for (i = 0; i < 16; i++) {
		if (sscanf(s + 2 * i, "%2x", &x) != 1)
			errx(2, "%s: not hex", s);
		out[i] = (unsigned char)x;
	}
}

static int
core_main(int argc, char *argv[])
{
	struct cfg c = {
		.ws = 8,
		.machine = 62,
		.etype = 4,
		.pagesz = 4096,
		.segsize = PAGE,
		.hwcap = 1,
		.execfn = "/usr/bin/fixture",
		.platform = "fixture",
		.random = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
		    0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff },
	};
	int ch, vaddr_set = 0;
	size_t i;

	while ((ch = getopt(argc, argv, "a:b:c:e:H:m:p:P:r:S:t:x:")) != -1) {
		switch (ch) {
		case 'a':
			c.vaddr = number(optarg);
			vaddr_set = 1;
			break;
		case 'b':
			for (i = 0; i < sizeof(variants) / sizeof(variants[0]);
			     i++)
				if (strcmp(variants[i], optarg) == 0)
					break;
			if (i == sizeof(variants) / sizeof(variants[0]))
				errx(2, "%s: unknown variant", optarg);
			c.v = (enum variant)i;
			break;
		case 'c':
			if (strcmp(optarg, "32") == 0)
				c.ws = 4;
			else if (strcmp(optarg, "64") == 0)
				c.ws = 8;
			else
				errx(2, "%s: class is 32 or 64", optarg);
			break;
		case 'e':
			c.be = endian(optarg);
			break;
		case 'H':
			c.hwcap = number(optarg);
			break;
		case 'm':
			c.machine = (unsigned int)number(optarg);
			break;
		case 'p':
			c.pagesz = number(optarg);
			break;
		case 'P':
			c.platform = optarg;
			break;
		case 'r':
			hex16(optarg, c.random);
			break;
		case 'S':
			c.segsize = number(optarg);
			if (c.segsize < 0x400 || c.segsize > PAGE)
				errx(2, "segment size is 1024 to 4096");
			break;
		case 't':
			c.etype = (unsigned int)number(optarg);
			break;
		case 'x':
			c.execfn = optarg;
			break;
		default:
			return 2;
		}
	}
	if (strlen(c.platform) + 1 > 0x100)
		errx(2, "platform too long");
	if (c.v == V_SPLIT && c.segsize != PAGE)
		errx(2, "split takes a segment of 4096 bytes");
	if (!vaddr_set)
		c.vaddr = c.ws == 8 ? 0x7ffc12340000 : 0xbf000000;
	return core(&c);
}

int
main(int argc, char *argv[])
{
	if (argc < 2) {
		fputs("usage: mkfixture raw|core [options]\n", stderr);
		return 2;
	}
	/* Options follow the mode, as for a command of its own. */
	if (strcmp(argv[1], "raw") == 0)
		return raw(argc - 1, argv + 1);
	if (strcmp(argv[1], "core") == 0)
		return core_main(argc - 1, argv + 1);
	fputs("usage: mkfixture raw|core [options]\n", stderr);
	return 2;
}
