/*
 * The program headers at AT_PHDR, and what they point to that is more
 * than a number: the interpreter's path and the GNU properties.  Every
 * offset, count and string in them is checked before use.
 */
#ifndef AUXV_PHDRS_H
#define AUXV_PHDRS_H

#include <stddef.h>
#include <stdint.h>

#include "bounds.h"
#include "elfcore.h"
#include "vec.h"

struct phdr_prop {
	uint32_t type;
	uint32_t datasz;
	uint64_t value; /* the first 4 or 8 bytes of the data */
};

/* What a PT_INTERP or PT_GNU_PROPERTY segment's bytes turned out to be. */
enum fw_state { FW_NONE, FW_OK, FW_UNREADABLE, FW_BAD };

/* The arrays last: phdrs_read() clears what is before them. */
struct phdrs_info {
	uint16_t machine; /* for the names of GNU properties */
	size_t n;
	int have_bias; /* the load bias is known: segments can be read */
	uint64_t bias;
	enum fw_state interp_state, prop_state;
	size_t interplen; /* NUL excluded */
	size_t nprop;
	const char *bad; /* the first malformed part, or NULL */
	struct elf_phdr ph[AUXV_MAX_PHDRS_MEM];
	char interp[AUXV_MAX_INTERP];
	struct phdr_prop prop[AUXV_MAX_PROPS];
};

/* Where the program headers are and how the vector says they are laid. */
struct phdrs_where {
	uint64_t addr;   /* AT_PHDR */
	uint64_t num;    /* AT_PHNUM */
	uint64_t ent;    /* AT_PHENT */
	uint64_t pagesz; /* AT_PAGESZ, or 0 */
	uint16_t machine;
	uint8_t wordsize;
	uint8_t bigendian;
};

int phdrs_read(
    const struct memsrc *, const struct phdrs_where *, struct phdrs_info *);
size_t phdrs_spans(const struct phdrs_info *, struct mem_span *);
void phdrs_segments(
    const struct memsrc *, const struct phdrs_where *, struct phdrs_info *);
const char *phdr_type_name(uint32_t);
const char *phdr_prop_name(uint16_t, uint32_t);
const char *phdr_prop_bit(uint16_t, uint32_t, unsigned int);

#endif
