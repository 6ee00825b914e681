/*
 * The JSON member names, built from json_names.def and indexed by their
 * constants.
 */
#include <string.h>

#include "json_names.h"

#define JSON_NAME(id, name)                                                    \
	_Static_assert(sizeof(name) <= JN_ROOM, "no room for " name);
#include "json_names.def"
#undef JSON_NAME

_Static_assert(JN_COUNT <= 64, "JN_BIT takes a 64-bit set");

const struct jn_row jn_rows[JN_COUNT] = {
#define JSON_NAME(id, name) [JN_##id] = { name, sizeof(name) - 1 },
#include "json_names.def"
#undef JSON_NAME
};

/* The constant of the name s, len bytes, or JN_COUNT when it is none. */
enum json_name
jn_lookup(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < JN_COUNT; i++)
		if (jn_rows[i].len == len &&
		    memcmp(jn_rows[i].name, s, len) == 0)
			break;
	return (enum json_name)i;
}
