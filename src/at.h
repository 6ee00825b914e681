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

/* Architecture families that define their own AT_ types. */
#define AF_ALPHA 0x01u
#define AF_SH    0x02u
#define AF_SPARC 0x04u
#define AF_ALL   (~0u)

struct at_type {
	const char *name; /* without the AT_ prefix */
	const char *desc;
	enum at_form form;
	unsigned int families;
};

const struct at_type *at_lookup(uint64_t, unsigned int);
int at_key(const char *, uint64_t *);

#endif
