/* JSON values that may be absent. */
#include <string.h>

#include "esc.h"
#include "json.h"

/* A string of len bytes, or null when s is NULL. */
void
json_str(struct out *f, const char *s, size_t len)
{
	if (s == NULL)
		out_str(f, "null");
	else
		esc_json(f, s, len);
}

/* A NUL-terminated string, or null. */
void
json_strz(struct out *f, const char *s)
{
	json_str(f, s, s != NULL ? strlen(s) : 0);
}

/* Bytes as a string of hex digits, or null when there are none. */
void
json_hexbytes(struct out *f, const unsigned char *p, size_t len)
{
	if (p == NULL || len == 0) {
		out_str(f, "null");
		return;
	}
	out_char(f, '"');
	out_hexbytes(f, p, len);
	out_char(f, '"');
}
