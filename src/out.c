/*
 * The output buffer and its number formats.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "out.h"

static const char digits[] = "0123456789abcdef";

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
		if (n == -1 && errno == EINTR)
			continue;
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

/*
 * v in base 8, 10 or 16, right-aligned in width columns filled with pad
 * (' ' or '0'), as printf's %*llu, %0*llo and %llx.  The digits are
 * counted first, then written backwards in place.
 */
void
out_num(
    struct out *o, uint64_t v, unsigned int base, unsigned int width, char pad)
{
	unsigned int ndig, total;
	uint64_t t;
	char *p, *start;

	if (base == 16)
		ndig = v == 0 ? 1 : (67 - (unsigned int)__builtin_clzll(v)) / 4;
	else if (base == 8)
		ndig = v == 0 ? 1 : (66 - (unsigned int)__builtin_clzll(v)) / 3;
	else
		for (ndig = 1, t = v; t >= 10; t /= 10)
			ndig++;
	if (width > 64)
		width = 64;
	total = ndig > width ? ndig : width;
	start = out_reserve(o, total);
	p = start + total;
	if (base == 16)
		do {
			*--p = digits[v & 15];
			v >>= 4;
		} while (v != 0);
	else if (base == 10)
		do {
			*--p = digits[v % 10];
			v /= 10;
		} while (v != 0);
	else
		do {
			*--p = digits[v & 7];
			v >>= 3;
		} while (v != 0);
	while (p > start)
		*--p = pad;
	o->len += total;
}

/* Signed decimal right-aligned in width columns, as %*lld. */
void
out_snum(struct out *o, int64_t v, unsigned int width)
{
	uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	char tmp[24];
	size_t n = 0;

	do {
		tmp[n++] = digits[mag % 10];
		mag /= 10;
	} while (mag != 0);
	if (v < 0)
		tmp[n++] = '-';
	while (width > n) {
		out_char(o, ' ');
		width--;
	}
	while (n > 0)
		out_char(o, tmp[--n]);
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
