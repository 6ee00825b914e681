/*
 * One vector entry made ready to print: its name and form, the string or
 * bytes it points to, and its flag bits.
 */
#ifndef AUXV_DECODE_H
#define AUXV_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "at.h"
#include "bounds.h"
#include "hwcap.h"
#include "opts.h"
#include "vec.h"

struct decoded {
	uint64_t type;
	uint64_t value;
	const struct at_type *at; /* NULL: nobody names this type */
	enum at_form form;
	int readable;    /* F_STR, F_RANDOM: memory was read */
	int truncated;   /* F_STR: no NUL in AUXV_MAX_STR */
	const char *str; /* F_STR, not NUL-terminated */
	size_t strlen;
	unsigned char bytes[AUXV_RANDOM_LEN];
	enum hwcap_table bits; /* F_HWCAP*: whose names; else HWT_NONE */
};

/* Holds the strings of one vector's decoded entries. */
struct strpool {
	size_t used;
	char buf[AUXV_STR_POOL];
};

void decode_entry(const struct auxv_vec *, const struct auxv_ent *,
    struct decoded *, struct strpool *);
size_t decode_all(const struct auxv_vec *, const struct opts *,
    struct decoded *, struct strpool *);
int decode_keys_present(const struct opts *, const struct auxv_vec *);

#endif
