/*
 * ELF core dumps: the header, the program headers and the notes, walked
 * with every offset, size and count checked before it is used.  The file
 * is read by offset, so a core of any size costs only its headers, its
 * notes up to NT_AUXV and the descriptor.  Layouts are from the ELF gABI
 * and Linux include/uapi/linux/elf.h; fields are read byte by byte, so
 * that any class and byte order is read on any host.
 */
#include <elf.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bounds.h"
#include "elfcore.h"

#define XSTR(x) STR(x)
#define STR(x)  #x

#define NOTE_HDR 12 /* namesz, descsz, type: 32 bits in both classes */
#define NOTE_PAD 4  /* core notes are 4-byte aligned */

/* Notes are read through a window of this size, not one read each. */
#define WIN 16384

_Static_assert(AUXV_MAX_NOTES == 64UL * 1024 * 1024, "message says 64 MiB");

/* Where the fields are in each class. */
struct layout {
	unsigned int ehsize;
	unsigned int phoff, shoff, phentsize_at, phnum_at;
	unsigned int phentsize;
	unsigned int p_offset, p_vaddr, p_filesz;
	unsigned int sh_info;
	unsigned int word; /* Elf_Addr, Elf_Off */
};

static const struct layout layouts[] = {
	[1] = { 52, 28, 32, 42, 44, 32, 4, 8, 16, 28, 4 },
	[2] = { 64, 32, 40, 54, 56, 56, 8, 16, 32, 44, 8 },
};

/* A window on the file, so that small notes cost no read each. */
struct win {
	const struct elf_reader *r;
	uint64_t off;
	size_t len;
	int err;
	unsigned char buf[WIN];
};

void
elf_reader_fd(struct elf_reader *r, int fd)
{
	r->fd = fd;
	r->buf = NULL;
	r->len = 0;
}

void
elf_reader_mem(struct elf_reader *r, const unsigned char *buf, size_t len)
{
	r->fd = -1;
	r->buf = buf;
	r->len = len;
}

/*
 * Reads len bytes at off.  Returns how many were read, fewer only where
 * the file ends, or -1 and errno.
 */
ssize_t
elf_read(const struct elf_reader *r, uint64_t off, void *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;

	if (len > SSIZE_MAX)
		len = SSIZE_MAX;
	if (r->buf != NULL) {
		if (off >= r->len)
			return 0;
		if (len > r->len - off)
			len = r->len - (size_t)off;
		memcpy(buf, r->buf + off, len);
		return (ssize_t)len;
	}
	/* pread takes an off_t: past its range is past the end. */
	if (off > (uint64_t)INT64_MAX)
		return 0;
	if (len > (uint64_t)INT64_MAX - off)
		len = (size_t)((uint64_t)INT64_MAX - off);
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

/*
 * The one reader of ELF headers, for a core, a process's vDSO or
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
	id->wordsize = h[EI_CLASS] == ELFCLASS64 ? 8 : 4;
	id->bigendian = h[EI_DATA] == ELFDATA2MSB;
	id->type = (uint16_t)vec_word(h + EI_NIDENT, 2, id->bigendian);
	id->machine = (uint16_t)vec_word(h + EI_NIDENT + 2, 2, id->bigendian);
	return 0;
}

int
elf_is_elf(const unsigned char *p, size_t len)
{
	return len >= 4 && memcmp(p, "\177ELF", 4) == 0;
}

/*
 * Reads exactly len bytes at off, or fails: -1 with "truncated at offset
 * at" where the file ends first, errno when the read fails.
 */
static int
read_at(const struct elf_reader *r, uint64_t off, void *buf, size_t len,
    uint64_t at, struct diag *d)
{
	ssize_t n;

	if ((n = elf_read(r, off, buf, len)) == -1) {
		diag_set(d, errno, NULL);
		return -1;
	}
	if ((size_t)n < len) {
		diag_at(d, "truncated at offset", at);
		return -1;
	}
	return 0;
}

/* The len bytes at off, through the window; NULL where the file ends. */
static const unsigned char *
win_get(struct win *w, uint64_t off, size_t len)
{
	ssize_t n;

	if (off >= w->off && off - w->off <= w->len &&
	    len <= w->len - (size_t)(off - w->off))
		return w->buf + (off - w->off);
	if ((n = elf_read(w->r, off, w->buf, sizeof(w->buf))) == -1) {
		w->err = errno;
		n = 0;
	}
	w->off = off;
	w->len = (size_t)n;
	return len <= w->len ? w->buf : NULL;
}

static uint64_t
word(const unsigned char *p, unsigned int size, const struct elf_core *c)
{
	return vec_word(p, size, c->bigendian);
}

/* Rounds a 32-bit size up to the note alignment, in 64 bits: no wrap. */
static uint64_t
pad(uint64_t n)
{
	return (n + NOTE_PAD - 1) & ~(uint64_t)(NOTE_PAD - 1);
}

static int
is_core_name(const unsigned char *name, uint64_t namesz)
{
	return (namesz == 4 || namesz == 5) && memcmp(name, "CORE", 4) == 0 &&
	    (namesz == 4 || name[4] == '\0');
}

/*
 * Walks the notes of one PT_NOTE segment, size bytes at off, adding the
 * bytes it passes over to *walked.  Returns 1 with the NT_AUXV descriptor
 * in c->raw, 0 when the segment has none, or -1 and *d.
 */
static int
walk_notes(struct win *w, uint64_t off, uint64_t size, struct elf_core *c,
    uint64_t *walked, struct diag *d)
{
	const unsigned char *p;
	uint64_t pos = 0, namesz, descsz, type, at = off, step;

	if (off > UINT64_MAX - size) {
		diag_at(d, "malformed note at offset", off);
		return -1;
	}
	while (pos < size) {
		at = off + pos;
		if (size - pos < NOTE_HDR) {
			diag_at(d, "malformed note at offset", at);
			return -1;
		}
		if ((p = win_get(w, at, NOTE_HDR)) == NULL)
			goto short_read;
		namesz = word(p, 4, c);
		descsz = word(p + 4, 4, c);
		type = word(p + 8, 4, c);
		/* The name and the descriptor must fit in the segment. */
		if (pad(namesz) > size - pos - NOTE_HDR ||
		    descsz > size - pos - NOTE_HDR - pad(namesz)) {
			diag_at(d, "malformed note at offset", at);
			return -1;
		}
		if (type == NT_AUXV && (namesz == 4 || namesz == 5)) {
			if ((p = win_get(w, at + NOTE_HDR, namesz)) == NULL)
				goto short_read;
			if (is_core_name(p, namesz)) {
				if (descsz > c->rawcap) {
					diag_at(d,
					    "too large: NT_AUXV note at "
					    "offset",
					    at);
					return -1;
				}
				c->rawoff = at + NOTE_HDR + pad(namesz);
				c->rawlen = (size_t)descsz;
				if (read_at(w->r, c->rawoff, c->raw, c->rawlen,
				        at, d) == -1)
					return -1;
				return 1;
			}
		}
		/* The last note's descriptor may go unpadded. */
		step = NOTE_HDR + pad(namesz) + pad(descsz);
		if (step > size - pos)
			step = size - pos;
		if (step > AUXV_MAX_NOTES - *walked) {
			diag_at(d,
			    "too large: more than 64 MiB of notes before "
			    "NT_AUXV, at offset",
			    at);
			return -1;
		}
		*walked += step;
		pos += step;
	}
	return 0;
short_read:
	if (w->err != 0)
		diag_set(d, w->err, NULL);
	else
		diag_at(d, "truncated at offset", at);
	return -1;
}

/*
 * The number of program headers: e_phnum, or for PN_XNUM the sh_info of
 * section header 0.
 */
static int
phdr_count(const struct elf_reader *r, const struct layout *l,
    const unsigned char *eh, const struct elf_core *c, uint64_t *phnum,
    struct diag *d)
{
	unsigned char b[4];
	uint64_t shoff;

	*phnum = word(eh + l->phnum_at, 2, c);
	if (*phnum != PN_XNUM)
		return 0;
	shoff = word(eh + l->shoff, l->word, c);
	if (shoff == 0 || shoff > UINT64_MAX - l->sh_info) {
		diag_at(d, "malformed ELF header at offset", l->shoff);
		return -1;
	}
	if (read_at(r, shoff + l->sh_info, b, sizeof(b), shoff, d) == -1)
		return -1;
	*phnum = word(b, 4, c);
	return 0;
}

/* Keeps the PT_LOADs whose file bytes can be read, in table order. */
static int
collect_loads(const struct layout *l, const unsigned char *ph, size_t phnum,
    struct elf_core *c, struct diag *d)
{
	const unsigned char *p;
	uint64_t filesz, offset, vaddr;
	size_t i, n = 0;

	for (i = 0; i < phnum; i++)
		if (word(ph + i * l->phentsize, 4, c) == PT_LOAD)
			n++;
	if (n == 0)
		return 0;
	if ((c->loads = calloc(n, sizeof(*c->loads))) == NULL) {
		diag_set(d, ENOMEM, NULL);
		return -1;
	}
	for (i = 0; i < phnum; i++) {
		p = ph + i * l->phentsize;
		if (word(p, 4, c) != PT_LOAD)
			continue;
		offset = word(p + l->p_offset, l->word, c);
		vaddr = word(p + l->p_vaddr, l->word, c);
		filesz = word(p + l->p_filesz, l->word, c);
		if (filesz == 0 || offset > UINT64_MAX - filesz ||
		    vaddr > UINT64_MAX - filesz)
			continue;
		c->loads[c->nloads].vaddr = vaddr;
		c->loads[c->nloads].filesz = filesz;
		c->loads[c->nloads].offset = offset;
		c->nloads++;
	}
	return 0;
}

/*
 * Every PT_NOTE in table order until NT_AUXV, walking at most
 * AUXV_MAX_NOTES bytes of notes in all.
 */
static int
find_auxv(const struct elf_reader *r, const struct layout *l,
    const unsigned char *ph, size_t phnum, struct elf_core *c, struct diag *d)
{
	const unsigned char *p;
	uint64_t walked = 0, off, size;
	struct win *w;
	size_t i;
	int rc = 0;

	if ((w = malloc(sizeof(*w))) == NULL) {
		diag_set(d, ENOMEM, NULL);
		return -1;
	}
	w->r = r;
	w->off = 0;
	w->len = 0;
	w->err = 0;
	for (i = 0; i < phnum && rc == 0; i++) {
		p = ph + i * l->phentsize;
		if (word(p, 4, c) != PT_NOTE)
			continue;
		off = word(p + l->p_offset, l->word, c);
		size = word(p + l->p_filesz, l->word, c);
		if (c->nnotes < ELF_NOTE_SEGS) {
			c->noteoff[c->nnotes] = off;
			c->notesz[c->nnotes++] = size;
		}
		rc = walk_notes(w, off, size, c, &walked, d);
	}
	free(w);
	if (rc == 0) {
		diag_set(d, EINVAL, "not a core dump with NT_AUXV");
		return -1;
	}
	return rc == 1 ? 0 : -1;
}

/*
 * Reads a core's ELF header and program headers, its PT_LOAD table into
 * c->loads and its NT_AUXV descriptor into c->raw.  Returns 0, or -1 and
 * *d: "truncated at offset N" where the file ends too soon, "malformed
 * ... at offset N", "not a core dump", "not a core dump with NT_AUXV",
 * "too large: ...".  On failure nothing is left allocated.
 */
int
elf_core_auxv(const struct elf_reader *r, struct elf_core *c, struct diag *d)
{
	unsigned char eh[64], *ph = NULL;
	const struct layout *l;
	struct elf_id id;
	uint64_t phoff, phnum;
	ssize_t n;

	c->core = 0;
	c->loads = NULL;
	c->nloads = 0;
	c->rawlen = 0;
	if ((n = elf_read(r, 0, eh, sizeof(eh))) == -1) {
		diag_set(d, errno, NULL);
		return -1;
	}
	if (n < EI_NIDENT || !elf_is_elf(eh, (size_t)n)) {
		diag_at(d, "truncated at offset", 0);
		return -1;
	}
	if (eh[EI_CLASS] != ELFCLASS32 && eh[EI_CLASS] != ELFCLASS64) {
		diag_at(d, "malformed ELF header at offset", EI_CLASS);
		return -1;
	}
	if (eh[EI_DATA] != ELFDATA2LSB && eh[EI_DATA] != ELFDATA2MSB) {
		diag_at(d, "malformed ELF header at offset", EI_DATA);
		return -1;
	}
	l = &layouts[eh[EI_CLASS]];
	if ((size_t)n < l->ehsize || elf_header(eh, (size_t)n, &id) == -1) {
		diag_at(d, "truncated at offset", 0);
		return -1;
	}
	c->wordsize = id.wordsize;
	c->bigendian = id.bigendian;
	c->machine = id.machine;
	if (id.type != ET_CORE) {
		diag_set(d, EINVAL, "not a core dump");
		return -1;
	}
	c->core = 1;
	if (word(eh + l->phentsize_at, 2, c) != l->phentsize) {
		diag_at(d, "malformed ELF header at offset", l->phentsize_at);
		return -1;
	}
	if (phdr_count(r, l, eh, c, &phnum, d) == -1)
		return -1;
	if (phnum > AUXV_MAX_PHDRS) {
		diag_set(d, EFBIG,
		    "too large: more than " XSTR(AUXV_MAX_PHDRS) " program "
		                                                 "headers");
		return -1;
	}
	phoff = word(eh + l->phoff, l->word, c);
	if (phnum > 0) {
		size_t len = (size_t)phnum * l->phentsize;

		if ((ph = malloc(len)) == NULL) {
			diag_set(d, ENOMEM, NULL);
			return -1;
		}
		if ((n = elf_read(r, phoff, ph, len)) == -1) {
			diag_set(d, errno, NULL);
			goto fail;
		}
		if ((size_t)n < len) {
			/* The first program header that is cut. */
			diag_at(d, "truncated at offset",
			    phoff + (uint64_t)n / l->phentsize * l->phentsize);
			goto fail;
		}
	}
	if (collect_loads(l, ph, (size_t)phnum, c, d) == -1 ||
	    find_auxv(r, l, ph, (size_t)phnum, c, d) == -1)
		goto fail;
	free(ph);
	return 0;
fail:
	free(ph);
	elf_core_free(c);
	return -1;
}

void
elf_core_free(struct elf_core *c)
{
	free(c->loads);
	c->loads = NULL;
	c->nloads = 0;
}

/* The value of type in the core's vector, or 0. */
static uint64_t
auxv_value(const struct elf_core *c, uint64_t type)
{
	size_t pair = 2 * (size_t)c->wordsize, off;

	for (off = 0; c->rawlen - off >= pair && off < c->rawlen; off += pair)
		if (word(c->raw + off, c->wordsize, c) == type)
			return word(c->raw + off + c->wordsize, c->wordsize, c);
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
	uint64_t count, entry = auxv_value(c, AT_ENTRY), pick = 0;
	const char *name;

	if (len < 2 * ws)
		return;
	count = word(p, (unsigned int)ws, c);
	if (count == 0 || count > (len - 2 * ws) / (3 * ws))
		return;
	for (i = 0; i < count; i++) {
		const unsigned char *t = p + 2 * ws + i * 3 * ws;

		if (entry >= word(t, (unsigned int)ws, c) &&
		    entry < word(t + ws, (unsigned int)ws, c)) {
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
			if (nlen < sizeof(n->exe)) {
				memcpy(n->exe, name, nlen);
				n->exe[nlen] = '\0';
			}
			return;
		}
		at += nlen + 1;
	}
}

/*
 * The process's name (NT_PRPSINFO's pr_fname, the 16 bytes before the
 * 80 of pr_psargs that end the descriptor in every layout) and its main
 * program (NT_FILE), from the notes elf_core_auxv() walked.  A second,
 * lenient walk: what is malformed is passed over, never an error.
 */
void
elf_core_names(
    const struct elf_reader *r, const struct elf_core *c, struct elf_names *n)
{
	unsigned char h[NOTE_HDR + 8], *desc;
	uint64_t pos, size, namesz, descsz, type, walked = 0, step;
	size_t i;

	n->comm[0] = n->exe[0] = '\0';
	for (i = 0; i < c->nnotes; i++) {
		size = c->notesz[i];
		for (pos = 0; size - pos >= NOTE_HDR && pos < size;
		     pos += step) {
			if (c->noteoff[i] > UINT64_MAX - pos ||
			    elf_read(r, c->noteoff[i] + pos, h, sizeof(h)) <
			        (ssize_t)NOTE_HDR)
				break;
			namesz = word(h, 4, c);
			descsz = word(h + 4, 4, c);
			type = word(h + 8, 4, c);
			if (pad(namesz) > size - pos - NOTE_HDR ||
			    descsz > size - pos - NOTE_HDR - pad(namesz))
				break;
			step = NOTE_HDR + pad(namesz) + pad(descsz);
			if (step > size - pos)
				step = size - pos;
			if ((walked += step) > AUXV_MAX_NOTES)
				return;
			if ((namesz != 4 && namesz != 5) ||
			    memcmp(h + NOTE_HDR, "CORE", 4) != 0 ||
			    (type != NT_PRPSINFO && type != NT_FILE) ||
			    descsz > ELF_MAX_NAMES_NOTE ||
			    (type == NT_PRPSINFO && descsz < 96) ||
			    (desc = malloc((size_t)descsz)) == NULL)
				continue;
			if (elf_read(r,
			        c->noteoff[i] + pos + NOTE_HDR + pad(namesz),
			        desc, (size_t)descsz) == (ssize_t)descsz) {
				if (type == NT_PRPSINFO) {
					memcpy(n->comm, desc + descsz - 96, 16);
					n->comm[16] = '\0';
				} else
					file_note(desc, (size_t)descsz, c, n);
			}
			free(desc);
		}
	}
}
