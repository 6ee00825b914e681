/*
 * What od -t d8 (or -t d4 for a 32-bit vector) prints for the raw bytes,
 * byte for byte: 16 bytes a line, a repeated line folded into "*", a short
 * last element zero-filled, and the final offset line.  od reads words in
 * the host's byte order, and so does this.
 */
#include <inttypes.h>
#include <string.h>

#include "print.h"

#define LINE 16

static void
od_line(FILE *f, const unsigned char *p, size_t n, unsigned int ws)
{
	size_t i;

	for (i = 0; i < n; i += ws) {
		unsigned char b[8] = { 0 };

		memcpy(b, p + i, n - i < ws ? n - i : ws);
		if (ws == 8) {
			int64_t x;

			memcpy(&x, b, sizeof(x));
			fprintf(f, " %20" PRId64, x);
		} else {
			int32_t x;

			memcpy(&x, b, sizeof(x));
			fprintf(f, " %11" PRId32, x);
		}
	}
}

static void
od_vector(FILE *f, const struct pr_ctx *c, const struct auxv_vec *v,
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
				fputs("*\n", f);
			folded = 1;
			continue;
		}
		folded = 0;
		fprintf(f, "%07zo", off);
		od_line(f, v->raw + off, len, ws);
		putc('\n', f);
	}
	fprintf(f, "%07zo\n", v->rawlen);
}

const struct printer pr_od = {
	"od",
	0,
	od_vector,
	NULL,
};
