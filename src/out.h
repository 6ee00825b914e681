/*
 * Buffered output to a file descriptor, with the number formats the
 * printers need.  No stdio: nothing to set up at start, no locking, and
 * one write(2) per buffer.  The first failed write is kept for the exit
 * status; what follows it is dropped.
 */
#ifndef AUXV_OUT_H
#define AUXV_OUT_H

#include <stddef.h>
#include <stdint.h>

#define OUT_BUF (64 * 1024)

struct out {
	int fd;
	int err; /* errno of the first failed write, or 0 */
	size_t len;
	char buf[OUT_BUF];
};

void out_init(struct out *, int);
int out_flush(struct out *);
void out_mem(struct out *, const void *, size_t);
void out_str(struct out *, const char *);
void out_pad(struct out *, size_t);
void out_num(struct out *, uint64_t, unsigned int, unsigned int, char);
void out_snum(struct out *, int64_t, unsigned int);
void out_hexbytes(struct out *, const unsigned char *, size_t);

/* strlen(3) without the libc call. */
static inline size_t
out_strlen(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0')
		n++;
	return n;
}

static inline void
out_char(struct out *o, char c)
{
	if (o->len == sizeof(o->buf))
		out_flush(o);
	o->buf[o->len++] = c;
}

/* Unsigned decimal, and bare lowercase hex, as %llu and %llx. */
static inline void
out_dec(struct out *o, uint64_t v)
{
	out_num(o, v, 10, 0, ' ');
}

static inline void
out_hex(struct out *o, uint64_t v)
{
	out_num(o, v, 16, 0, ' ');
}

#endif
