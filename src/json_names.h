/*
 * The member names of auxv's JSON, one row each in json_names.def: a
 * writer puts a member's key by its constant, and the reader finds the
 * constant of a key it has read.
 */
#ifndef AUXV_JSON_NAMES_H
#define AUXV_JSON_NAMES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "json.h"

/* Room for the longest name and its NUL. */
#define JN_ROOM 16

enum json_name {
#define JSON_NAME(id, name) JN_##id,
#include "json_names.def"
#undef JSON_NAME
	JN_COUNT /* also: a key that is none of them */
};

/* A set of names, for a writer that picks some. */
#define JN_BIT(id) ((uint64_t)1 << JN_##id)

struct jn_row {
	char name[JN_ROOM]; /* NUL-padded */
	uint8_t len;
};

extern const struct jn_row jn_rows[JN_COUNT];

enum json_name jn_lookup(const char *, size_t);

/*
 * A member's key and its colon at p, in room reserved for JN_ROOM + 2
 * bytes: the end.  The whole name array is copied, a few stores at a size
 * known when compiled, as out_arr does.
 */
static inline char *
jn_at(char *p, enum json_name n)
{
	const struct jn_row *r = &jn_rows[n];

	*p = '"';
	memcpy(p + 1, r->name, sizeof(r->name));
	p += 1 + r->len;
	*p++ = '"';
	*p++ = ':';
	return p;
}

/* A member's key, after the comma it needs. */
static inline void
jn_key(struct json *j, enum json_name n)
{
	char *p;

	json_next(j);
	p = out_reserve(j->f, JN_ROOM + 2);
	j->f->len += (size_t)(jn_at(p, n) - p);
}

#endif
