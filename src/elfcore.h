/*
 * The one reader of ELF: the ELF header, program and section headers,
 * symbols, version definitions and notes, of either class and byte order
 * on any host; and the walk of a core dump for its NT_AUXV, its PT_LOADs
 * and its process's names.  A core, a vDSO image, program headers in a
 * process's memory and our own header are all read here.
 */
#ifndef AUXV_ELFCORE_H
#define AUXV_ELFCORE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "elfdefs.h"
#include "vec.h"

/*
 * A field of one of <elf.h>'s structures, read in either byte order:
 * ELF_GET(be, p, Elf32_Verdef, vd_next) where both classes lay it out
 * alike, ELF_FIELD(id, p, Sym, st_name) from Elf32_Sym or Elf64_Sym by
 * the class of id.
 */
#define ELF_GET(be, p, type, member)                                           \
	vec_word((const unsigned char *)(p) + offsetof(type, member),          \
	    sizeof(((type *)0)->member), (be))
#define ELF_FIELD(id, p, s, m)                                                 \
	((id)->wordsize == 8 ? ELF_GET((id)->bigendian, p, Elf64_##s, m)       \
	                     : ELF_GET((id)->bigendian, p, Elf32_##s, m))

/* x rounded up to a multiple of a, a power of two; x is below 2^33. */
#define ELF_ALIGN_UP(x, a) (((x) + (a)-1) & ~(uint64_t)((a)-1))

/* Whether [off, off + len) lies within size bytes. */
static inline int
elf_inside(uint64_t off, uint64_t len, uint64_t size)
{
	return len <= size && off <= size - len;
}

/* Reads by offset: from buf when it is not NULL, else with pread on fd. */
struct elf_reader {
	int fd;
	const unsigned char *buf;
	size_t len;
};

/*
 * What an ELF header says.  The first four fields need ELF_ID_LEN bytes;
 * the rest are filled (whole is 1) when the whole header was given.
 */
struct elf_id {
	uint8_t wordsize; /* 4 for ELFCLASS32, 8 for ELFCLASS64 */
	uint8_t bigendian;
	uint16_t type;    /* e_type */
	uint16_t machine; /* e_machine */
	int whole;
	uint64_t entry, phoff, shoff;
	uint16_t phentsize, phnum, shentsize, shnum;
};

/* Bytes of an ELF header up to and including e_machine. */
#define ELF_ID_LEN 20

struct elf_phdr {
	uint32_t type, flags;
	uint64_t offset, vaddr, filesz, memsz, align;
};

struct elf_shdr {
	uint32_t type, link, info;
	uint64_t offset, size, entsize;
};

/* Sizes of a class's structures, by its word size. */
enum elf_part { ELF_EHDR, ELF_PHDR, ELF_SHDR, ELF_SYM, ELF_DYN };

/*
 * A walk of size bytes of notes at off: each note's name and descriptor
 * start at a multiple of align (4; the word size in a GNU property note)
 * from the note's start.  Through win (ELF_NOTES_WIN bytes, or NULL), a
 * walk of many small notes costs few reads.
 */
#define ELF_NOTES_WIN 16384

struct elf_notes {
	const struct elf_reader *r;
	uint64_t off, size, pos;
	unsigned int align;
	int bigendian;
	int err; /* errno of a failed read, or 0 */
	unsigned char *win;
	uint64_t winoff;
	size_t winlen;
};

struct elf_note {
	uint64_t at; /* the note's offset */
	uint32_t namesz, descsz, type;
	uint64_t desc;         /* the descriptor's offset */
	size_t namelen;        /* bytes of name[] read: up to 8 */
	unsigned char name[8]; /* the name's first bytes, NUL-padded */
};

/* What elf_note_next() returns past the notes: */
#define ELF_NOTE_BAD   (-1) /* a note that does not fit */
#define ELF_NOTE_SHORT (-2) /* the file ends, or a read fails (err) */

/* A PT_LOAD segment: its bytes are at offset in the file. */
struct elf_load {
	uint64_t vaddr, filesz, offset;
};

/* What a core says of the process it was: its name and executable. */
struct elf_names {
	char comm[17];      /* NT_PRPSINFO's pr_fname; "" when none */
	char exe[PATH_MAX]; /* NT_FILE's main program; "" when none */
	int32_t pid;        /* NT_PRSTATUS's pr_pid; 0 when none */
};

struct elf_core {
	int core;         /* out: e_type is ET_CORE */
	uint16_t machine; /* e_machine */
	uint8_t wordsize; /* 4 for ELFCLASS32, 8 for ELFCLASS64 */
	uint8_t bigendian;
	unsigned char *raw;      /* in: room for the NT_AUXV descriptor */
	size_t rawcap;           /* in: more is refused as too large */
	struct elf_names *names; /* in: filled where not NULL */
	size_t rawlen;           /* out: the descriptor's size */
	uint64_t rawoff;         /* out: where it is in the file */
	struct elf_load *loads;  /* out: PT_LOADs with file bytes (malloc) */
	size_t nloads;
};

int elf_header(const unsigned char *, size_t, struct elf_id *);
void elf_host(struct elf_id *);
size_t elf_size(unsigned int, enum elf_part);
void elf_phdr(const struct elf_id *, const unsigned char *, struct elf_phdr *);
void elf_shdr(const struct elf_id *, const unsigned char *, struct elf_shdr *);
void elf_reader_fd(struct elf_reader *, int);
void elf_reader_mem(struct elf_reader *, const unsigned char *, size_t);
ssize_t elf_read(const struct elf_reader *, uint64_t, void *, size_t);
int elf_is_elf(const unsigned char *, size_t);
void elf_notes_init(struct elf_notes *, const struct elf_reader *, uint64_t,
    uint64_t, unsigned int, int, unsigned char *);
int elf_note_next(struct elf_notes *, struct elf_note *);
int elf_core_auxv(const struct elf_reader *, struct elf_core *, struct diag *);
void elf_core_free(struct elf_core *);

#endif
