/*
 * What every JSON writer shares: the commas between the members of an
 * object or the elements of an array, keys, and strings (through
 * esc_json) that are null when absent.
 */
#ifndef AUXV_JSON_H
#define AUXV_JSON_H

#include <stddef.h>

#include "out.h"

/* An object or array being written. */
struct json {
	struct out *f;
	size_t n; /* members or elements so far: the next needs a comma */
};

/* The comma before a member or element, but the first. */
static inline void
json_next(struct json *j)
{
	if (j->n++ > 0)
		out_char(j->f, ',');
}

/* A member's key, a literal that needs no escape, and its colon. */
static inline void
json_key(struct json *j, const char *key)
{
	json_next(j);
	out_char(j->f, '"');
	out_str(j->f, key);
	out_mem(j->f, "\":", 2);
}

/*
 * Text of our own tables, NUL-padded arrays of plain ASCII with no quote
 * or backslash: copied whole, quoted, len bytes kept.
 */
#define json_arr(f, arr, len) json_fixed((f), (arr), sizeof(arr), (len))

static inline void
json_fixed(struct out *f, const char *s, size_t size, size_t len)
{
	out_char(f, '"');
	out_fixed(f, s, size, len);
	out_char(f, '"');
}

void json_str(struct out *, const char *, size_t);
void json_strz(struct out *, const char *);
void json_hexbytes(struct out *, const unsigned char *, size_t);

#endif
