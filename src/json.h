/*
 * What every JSON writer shares: the commas between the members of an
 * object or the elements of an array, keys, and strings (through
 * esc_json) that are null when absent.
 */
#ifndef AUXV_JSON_H
#define AUXV_JSON_H

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
#define json_key(j, key) json_member((j), "\"" key "\":", sizeof(key) + 2)

static inline void
json_member(struct json *j, const char *quoted, size_t len)
{
	json_next(j);
	out_mem(j->f, quoted, len);
}

/* Text of our own tables, plain ASCII with no quote or backslash. */
static inline void
json_lit(struct out *f, const char *s, size_t len)
{
	out_char(f, '"');
	out_mem(f, s, len);
	out_char(f, '"');
}

void json_str(struct out *, const char *, size_t);
void json_strz(struct out *, const char *);
void json_hexbytes(struct out *, const unsigned char *, size_t);

#endif
