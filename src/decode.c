/*
 * Entry to struct decoded.  No I/O but through the vector's memsrc.
 */
#include <errno.h>
#include <string.h>

#include "arch.h"
#include "decode.h"

/*
 * Reads the NUL-terminated string at addr into the pool, at most
 * AUXV_MAX_STR bytes; one cut by the end of readable memory (EFAULT, or
 * EIO from /proc/PID/mem, or the end of a file) or the cap is marked
 * truncated.  Returns -1 when not a byte could be read, or when the read
 * of the rest failed for another reason (ENOMEM, ESRCH): what was read is
 * not known to be the string.
 */
static int
read_str(
    const struct memsrc *m, uint64_t addr, struct decoded *d, struct strpool *p)
{
	char *dst = p->buf + p->used, *nul;
	size_t room = sizeof(p->buf) - p->used, len;
	int err;

	if (room > AUXV_MAX_STR)
		room = AUXV_MAX_STR;
	if ((len = mem_get(m, addr, dst, room, &err)) == 0)
		return -1;
	if ((nul = memchr(dst, '\0', len)) != NULL)
		len = (size_t)(nul - dst);
	else if (len < room && err != 0 && err != EFAULT && err != EIO)
		return -1;
	else
		d->truncated = 1;
	d->str = dst;
	d->strlen = len;
	p->used += len;
	return 0;
}

/* Without an architecture, every type is named that anyone names. */
static const struct at_type *
entry_type(const struct auxv_vec *v, uint64_t type)
{
	return at_lookup(type, v->arch != NULL ? v->arch->families : AF_ALL);
}

void
decode_entry(const struct auxv_vec *v, const struct auxv_ent *e,
    struct decoded *d, struct strpool *p)
{
	unsigned int word;

	memset(d, 0, sizeof(*d));
	d->type = e->type;
	d->value = e->value;
	d->at = entry_type(v, e->type);
	d->form = d->at != NULL ? d->at->form : F_HEX;

	switch (d->form) {
	case F_STR:
		if (v->mem.read != NULL && e->value != 0 &&
		    read_str(&v->mem, e->value, d, p) == 0)
			d->readable = 1;
		break;
	case F_RANDOM:
		if (v->mem.read != NULL && e->value != 0 &&
		    mem_get(&v->mem, e->value, d->bytes, sizeof(d->bytes),
		        NULL) == sizeof(d->bytes))
			d->readable = 1;
		break;
	default:
		if (!at_is_hwcap(d->form))
			break;
		word = (unsigned int)(d->form - F_HWCAP);
		if (v->arch != NULL)
			d->bits = (enum hwcap_table)v->arch->hwcap[word];
		break;
	}
}

/*
 * Where decode_entry() will read, at most max spans into sp, for a
 * source to read ahead in one go: every entry's random bytes, and the
 * first AUXV_PID_AHEAD bytes of its string, not past the block (a read
 * stops there; a longer string is read on from there).  How many.
 */
size_t
decode_spans(const struct auxv_vec *v, struct mem_span *sp, size_t max)
{
	const struct at_type *t;
	uint64_t a, end;
	size_t i, n = 0;

	for (i = 0; i < v->nent && n < max; i++) {
		if ((t = entry_type(v, v->ent[i].type)) == NULL)
			continue;
		a = v->ent[i].value;
		end = a - a % AUXV_MEM_BLOCK + AUXV_MEM_BLOCK;
		if (t->form == F_RANDOM)
			sp[n++] = (struct mem_span){ a, AUXV_RANDOM_LEN, 0 };
		else if (t->form == F_STR && a != 0)
			sp[n++] = (struct mem_span){ a,
				end - a > AUXV_PID_AHEAD ? AUXV_PID_AHEAD
				                         : (size_t)(end - a),
				0 };
	}
	return n;
}

/* Whether -k keeps entries of this type: all when no key is given. */
static int
key_wanted(const struct opts *o, uint64_t type)
{
	size_t i;

	if (o->nkeys == 0)
		return 1;
	for (i = 0; i < o->nkeys; i++)
		if (o->keys[i] == type)
			return 1;
	return 0;
}

/* Decodes the entries -k keeps into dec: how many. */
size_t
decode_all(const struct auxv_vec *v, const struct opts *o, struct decoded *dec,
    struct strpool *pool)
{
	size_t i, n = 0;

	pool->used = 0;
	for (i = 0; i < v->nent; i++)
		if (key_wanted(o, v->ent[i].type))
			decode_entry(v, &v->ent[i], &dec[n++], pool);
	return n;
}

/* With --value, every key must be in the vector. */
int
decode_keys_present(const struct opts *o, const struct auxv_vec *v)
{
	size_t i, j;

	for (i = 0; i < o->nkeys; i++) {
		for (j = 0; j < v->nent; j++)
			if (v->ent[j].type == o->keys[i])
				break;
		if (j == v->nent)
			return 0;
	}
	return 1;
}

/* A walk over the bits of an HWCAP word, against table t's names. */
void
bits_hwcap(struct bits *w, uint64_t word, enum hwcap_table t)
{
	*w = (struct bits){ NULL, hwcap_names[t], HWCAP_NAME_LEN, word, 0, NULL,
		0, 0 };
}
