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
		union {
			unsigned char b[8];
			int64_t q;
			int32_t l;
		} x = { { 0 } };

		for (j = 0; j < ws && i + j < n; j++)
			x.b[j] = p[i + j];
		out_char(f, ' ');
		out_snum(f, ws == 8 ? x.q : x.l, ws == 8 ? 20 : 11);
	}
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
		    memcmp(v->raw + off, v->raw + off - LINE, LINE) == 0) {
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

const struct printer pr_od = { "od", .vector = od_vector };
