/*
 * The one reader of target memory for what a vector points to: strings,
 * random bytes, the vDSO and the program headers.
 */
#include <errno.h>
#include <string.h>

#include "bounds.h"
#include "vec.h"

/*
 * Reads len bytes at addr through m, a block at a time, so that a read
 * never runs from a readable page into an unreadable one; a short read is
 * followed by another, until one fails.  With err (a string is read),
 * stops after the block that holds a NUL and sets *err to the errno of
 * the read that failed, 0 when none did: errno is touched only then, so
 * that a run whose reads all succeed binds no __errno_location.  Returns
 * how many bytes were read.
 */
size_t
mem_get(const struct memsrc *m, uint64_t addr, void *buf, size_t len, int *err)
{
	unsigned char *p = buf;
	size_t got = 0, want;
	ssize_t n;

	if (err != NULL)
		*err = 0;
	if (m->read == NULL)
		return 0;
	/* Up to the top of the address space (its very last byte left out). */
	if (len > UINT64_MAX - addr)
		len = (size_t)(UINT64_MAX - addr);
	while (got < len) {
		want = AUXV_MEM_BLOCK - (size_t)((addr + got) % AUXV_MEM_BLOCK);
		if (want > len - got)
			want = len - got;
		if ((n = m->read(m, addr + got, p + got, want)) <= 0) {
			if (n < 0 && err != NULL)
				*err = errno;
			break;
		}
		if ((size_t)n > want)
			n = (ssize_t)want;
		got += (size_t)n;
		if (err != NULL && memchr(p + got - (size_t)n, '\0', (size_t)n))
			break;
	}
	return got;
}

/* Tells the source what will be read next, where that helps it. */
void
mem_ahead(const struct memsrc *m, const struct mem_span *sp, size_t n)
{
	if (m->ahead != NULL && n > 0)
		m->ahead(m, sp, n);
}
