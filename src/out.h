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
#include <string.h>

#define OUT_BUF (64 * 1024)

struct out {
	int fd;
	int err; /* errno of the first failed write, or 0 */
	size_t len;
	char buf[OUT_BUF];
};

void out_init(struct out *, int);
int out_flush(struct out *);
void out_mem_slow(struct out *, const void *, size_t);
void out_dec(struct out *, uint64_t);
void out_hex(struct out *, uint64_t);
void out_oct(struct out *, uint64_t, unsigned int);
void out_snum(struct out *, int64_t, unsigned int);
void out_hexbytes(struct out *, const unsigned char *, size_t);
char *fmt_dec(char *, uint64_t);
char *fmt_hex(char *, uint64_t);

/* A literal at p, for a printer that reserved room first: the end. */
#define lit_at(p, lit)                                                         \
	((char *)memcpy((p), (lit), sizeof(lit) - 1) + sizeof(lit) - 1)

static inline void
out_char(struct out *o, char c)
{
	if (o->len == sizeof(o->buf))
		out_flush(o);
	o->buf[o->len++] = c;
}

/* Room for n more bytes (n is small), at the returned pointer. */
static inline char *
out_reserve(struct out *o, size_t n)
{
	if (n > sizeof(o->buf) - o->len)
		out_flush(o);
	return o->buf + o->len;
}

/* Inline, so that a literal's length and copy are known when compiled. */
static inline void
out_mem(struct out *o, const void *p, size_t n)
{
	if (n <= sizeof(o->buf) - o->len) {
		memcpy(o->buf + o->len, p, n);
		o->len += n;
	} else
		out_mem_slow(o, p, n);
}

/* A literal. */
static inline void
out_str(struct out *o, const char *s)
{
	out_mem(o, s, strlen(s));
}

/*
 * The first len bytes of a NUL-padded array of our tables: the whole
 * array is copied, a few stores at a size known when compiled, and only
 * len bytes kept.
 */
#define out_arr(o, arr, len) out_fixed((o), (arr), sizeof(arr), (len))

static inline void
out_fixed(struct out *o, const char *s, size_t size, size_t len)
{
	memcpy(out_reserve(o, size), s, size);
	o->len += len;
}

#endif
