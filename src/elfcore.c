/*
 * ELF, read with every offset, size and count checked before it is used.
 * Where each field is comes from <elf.h>'s Elf32_* or Elf64_* type, by
 * class; each word is read by vec_word() in the object's byte order, so
 * that any class and byte order is read on any host.  A core is read by
 * offset, so that one of any size costs only its headers, its notes and
 * the descriptors wanted (Linux include/uapi/linux/elf.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bounds.h"
#include "elfcore.h"

#define NOTE_HDR 12 /* namesz, descsz, type: 32 bits in both classes */
#define NOTE_PAD 4  /* core notes are 4-byte aligned */

/* NT_PRPSINFO ends with pr_fname[16] and pr_psargs[80] in every layout. */
#define PRPSINFO_TAIL 96

/*
 * Where NT_PRSTATUS holds pr_pid (include/linux/elfcore.h): after
 * elf_siginfo's three ints, the short pr_cursig and two unsigned longs,
 * pr_sigpend and pr_sighold, aligned as longs are: to 8 or 4 bytes, but
 * m68k's 2.
 */
#define PRSTATUS_PID(ws, machine)                                              \
	((ws) == 8 ? 32 : (machine) == EM_68K ? 22 : 24)

_Static_assert(AUXV_MAX_NOTES == 64UL * 1024 * 1024, "message says 64 MiB");
_Static_assert(AUXV_MAX_PHDRS == 65536, "message says 65536");

/* Where member m of <elf.h>'s Elf32_s or Elf64_s is, by the class of id. */
#define OFF(id, s, m)                                                          \
	((id)->wordsize == 8 ? offsetof(Elf64_##s, m) : offsetof(Elf32_##s, m))

/* clang-format off */
#define SIZES(c) {                                                             \
	[ELF_EHDR] = sizeof(Elf##c##_Ehdr), [ELF_PHDR] = sizeof(Elf##c##_Phdr), \
	[ELF_SHDR] = sizeof(Elf##c##_Shdr), [ELF_SYM] = sizeof(Elf##c##_Sym),   \
	[ELF_DYN] = sizeof(Elf##c##_Dyn) }

static const uint8_t sizes[2][ELF_DYN + 1] = { SIZES(32), SIZES(64) };
/* clang-format on */

size_t
elf_size(unsigned int wordsize, enum elf_part part)
{
	return sizes[wordsize == 8][part];
}

int
elf_is_elf(const unsigned char *p, size_t len)
{
	return len >= SELFMAG && memcmp(p, ELFMAG, SELFMAG) == 0;
}

/*
 * The one reader of ELF headers, for a core, a vDSO, a process's
 * executable and our own: 0, or -1 when the len bytes at h are not the
 * start of an ELF header of a known class and byte order.
 */
int
elf_header(const unsigned char *h, size_t len, struct elf_id *id)
{
	if (len < ELF_ID_LEN || !elf_is_elf(h, len) ||
	    (h[EI_CLASS] != ELFCLASS32 && h[EI_CLASS] != ELFCLASS64) ||
	    (h[EI_DATA] != ELFDATA2LSB && h[EI_DATA] != ELFDATA2MSB))
		return -1;
	memset(id, 0, sizeof(*id));
	id->wordsize = h[EI_CLASS] == ELFCLASS64 ? 8 : 4;
	id->bigendian = h[EI_DATA] == ELFDATA2MSB;
	id->type = (uint16_t)ELF_GET(id->bigendian, h, Elf32_Ehdr, e_type);
	id->machine =
	    (uint16_t)ELF_GET(id->bigendian, h, Elf32_Ehdr, e_machine);
	if (len < elf_size(id->wordsize, ELF_EHDR))
		return 0;
	id->whole = 1;
	id->entry = ELF_FIELD(id, h, Ehdr, e_entry);
	id->phoff = ELF_FIELD(id, h, Ehdr, e_phoff);
	id->shoff = ELF_FIELD(id, h, Ehdr, e_shoff);
	id->phentsize = (uint16_t)ELF_FIELD(id, h, Ehdr, e_phentsize);
	id->phnum = (uint16_t)ELF_FIELD(id, h, Ehdr, e_phnum);
	id->shentsize = (uint16_t)ELF_FIELD(id, h, Ehdr, e_shentsize);
	id->shnum = (uint16_t)ELF_FIELD(id, h, Ehdr, e_shnum);
	return 0;
}

/* The linker points this at the ELF header of the executable. */
extern const unsigned char __ehdr_start[];

/* Our own word size, byte order and machine: the build's. */
void
elf_host(struct elf_id *id)
{
	(void)elf_header(__ehdr_start, ELF_ID_LEN, id);
}

void
elf_phdr(const struct elf_id *id, const unsigned char *p, struct elf_phdr *ph)
{
	ph->type = (uint32_t)ELF_FIELD(id, p, Phdr, p_type);
	ph->flags = (uint32_t)ELF_FIELD(id, p, Phdr, p_flags);
	ph->offset = ELF_FIELD(id, p, Phdr, p_offset);
	ph->vaddr = ELF_FIELD(id, p, Phdr, p_vaddr);
	ph->filesz = ELF_FIELD(id, p, Phdr, p_filesz);
	ph->memsz = ELF_FIELD(id, p, Phdr, p_memsz);
	ph->align = ELF_FIELD(id, p, Phdr, p_align);
}

void
elf_shdr(const struct elf_id *id, const unsigned char *p, struct elf_shdr *sh)
{
	sh->type = (uint32_t)ELF_FIELD(id, p, Shdr, sh_type);
	sh->link = (uint32_t)ELF_FIELD(id, p, Shdr, sh_link);
	sh->info = (uint32_t)ELF_FIELD(id, p, Shdr, sh_info);
	sh->offset = ELF_FIELD(id, p, Shdr, sh_offset);
	sh->size = ELF_FIELD(id, p, Shdr, sh_size);
	sh->entsize = ELF_FIELD(id, p, Shdr, sh_entsize);
}

void
elf_reader_fd(struct elf_reader *r, int fd)
{
	*r = (struct elf_reader){ fd, NULL, 0 };
}

void
elf_reader_mem(struct elf_reader *r, const unsigned char *buf, size_t len)
{
	*r = (struct elf_reader){ -1, buf, len };
}

/*
 * Reads len bytes at off.  Returns how many were read, fewer only where
 * the file ends, or -1 and errno.
 */
ssize_t
elf_read(const struct elf_reader *r, uint64_t off, void *buf, size_t len)
{
	/* pread takes an off_t: past its range is past the end. */
	uint64_t end = r->buf != NULL ? r->len : (uint64_t)INT64_MAX;
	size_t got = 0;
	ssize_t n;

	if (off >= end)
		return 0;
	if (len > end - off)
		len = (size_t)(end - off);
	if (len > SSIZE_MAX)
		len = SSIZE_MAX;
	if (r->buf != NULL) {
		memcpy(buf, r->buf + off, len);
		return (ssize_t)len;
	}
	while (got < len) {
		n = pread(r->fd, (unsigned char *)buf + got, len - got,
		    (off_t)(off + got));
		if (n == -1)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

static int
fail(struct diag *d, int err, const char *why)
{
	diag_set(d, err, why);
	return -1;
}

static int
fail_at(struct diag *d, const char *why, uint64_t at)
{
	diag_at(d, why, at);
	return -1;
}

/*
 * Reads exactly len bytes at off, or fails: -1 and errno when the read
 * fails, or "truncated at offset" where the file ends first, with the
 * offset of the first of the unit-byte structures from at that is cut.
 */
static int
read_at(const struct elf_reader *r, uint64_t off, void *buf, size_t len,
    uint64_t at, size_t unit, struct diag *d)
{
	ssize_t n;

	if ((n = elf_read(r, off, buf, len)) == -1)
		return fail(d, errno, NULL);
	if ((size_t)n < len)
		return fail_at(
		    d, "truncated at offset", at + (size_t)n / unit * unit);
	return 0;
}

void
elf_notes_init(struct elf_notes *w, const struct elf_reader *r, uint64_t off,
    uint64_t size, unsigned int align, int bigendian, unsigned char *win)
{
	*w = (struct elf_notes){ .r = r,
		.off = off,
		.size = size,
		.align = align,
		.bigendian = bigendian,
		.win = win };
}

/* Up to len bytes at off, through the window where there is one. */
static ssize_t
notes_read(struct elf_notes *w, uint64_t off, unsigned char *buf, size_t len)
{
	ssize_t n;

	if (w->win == NULL)
		return elf_read(w->r, off, buf, len);
	if (off < w->winoff || off - w->winoff > w->winlen ||
	    len > w->winlen - (size_t)(off - w->winoff)) {
		if ((n = elf_read(w->r, off, w->win, ELF_NOTES_WIN)) == -1)
			return -1;
		w->winoff = off;
		w->winlen = (size_t)n;
	}
	n = (ssize_t)(w->winlen - (size_t)(off - w->winoff));
	if ((size_t)n > len)
		n = (ssize_t)len;
	memcpy(buf, w->win + (off - w->winoff), (size_t)n);
	return n;
}

/*
 * The next note: 1 and *n, 0 after the last, ELF_NOTE_BAD where one does
 * not fit in the notes (or fewer bytes than a note header are left),
 * ELF_NOTE_SHORT where the file ends first or a read fails (w->err); n->at
 * says where.  The last note's descriptor may go unpadded.
 */
int
elf_note_next(struct elf_notes *w, struct elf_note *n)
{
	unsigned char h[NOTE_HDR + sizeof(n->name)];
	uint64_t rest, desc, step;
	ssize_t got;

	n->at = w->off;
	if (w->off > UINT64_MAX - w->size)
		return ELF_NOTE_BAD;
	n->at = w->off + w->pos;
	if (w->pos == w->size)
		return 0;
	rest = w->size - w->pos;
	if (rest < NOTE_HDR)
		return ELF_NOTE_BAD;
	got = notes_read(
	    w, n->at, h, rest < sizeof(h) ? (size_t)rest : sizeof(h));
	if (got < NOTE_HDR) {
		w->err = got == -1 ? errno : 0;
		return ELF_NOTE_SHORT;
	}
	n->namesz = (uint32_t)ELF_GET(w->bigendian, h, Elf32_Nhdr, n_namesz);
	n->descsz = (uint32_t)ELF_GET(w->bigendian, h, Elf32_Nhdr, n_descsz);
	n->type = (uint32_t)ELF_GET(w->bigendian, h, Elf32_Nhdr, n_type);
	/* The name and the descriptor must fit in the notes. */
	desc = ELF_ALIGN_UP(NOTE_HDR + (uint64_t)n->namesz, w->align);
	if (!elf_inside(desc, n->descsz, rest))
		return ELF_NOTE_BAD;
	memset(n->name, 0, sizeof(n->name));
	n->namelen = (size_t)got - NOTE_HDR;
	if (n->namelen > n->namesz)
		n->namelen = n->namesz;
	memcpy(n->name, h + NOTE_HDR, n->namelen);
	n->desc = n->at + desc;
	step = desc + ELF_ALIGN_UP(n->descsz, w->align);
	w->pos += step < rest ? step : rest;
	return 1;
}

/* A note of the kernel's: named "CORE", with or without its NUL. */
static int
is_core(const struct elf_note *n)
{
	return (n->namesz == 4 || n->namesz == 5) && n->namelen == n->namesz &&
	    memcmp(n->name, "CORE", 5) == 0;
}

/* Whether the core's vector has type; its value in *val. */
static int
auxv_value(const struct elf_core *c, uint64_t type, uint64_t *val)
{
	size_t pair = 2 * (size_t)c->wordsize, off;

	/* off grows by pair from 0 while a pair is left: never past rawlen. */
	for (off = 0; c->rawlen - off >= pair; off += pair)
		if (vec_word(c->raw + off, c->wordsize, c->bigendian) == type) {
			*val = vec_word(c->raw + off + c->wordsize, c->wordsize,
			    c->bigendian);
			return 1;
		}
	return 0;
}

/*
 * NT_FILE: count and page size, count (start, end, offset) triples, then
 * count file names.  The main program is the file mapped where AT_ENTRY
 * is, else the first one.
 */
static void
file_note(const unsigned char *p, size_t len, const struct elf_core *c,
    struct elf_names *n)
{
	size_t ws = c->wordsize, i, at, nlen;
	uint64_t count, entry = 0, pick = 0;
	int have_entry = auxv_value(c, AT_ENTRY, &entry);
	int be = c->bigendian;
	const char *name;

	if (len < 2 * ws)
		return;
	count = vec_word(p, (unsigned int)ws, be);
	if (count == 0 || count > (len - 2 * ws) / (3 * ws))
		return;
	for (i = 0; have_entry && i < count; i++) {
		const unsigned char *t = p + 2 * ws + i * 3 * ws;

		if (entry >= vec_word(t, (unsigned int)ws, be) &&
		    entry < vec_word(t + ws, (unsigned int)ws, be)) {
			pick = i;
			break;
		}
	}
	at = 2 * ws + (size_t)count * 3 * ws;
	for (i = 0; at < len; i++) {
		name = (const char *)p + at;
		if ((nlen = strnlen(name, len - at)) == len - at)
			return; /* no NUL: cut short */
		if (i == pick) {
			if (nlen < sizeof(n->exe))
				memcpy(n->exe, name, nlen + 1);
			return;
		}
		at += nlen + 1;
	}
}

/*
 * The process's name (NT_PRPSINFO's pr_fname) and its main program
 * (NT_FILE), from the last such notes the walk passed, and the pr_pid of
 * its first NT_PRSTATUS (the thread that dumped it, which the kernel
 * writes first; gdb and eu-readelf show that one); what can't be read is
 * left out, never an error.
 */
static void
read_names(const struct elf_reader *r, const struct elf_core *c,
    const struct elf_note *info, const struct elf_note *file,
    const struct elf_note *status)
{
	size_t at = PRSTATUS_PID(c->wordsize, c->machine);
	unsigned char *desc, pid[4];
	uint64_t v;

	c->names->pid = 0;
	if (status->descsz >= at + sizeof(pid) &&
	    elf_read(r, status->desc + at, pid, sizeof(pid)) == sizeof(pid) &&
	    (v = vec_word(pid, 4, c->bigendian)) <= INT32_MAX)
		c->names->pid = (int32_t)v;

	if (info->descsz >= PRPSINFO_TAIL &&
	    elf_read(r, info->desc + info->descsz - PRPSINFO_TAIL,
	        c->names->comm, 16) == 16)
		c->names->comm[16] = '\0';
	else
		c->names->comm[0] = '\0';
	if (file->descsz == 0 || (desc = malloc(file->descsz)) == NULL)
		return;
	if (elf_read(r, file->desc, desc, file->descsz) ==
	    (ssize_t)file->descsz)
		file_note(desc, file->descsz, c, c->names);
	free(desc);
}

/*
 * Walks the notes of one PT_NOTE segment, adding the bytes it passes
 * over to *walked: NT_AUXV's descriptor into c->raw and, while c->names
 * wants them, where NT_PRPSINFO, NT_FILE and the first NT_PRSTATUS
 * are.  Returns 1 when the walk is over (NT_AUXV found and nothing more
 * wanted), 0 to go on with the next segment, or -1 and *d.  After
 * NT_AUXV, what is malformed or too much ends the walk for names without
 * an error.
 */
static int
walk_notes(struct elf_notes *w, struct elf_core *c, uint64_t *walked,
    struct elf_note *info, struct elf_note *file, struct elf_note *status,
    struct diag *d)
{
	struct elf_note n;
	uint64_t step;
	int rc, over;

	while ((rc = elf_note_next(w, &n)) == 1) {
		step = w->off + w->pos - n.at;
		over = step > AUXV_MAX_NOTES - *walked;
		if (n.type == NT_AUXV && n.namelen < n.namesz &&
		    c->rawoff == 0 && (n.namesz == 4 || n.namesz == 5))
			return fail_at(d, "truncated at offset", n.at);
		if (n.type == NT_AUXV && is_core(&n) && c->rawoff == 0) {
			if (n.descsz > c->rawcap)
				return fail_at(d,
				    "too large: NT_AUXV note at offset", n.at);
			c->rawoff = n.desc;
			c->rawlen = n.descsz;
			if (read_at(w->r, n.desc, c->raw, n.descsz, n.at,
			        n.descsz, d) == -1)
				return -1;
			if (c->names == NULL)
				return 1;
		} else if (over && c->rawoff == 0)
			return fail_at(d,
			    "too large: more than 64 MiB of notes before "
			    "NT_AUXV, at offset",
			    n.at);
		if (over)
			return 1;
		*walked += step;
		if (!is_core(&n) || n.descsz > ELF_MAX_NAMES_NOTE)
			continue;
		if (n.type == NT_PRPSINFO && n.descsz >= PRPSINFO_TAIL)
			*info = n;
		else if (n.type == NT_FILE)
			*file = n;
		else if (n.type == NT_PRSTATUS && status->descsz == 0)
			*status = n;
	}
	if (rc == 0 || c->rawoff != 0)
		return 0;
	if (rc == ELF_NOTE_SHORT && w->err != 0)
		return fail(d, w->err, NULL);
	return fail_at(d,
	    rc == ELF_NOTE_SHORT ? "truncated at offset"
	                         : "malformed note at offset",
	    n.at);
}

/*
 * Keeps the PT_LOADs whose file bytes can be read, and walks every
 * PT_NOTE until NT_AUXV (and, for names, to the end), at most
 * AUXV_MAX_NOTES bytes of notes in all; both in table order.  Room for
 * every header in c->loads: an entry is smaller than the header it comes
 * from, so this never asks for more than the table already read.
 */
static int
walk_phdrs(const struct elf_reader *r, const struct elf_id *id,
    const unsigned char *ph, size_t phnum, struct elf_core *c, struct diag *d)
{
	size_t i, phsz = elf_size(id->wordsize, ELF_PHDR);
	struct elf_note info = { 0 }, file = { 0 }, status = { 0 };
	uint64_t walked = 0;
	struct elf_notes w;
	struct elf_phdr p;
	int rc = 0;

	_Static_assert(sizeof(*c->loads) <= sizeof(Elf32_Phdr),
	    "a load entry is no larger than the header it comes from");
	if (phnum > 0 && (c->loads = calloc(phnum, sizeof(*c->loads))) == NULL)
		return fail(d, ENOMEM, NULL);
	if ((w.win = malloc(ELF_NOTES_WIN)) == NULL)
		return fail(d, ENOMEM, NULL);
	for (i = 0; i < phnum && rc != -1; i++) {
		elf_phdr(id, ph + i * phsz, &p);
		if (p.type == PT_NOTE && rc == 0) {
			elf_notes_init(&w, r, p.offset, p.filesz, NOTE_PAD,
			    c->bigendian, w.win);
			rc = walk_notes(
			    &w, c, &walked, &info, &file, &status, d);
		}
		if (p.type == PT_LOAD && p.filesz != 0 &&
		    p.offset <= UINT64_MAX - p.filesz &&
		    p.vaddr <= UINT64_MAX - p.filesz)
			c->loads[c->nloads++] =
			    (struct elf_load){ p.vaddr, p.filesz, p.offset };
	}
	free(w.win);
	if (rc == -1)
		return -1;
	if (c->rawoff == 0)
		return fail(d, EINVAL, "not a core dump with NT_AUXV");
	if (c->names != NULL)
		read_names(r, c, &info, &file, &status);
	return 0;
}

/*
 * The number of program headers: e_phnum, or for PN_XNUM section header
 * 0's sh_info.  0, or -1 and d.
 */
static int
core_phnum(const struct elf_reader *r, const struct elf_id *id, uint64_t *phnum,
    struct diag *d)
{
	unsigned char b[4];

	if ((*phnum = id->phnum) != PN_XNUM)
		return 0;
	if (id->shoff == 0 || id->shoff > UINT64_MAX - OFF(id, Shdr, sh_info))
		return fail_at(d, "malformed ELF header at offset",
		    OFF(id, Ehdr, e_shoff));
	if (read_at(r, id->shoff + OFF(id, Shdr, sh_info), b, 4, id->shoff, 4,
	        d) == -1)
		return -1;
	*phnum = vec_word(b, 4, id->bigendian);
	return 0;
}

/*
 * Reads a core's ELF header and program headers, its PT_LOAD table into
 * c->loads, its NT_AUXV descriptor into c->raw and, where c->names is
 * set, its names.  Returns 0, or -1 and *d: "truncated at offset N" where
 * the file ends too soon, "malformed ... at offset N", "not a core dump",
 * "not a core dump with NT_AUXV", "too large: ...".  On failure nothing
 * is left allocated.
 */
int
elf_core_auxv(const struct elf_reader *r, struct elf_core *c, struct diag *d)
{
	unsigned char eh[sizeof(Elf64_Ehdr)], *ph = NULL;
	struct elf_id id;
	uint64_t phnum;
	size_t phsz;
	ssize_t n;
	int rc = 0;

	c->core = 0;
	c->loads = NULL;
	c->nloads = 0;
	c->rawlen = 0;
	c->rawoff = 0;
	if (c->names != NULL)
		c->names->comm[0] = c->names->exe[0] = '\0';
	if ((n = elf_read(r, 0, eh, sizeof(eh))) == -1)
		return fail(d, errno, NULL);
	if (n < EI_NIDENT || !elf_is_elf(eh, (size_t)n))
		return fail_at(d, "truncated at offset", 0);
	if (eh[EI_CLASS] != ELFCLASS32 && eh[EI_CLASS] != ELFCLASS64)
		return fail_at(d, "malformed ELF header at offset", EI_CLASS);
	if (eh[EI_DATA] != ELFDATA2LSB && eh[EI_DATA] != ELFDATA2MSB)
		return fail_at(d, "malformed ELF header at offset", EI_DATA);
	if (elf_header(eh, (size_t)n, &id) == -1 || !id.whole)
		return fail_at(d, "truncated at offset", 0);
	phsz = elf_size(id.wordsize, ELF_PHDR);
	c->wordsize = id.wordsize;
	c->bigendian = id.bigendian;
	c->machine = id.machine;
	if (id.type != ET_CORE)
		return fail(d, EINVAL, "not a core dump");
	c->core = 1;
	if (id.phentsize != phsz)
		return fail_at(d, "malformed ELF header at offset",
		    OFF(&id, Ehdr, e_phentsize));
	if (core_phnum(r, &id, &phnum, d) == -1)
		return -1;
	if (phnum > AUXV_MAX_PHDRS)
		return fail(
		    d, EFBIG, "too large: more than 65536 program headers");
	if (phnum > 0) {
		if ((ph = malloc((size_t)phnum * phsz)) == NULL)
			return fail(d, ENOMEM, NULL);
		rc = read_at(
		    r, id.phoff, ph, (size_t)phnum * phsz, id.phoff, phsz, d);
	}
	if (rc == 0)
		rc = walk_phdrs(r, &id, ph, (size_t)phnum, c, d);
	free(ph);
	if (rc == -1)
		elf_core_free(c);
	return rc;
}

void
elf_core_free(struct elf_core *c)
{
	free(c->loads);
	c->loads = NULL;
	c->nloads = 0;
}
