/*
 * What od -t d8 (or -t d4 for a 32-bit vector) prints for the raw bytes,
 * byte for byte: 16 bytes a line, a repeated line folded into "*", a short
 * last element zero-filled, and the final offset line.  od reads words in
 * the host's byte order, and so does this.
 */
#include <string.h>

#include "print.h"

#define LINE 16

static void
od_line(struct out *f, const unsigned char *p, size_t n, unsigned int ws)
{
	size_t i, j;

	for (i = 0; i < n; i += ws) {
		unsigned char b[8] = { 0 };

		for (j = 0; j < ws && i + j < n; j++)
			b[j] = p[i + j];
		out_char(f, ' ');
		if (ws == 8) {
			int64_t x;

			memcpy(&x, b, sizeof(x));
			out_snum(f, x, 20);
		} else {
			int32_t x;

			memcpy(&x, b, sizeof(x));
			out_snum(f, x, 11);
		}
	}
}

static int
same_line(const unsigned char *a, const unsigned char *b)
{
	size_t i;

	for (i = 0; i < LINE; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

static void
od_vector(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	unsigned int ws = v->wordsize == 4 ? 4 : 8;
	size_t off, len;
	int folded = 0;

	(void)d;
	(void)n;
	pr_header(f, c, v);
	for (off = 0; off < v->rawlen; off += len) {
		len = v->rawlen - off < LINE ? v->rawlen - off : LINE;
		if (off > 0 && len == LINE &&
		    same_line(v->raw + off, v->raw + off - LINE)) {
			if (!folded)
				out_str(f, "*\n");
			folded = 1;
			continue;
		}
		folded = 0;
		out_oct(f, off, 7);
		od_line(f, v->raw + off, len, ws);
		out_char(f, '\n');
	}
	out_oct(f, v->rawlen, 7);
	out_char(f, '\n');
}

const struct printer pr_od = {
	"od",
	0,
	od_vector,
	NULL,
	NULL,
	NULL,
	NULL,
};
