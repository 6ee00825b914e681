/*
 * AT_ types as data: name, form and description, looked up by number
 * (for the vector's architecture) or by a -k key.
 */
#ifndef AUXV_AT_H
#define AUXV_AT_H

#include <stdint.h>

/*
 * How a value is shown.  The forms of the types glibc names follow glibc's
 * LD_SHOW_AUXV: F_HEX is bare hex, F_ADDR is 0x hex.
 */
enum at_form {
	F_DEC,    /* size or count, decimal */
	F_ID,     /* user or group ID, decimal */
	F_BOOL,   /* 0 or 1, decimal */
	F_HEX,    /* bare hex */
	F_ADDR,   /* 0x hex */
	F_STR,    /* address of a NUL-terminated string */
	F_RANDOM, /* address of AUXV_RANDOM_LEN bytes */
	F_HWCAP,  /* bit mask, bare hex, names from word 0 */
	F_HWCAP2, /* bit mask, 0x hex, names from word 1 */
	F_HWCAP3,
	F_HWCAP4,
};

/* The forms of the HWCAP words, whose bits have names. */
static inline int
at_is_hwcap(enum at_form f)
{
	return f >= F_HWCAP && f <= F_HWCAP4;
}

/* Architecture families that define their own AT_ types. */
#define AF_ALPHA 0x01u
#define AF_SH    0x02u
#define AF_SPARC 0x04u
#define AF_ALL   (~0u)

/*
 * The longest name and description in at.def, NUL included, so that
 * struct at_type holds its text inline: a table of pointers would need a
 * relocation per pointer each time the program starts.
 */
union at_name_len {
#define AT_X(num, name, form, fam, desc) char at_##name[sizeof(#name)];
#include "at.def"
#undef AT_X
};

union at_desc_len {
#define AT_X(num, name, form, fam, desc) char at_##name[sizeof(desc)];
#include "at.def"
#undef AT_X
};

/* The types' numbers, from at.def: AT_NUM_PAGESZ is 6. */
enum at_num {
#define AT_X(num, name, form, fam, desc) AT_NUM_##name = num,
#include "at.def"
#undef AT_X
};

struct at_type {
	char name[sizeof(union at_name_len)]; /* without the AT_ prefix */
	char desc[sizeof(union at_desc_len)];
	enum at_form form;
	unsigned int families;
	unsigned char namelen; /* strlen(name), from the compiler */
	unsigned char desclen; /* strlen(desc) */
};

const struct at_type *at_lookup(uint64_t, unsigned int);
struct near;
void at_near(const char *, struct near *);
int at_key(const char *, uint64_t *);

#endif
