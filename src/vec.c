/*
 * Splitting raw vector bytes into (type, value) pairs.  The bytes come from
 * files and other processes and are not trusted: every length is checked
 * before it is used.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bounds.h"
#include "vec.h"

uint64_t
vec_word(const unsigned char *p, unsigned int size, int bigendian)
{
	int swap = bigendian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	uint64_t w = 0;
	uint32_t w32;
	unsigned int i;

	/* The common sizes as one load, swapped when not the host's order. */
	if (size == 8) {
		memcpy(&w, p, sizeof(w));
		return swap ? __builtin_bswap64(w) : w;
	}
	if (size == 4) {
		memcpy(&w32, p, sizeof(w32));
		return swap ? __builtin_bswap32(w32) : w32;
	}
	if (bigendian)
		for (i = 0; i < size; i++)
			w = w << 8 | p[i];
	else
		for (i = size; i-- > 0;)
			w = w << 8 | p[i];
	return w;
}

/*
 * The length of the vector in raw up to and including its AT_NULL pair,
 * or 0 when there is none.
 */
size_t
vec_null_end(const unsigned char *raw, size_t len, unsigned int ws, int be)
{
	size_t pair = 2 * (size_t)ws, off;

	if (ws != 4 && ws != 8)
		return 0;
	for (off = 0; len - off >= pair; off += pair)
		if (vec_word(raw + off, ws, be) == 0)
			return off + pair;
	return 0;
}

/*
 * Whether raw, read as words of ws bytes in byte order be, looks like a
 * vector a kernel made: 1 where it ends in an AT_NULL of value 0 and
 * every type before is below VEC_TYPE_MAX (the kernel's are below 64,
 * but half an address or a swapped word is not), -1 where one is not, 0
 * where it breaks off first.  Words read in the wrong size or order show
 * at once: the types become halves of addresses or have their bytes
 * swapped, and a big-endian 64-bit type read as two 32-bit words is an
 * AT_NULL whose value is the type.
 */
int
vec_plausible(const unsigned char *raw, size_t len, unsigned int ws, int be)
{
	size_t pair = 2 * (size_t)ws, off;
	uint64_t type;

	if (ws != 4 && ws != 8)
		return 0;
	for (off = 0; len - off >= pair && off / pair < AUXV_MAX_ENTRIES;
	     off += pair) {
		if ((type = vec_word(raw + off, ws, be)) == 0)
			return vec_word(raw + off + ws, ws, be) == 0 ? 1 : -1;
		if (type >= VEC_TYPE_MAX)
			return -1;
	}
	return 0;
}

_Static_assert(AUXV_MAX_ENTRIES == 4096, "message says 4096");
const char vec_too_large[] = "too large: more than 4096 entries before AT_NULL";

/*
 * Fills vec->ent (room for cap entries) from vec->raw, stopping at the
 * first AT_NULL, as the kernel and ld.so read a vector: what follows it is
 * not the vector's, so one that starts with AT_NULL is empty.  More than
 * AUXV_MAX_ENTRIES before AT_NULL is refused whole as too large.  The
 * entries before any other fault are kept, so that a truncated vector can
 * still be shown up to where it breaks.
 */
/*
 * How many entries of type the vector has; the first one's value in *val
 * (0 where there is none) unless val is NULL.
 */
size_t
vec_find(const struct auxv_vec *v, uint64_t type, uint64_t *val)
{
	size_t i, n = 0;

	if (val != NULL)
		*val = 0;
	for (i = 0; i < v->nent; i++)
		if (v->ent[i].type == type && n++ == 0 && val != NULL)
			*val = v->ent[i].value;
	return n;
}

int
vec_parse(struct auxv_vec *v, size_t cap, struct diag *d)
{
	unsigned int ws = v->wordsize;
	size_t pair = 2 * (size_t)ws, off;

	v->nent = 0;
	if (ws != 4 && ws != 8) {
		diag_set(d, EINVAL, "word size is neither 4 nor 8");
		return -1;
	}
	for (off = 0; v->rawlen - off >= pair; off += pair) {
		uint64_t type = vec_word(v->raw + off, ws, v->bigendian);

		if (type == 0)
			return 0;
		if (v->nent == cap || v->nent == AUXV_MAX_ENTRIES) {
			v->nent = 0;
			diag_set(d, EFBIG, vec_too_large);
			return -1;
		}
		v->ent[v->nent].type = type;
		v->ent[v->nent].value =
		    vec_word(v->raw + off + ws, ws, v->bigendian);
		v->nent++;
	}
	diag_at(d,
	    off == v->rawlen ? "no AT_NULL: truncated at offset"
	                     : "truncated at offset",
	    off);
	return -1;
}
