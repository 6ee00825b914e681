/*
 * The two structures a vector points to that are more than a string: the
 * vDSO's ELF image at AT_SYSINFO_EHDR, and the program's program headers
 * at AT_PHDR.  Both are read through the vector's memsrc, into the
 * caller's struct, and every offset, count and string in them is checked
 * before use: the memory is the target's, and a core is anybody's.
 */
#ifndef AUXV_FOLLOW_H
#define AUXV_FOLLOW_H

#include <stddef.h>
#include <stdint.h>

#include "vec.h"

/* The most of a vDSO read: every architecture's is well below. */
#define FOLLOW_MAX_IMAGE (64 * 1024)

/* Reads stop at the end of a block of this size, as decode.c's do. */
#define FOLLOW_BLOCK 4096u

/* What is kept of a vDSO; past these it is reported as malformed. */
#define FOLLOW_MAX_SECTIONS 64
#define FOLLOW_MAX_VERS     16
#define FOLLOW_MAX_SYMS     128
#define FOLLOW_MAX_BUILD_ID 64

/* Program headers kept, bytes of one, and of what they point to. */
#define FOLLOW_MAX_PHDRS  128
#define FOLLOW_MAX_INTERP 4096
#define FOLLOW_MAX_NOTE   1024
#define FOLLOW_MAX_PROPS  16

/* Not in every libc's <elf.h> yet. */
#define FOLLOW_PT_GNU_PROPERTY 0x6474e553

/* Bytes of a buffer: a string (no NUL) in the vDSO image. */
struct fw_str {
	uint32_t off;
	uint32_t len;
};

/* A version definition: VER_FLG_BASE names the object itself. */
struct vdso_ver {
	struct fw_str name;
	uint16_t ndx;
	uint16_t flags;
};

/* An exported function and its version. */
struct vdso_sym {
	struct fw_str name;
	int16_t ver;    /* index into vdso_info.ver, or -1: none */
	uint8_t hidden; /* not the default version: name@VER */
	uint8_t weak;
};

struct vdso_info {
	const unsigned char *img; /* the caller's buffer */
	size_t len;               /* bytes of it read */
	uint8_t class64;
	uint8_t bigendian;
	uint16_t machine;
	int has_soname;
	struct fw_str soname;
	size_t build_id_len; /* 0: none */
	unsigned char build_id[FOLLOW_MAX_BUILD_ID];
	size_t nver;
	struct vdso_ver ver[FOLLOW_MAX_VERS];
	size_t nsym;
	struct vdso_sym sym[FOLLOW_MAX_SYMS];
	const char *bad; /* the first malformed part, or NULL */
	uint64_t badoff; /* where in the image */
};

struct phdr_prop {
	uint32_t type;
	uint32_t datasz;
	uint64_t value; /* the first 4 or 8 bytes of the data */
};

struct phdr_ent {
	uint32_t type;
	uint32_t flags;
	uint64_t offset;
	uint64_t vaddr;
	uint64_t filesz;
	uint64_t memsz;
	uint64_t align;
};

/* What a PT_INTERP or PT_GNU_PROPERTY segment's bytes turned out to be. */
enum fw_state { FW_NONE, FW_OK, FW_UNREADABLE, FW_BAD };

struct phdrs_info {
	uint16_t machine; /* for the names of GNU properties */
	uint8_t class64;
	size_t n;
	struct phdr_ent ph[FOLLOW_MAX_PHDRS];
	int have_bias; /* the load bias is known: segments can be read */
	uint64_t bias;
	enum fw_state interp_state;
	size_t interplen; /* NUL excluded */
	char interp[FOLLOW_MAX_INTERP];
	enum fw_state prop_state;
	size_t nprop;
	struct phdr_prop prop[FOLLOW_MAX_PROPS];
	const char *bad; /* the first malformed part, or NULL */
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

/*
 * What the first AT_SYSINFO_EHDR and AT_PHDR of a vector point to, read
 * once, before anything is printed, for the formats that show it.
 */
enum follow_state { FOLLOW_ABSENT, FOLLOW_UNREADABLE, FOLLOW_READ };

struct followed {
	enum follow_state vdso, phdrs;
	size_t vdso_at, phdrs_at; /* their entries' index, or SIZE_MAX */
	struct vdso_info vi;
	struct phdrs_info pi;
	unsigned char img[FOLLOW_MAX_IMAGE]; /* the vDSO, as read */
};

struct decoded;

void follow_vector(
    const struct auxv_vec *, const struct decoded *, size_t, struct followed *);
int vdso_read(const struct memsrc *, uint64_t, unsigned char *, size_t,
    struct vdso_info *);
void vdso_parse(const unsigned char *, size_t, struct vdso_info *);
int phdrs_read(
    const struct memsrc *, const struct phdrs_where *, struct phdrs_info *);
const char *phdr_type_name(uint32_t);
const char *phdr_prop_name(uint16_t, uint32_t);
const char *phdr_prop_bit(uint16_t, uint32_t, unsigned int);

#endif
