/*
 * Entry to struct decoded.  No I/O but through the vector's memsrc.
 */
#include <string.h>

#include "arch.h"
#include "decode.h"

/*
 * Reads the NUL-terminated string at addr into the pool, at most
 * AUXV_MAX_STR bytes, a block at a time so that a string near the end of
 * a mapping can be read; a short read is followed by another, until one
 * fails.  Returns -1 when not a byte could be read.
 */
static int
read_str(
    const struct memsrc *m, uint64_t addr, struct decoded *d, struct strpool *p)
{
	char *dst = p->buf + p->used;
	size_t room = sizeof(p->buf) - p->used, len = 0;

	if (room > AUXV_MAX_STR)
		room = AUXV_MAX_STR;
	while (len < room) {
		size_t want =
		    AUXV_MEM_BLOCK - (size_t)((addr + len) % AUXV_MEM_BLOCK);
		const unsigned char *nul;
		size_t end;
		ssize_t n;

		if (want > room - len)
			want = room - len;
		n = m->read(m, addr + len, dst + len, want);
		if (n <= 0)
			break;
		end = len + (size_t)n;
		if ((nul = memchr(dst + len, '\0', (size_t)n)) != NULL) {
			len = (size_t)(nul - (const unsigned char *)dst);
			goto found;
		}
		len = end;
	}
	/* No NUL: a string cut by the end of readable memory or the cap. */
	if (len == 0)
		return -1;
	d->truncated = 1;
found:
	d->str = dst;
	d->strlen = len;
	p->used += len;
	return 0;
}

static int
read_bytes(
    const struct memsrc *m, uint64_t addr, unsigned char *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = m->read(m, addr + got, buf + got, len - got);

		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}

void
decode_entry(const struct auxv_vec *v, const struct auxv_ent *e,
    struct decoded *d, struct strpool *p)
{
	unsigned int word;
	uint64_t set;

	memset(d, 0, sizeof(*d));
	d->type = e->type;
	d->value = e->value;
	/* Without an architecture, every type is named that anyone names. */
	d->at =
	    at_lookup(e->type, v->arch != NULL ? v->arch->families : AF_ALL);
	d->form = d->at != NULL ? d->at->form : F_HEX;

	switch (d->form) {
	case F_STR:
		if (v->mem.read != NULL && e->value != 0 &&
		    read_str(&v->mem, e->value, d, p) == 0)
			d->readable = 1;
		break;
	case F_RANDOM:
		if (v->mem.read != NULL && e->value != 0 &&
		    read_bytes(&v->mem, e->value, d->bytes, sizeof(d->bytes)) ==
		        0)
			d->readable = 1;
		break;
	default:
		if (!at_is_hwcap(d->form))
			break;
		word = (unsigned int)(d->form - F_HWCAP);
		if (v->arch != NULL)
			d->bits = (enum hwcap_table)v->arch->hwcap[word];
		for (set = e->value; set != 0; set &= set - 1)
			if (hwcap_names[d->bits][__builtin_ctzll(set)][0] ==
			    '\0')
				d->unknown_bits |= set & -set;
		break;
	}
}
