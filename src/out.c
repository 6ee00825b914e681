/*
 * The output buffer and its number formats.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "out.h"

static const char digits[16] = "0123456789abcdef";

void
out_init(struct out *o, int fd)
{
	o->fd = fd;
	o->err = 0;
	o->len = 0;
}

/* Writes out the buffer; -1 once any write has failed. */
int
out_flush(struct out *o)
{
	size_t done = 0;
	ssize_t n;

	while (done < o->len && o->err == 0) {
		n = write(o->fd, o->buf + done, o->len - done);
		if (n == -1)
			o->err = errno;
		else if (n == 0)
			o->err = EIO;
		else
			done += (size_t)n;
	}
	o->len = 0;
	return o->err == 0 ? 0 : -1;
}

/* Fills the buffer, flushes, and goes on: a piece larger than the room. */
void
out_mem_slow(struct out *o, const void *p, size_t n)
{
	const char *s = p;
	size_t room;

	while (n > 0) {
		if (o->len == sizeof(o->buf))
			out_flush(o);
		room = sizeof(o->buf) - o->len;
		if (room > n)
			room = n;
		memcpy(o->buf + o->len, s, room);
		o->len += room;
		s += room;
		n -= room;
	}
}

/* Powers of ten: the number of digits of v is found by comparing. */
static const uint64_t tens[20] = {
	1ULL,
	10ULL,
	100ULL,
	1000ULL,
	10000ULL,
	100000ULL,
	1000000ULL,
	10000000ULL,
	100000000ULL,
	1000000000ULL,
	10000000000ULL,
	100000000000ULL,
	1000000000000ULL,
	10000000000000ULL,
	100000000000000ULL,
	1000000000000000ULL,
	10000000000000000ULL,
	100000000000000000ULL,
	1000000000000000000ULL,
	10000000000000000000ULL,
};

/* "00" to "99": two digits a step. */
static const char dec_pairs[200] =
    "000102030405060708091011121314151617181920212223242526272829"
    "3031323334353637383940414243444546474849505152535455565758596061626364"
    "6566676869707172737475767778798081828384858687888990919293949596979899";

/*
 * Unsigned decimal, as %llu, at p, which has room for 20 digits; returns
 * the end.  Two digits a step, written backwards.
 */
char *
fmt_dec(char *p, uint64_t v)
{
	/* log10 from the bit length: 1233/4096 is just above log10(2). */
	unsigned int bits = 64 - (unsigned int)__builtin_clzll(v | 1);
	unsigned int ndig = (bits * 1233) >> 12;
	char *end;

	ndig += v >= tens[ndig];
	ndig += ndig == 0;
	end = p + ndig;
	p = end;
	while (v >= 100) {
		unsigned int r = (unsigned int)(v % 100);

		v /= 100;
		p -= 2;
		memcpy(p, dec_pairs + 2 * r, 2);
	}
	if (v >= 10) {
		*--p = (char)('0' + v % 10);
		v /= 10;
	}
	*--p = (char)('0' + v);
	return end;
}

void
out_dec(struct out *o, uint64_t v)
{
	char *p = out_reserve(o, 20);

	o->len += (size_t)(fmt_dec(p, v) - p);
}

/* "00" to "ff". */
static const char hex_pairs[512] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

/* Bare lowercase hex, as %llx, at p (room for 16 digits): the end. */
char *
fmt_hex(char *p, uint64_t v)
{
	unsigned int ndig = (67 - (unsigned int)__builtin_clzll(v | 1)) / 4;
	char *end = p + ndig;

	for (p = end; v > 0xf; v >>= 8) {
		p -= 2;
		memcpy(p, hex_pairs + 2 * (v & 0xff), 2);
	}
	if (p > end - ndig)
		*--p = digits[v];
	return end;
}

void
out_hex(struct out *o, uint64_t v)
{
	char *p = out_reserve(o, 16);

	o->len += (size_t)(fmt_hex(p, v) - p);
}

/* Octal, zero-filled to width columns (at most 22), as %0*llo. */
void
out_oct(struct out *o, uint64_t v, unsigned int width)
{
	unsigned int ndig = (66 - (unsigned int)__builtin_clzll(v | 1)) / 3;
	unsigned int total;
	char *p, *start;

	if (width > 22)
		width = 22;
	total = ndig > width ? ndig : width;
	start = out_reserve(o, total);
	p = start + total;
	do {
		*--p = digits[v & 7];
		v >>= 3;
	} while (v != 0);
	while (p > start)
		*--p = '0';
	o->len += total;
}

/* Signed decimal right-aligned in width columns, as %*lld. */
void
out_snum(struct out *o, int64_t v, unsigned int width)
{
	uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	char tmp[20];
	size_t n = (size_t)(fmt_dec(tmp, mag) - tmp);

	for (; width > n + (v < 0); width--)
		out_char(o, ' ');
	if (v < 0)
		out_char(o, '-');
	out_mem(o, tmp, n);
}

/* Each byte as two lowercase hex digits. */
void
out_hexbytes(struct out *o, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		out_char(o, digits[p[i] >> 4]);
		out_char(o, digits[p[i] & 15]);
	}
}
