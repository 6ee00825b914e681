/*
 * The vDSO image at AT_SYSINFO_EHDR: its soname, build ID, version
 * definitions and exported functions, from its section headers.  Every
 * offset, count and string in it is checked before use.
 */
#ifndef AUXV_VDSO_H
#define AUXV_VDSO_H

#include <stddef.h>
#include <stdint.h>

#include "bounds.h"
#include "vec.h"

/* Bytes of the image: a string (no NUL) in it. */
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

#define VDSO_HASH_SYSV 0x1 /* DT_HASH */
#define VDSO_HASH_GNU  0x2 /* DT_GNU_HASH */

/* The arrays last: vdso_parse() clears what is before them. */
struct vdso_info {
	const unsigned char *img; /* the caller's buffer */
	size_t len;               /* bytes of it read */
	int has_soname;
	struct fw_str soname;
	size_t build_id_len; /* 0: none */
	size_t nver, nsym;
	const char *bad; /* the first malformed part, or NULL */
	uint64_t badoff; /* where in the image */
	/* From the program headers: the PT_LOADs' span, PT_DYNAMIC's tags. */
	size_t nload;
	uint64_t load_lo, load_hi; /* lowest p_vaddr, highest p_vaddr + memsz */
	unsigned int hash;         /* VDSO_HASH_* found in PT_DYNAMIC */
	/* The values of the symbols defined in a section, of any type. */
	size_t ndef;
	uint64_t def_lo, def_hi;
	uint16_t dynsym_ndx, versym_ndx; /* their sections, or 0 */
	unsigned char build_id[AUXV_BUILD_ID_MAX];
	struct vdso_ver ver[AUXV_VDSO_VERS];
	struct vdso_sym sym[AUXV_VDSO_SYMS];
};

size_t vdso_len(const unsigned char *, size_t);
void vdso_parse(const unsigned char *, size_t, struct vdso_info *);
int vdso_find(const struct vdso_info *, const char *, const char *);

#endif
