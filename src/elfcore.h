/*
 * Bounded walks of ELF core dumps: the header, the program headers and
 * the notes, for the NT_AUXV descriptor and the PT_LOAD segments that its
 * pointers point into.  Input is read through a reader, a file descriptor
 * read by offset or a buffer in memory, so that the walk can be fuzzed.
 */
#ifndef AUXV_ELFCORE_H
#define AUXV_ELFCORE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "vec.h"

/* PT_NOTE segments remembered for a second walk, for the names. */
#define ELF_NOTE_SEGS 4

/* Reads by offset: from buf when it is not NULL, else with pread on fd. */
struct elf_reader {
	int fd;
	const unsigned char *buf;
	size_t len;
};

/* A PT_LOAD segment: its bytes are at offset in the file. */
struct elf_load {
	uint64_t vaddr;
	uint64_t filesz;
	uint64_t offset;
};

struct elf_core {
	int core;         /* out: e_type is ET_CORE */
	uint16_t machine; /* e_machine */
	uint8_t wordsize; /* 4 for ELFCLASS32, 8 for ELFCLASS64 */
	uint8_t bigendian;
	unsigned char *raw;     /* in: room for the NT_AUXV descriptor */
	size_t rawcap;          /* in: more is refused as too large */
	size_t rawlen;          /* out: the descriptor's size */
	uint64_t rawoff;        /* out: where it is in the file */
	struct elf_load *loads; /* out: PT_LOADs with file bytes (malloc) */
	size_t nloads;
	uint64_t noteoff[ELF_NOTE_SEGS]; /* out: the PT_NOTEs walked */
	uint64_t notesz[ELF_NOTE_SEGS];
	size_t nnotes;
};

/* What a core says of the process it was: its name and executable. */
struct elf_names {
	char comm[17];      /* NT_PRPSINFO's pr_fname; "" when none */
	char exe[PATH_MAX]; /* NT_FILE's main program; "" when none */
};

/* What an ELF header says of the layout of what it heads. */
struct elf_id {
	uint8_t wordsize; /* 4 for ELFCLASS32, 8 for ELFCLASS64 */
	uint8_t bigendian;
	uint16_t type;    /* e_type */
	uint16_t machine; /* e_machine */
};

/* Bytes of an ELF header up to and including e_machine. */
#define ELF_ID_LEN 20

int elf_header(const unsigned char *, size_t, struct elf_id *);
void elf_reader_fd(struct elf_reader *, int);
void elf_reader_mem(struct elf_reader *, const unsigned char *, size_t);
ssize_t elf_read(const struct elf_reader *, uint64_t, void *, size_t);
int elf_is_elf(const unsigned char *, size_t);
int elf_core_auxv(const struct elf_reader *, struct elf_core *, struct diag *);
void elf_core_free(struct elf_core *);
void elf_core_names(
    const struct elf_reader *, const struct elf_core *, struct elf_names *);

#endif
