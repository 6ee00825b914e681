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

/*
 * The walk over a word's set bits, lowest first, behind every list of
 * flags: a name is width bytes at the bit's place in tab, or lookup
 * names a bit from tab; none (NULL) adds it to unknown.
 */
struct bits {
	const char *(*lookup)(const void *, unsigned int, size_t *);
	const void *tab;
	size_t width;     /* names are arrays this wide in tab, or 0 */
	uint64_t left;    /* set bits not walked yet */
	uint64_t bit;     /* the bit just walked */
	const char *name; /* its name, or NULL */
	size_t len;
	uint64_t unknown;
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
size_t decode_spans(const struct auxv_vec *, struct mem_span *, size_t);
int decode_keys_present(const struct opts *, const struct auxv_vec *);
void bits_hwcap(struct bits *, uint64_t, enum hwcap_table);

/* The length of a NUL-padded table name of at most size bytes. */
static inline size_t
name_len(const char *s, size_t size)
{
	size_t n = 0;

	while (n < size && s[n] != '\0')
		n++;
	return n;
}

/* The next set bit of the walk: 0 when there is none. */
static inline int
bits_next(struct bits *w)
{
	if (w->left == 0)
		return 0;
	w->bit = w->left & -w->left;
	w->left &= w->left - 1;
	/* A table of fixed-width names is read here, not through lookup. */
	if (w->width != 0) {
		w->name = (const char *)w->tab +
		    (size_t)__builtin_ctzll(w->bit) * w->width;
		if ((w->len = name_len(w->name, w->width)) == 0)
			w->name = NULL;
	} else
		w->name = w->lookup(
		    w->tab, (unsigned int)__builtin_ctzll(w->bit), &w->len);
	if (w->name == NULL)
		w->unknown |= w->bit;
	return 1;
}

#endif
