/*
 * Following the vector's two pointers to structures: the vDSO image and
 * the program headers, each read through the vector's memsrc.
 */
#include "follow.h"
#include "at.h"
#include "decode.h"

/*
 * Reads the vDSO at addr into fo->img: its first block, then as far as
 * its headers say it goes, each byte once; then parses it.  -1 when not
 * even its ELF header could be read.
 */
static int
vdso_read(const struct memsrc *m, uint64_t addr, struct followed *fo)
{
	size_t len, want = AUXV_MEM_BLOCK - (size_t)(addr % AUXV_MEM_BLOCK);

	len = mem_get(m, addr, fo->img, want, 0);
	if (len < EI_NIDENT) {
		fo->vi.len = 0;
		return -1;
	}
	if (len == want && (want = vdso_len(fo->img, len)) > len) {
		if (want > sizeof(fo->img))
			want = sizeof(fo->img);
		len += mem_get(m, addr + len, fo->img + len, want - len, 0);
	}
	vdso_parse(fo->img, len, &fo->vi);
	return 0;
}

/* The vector's value of a type, or 0 when it has none. */
static uint64_t
vec_value(const struct auxv_vec *v, uint64_t type)
{
	size_t i;

	for (i = 0; i < v->nent; i++)
		if (v->ent[i].type == type)
			return v->ent[i].value;
	return 0;
}

/*
 * Reads what the first AT_SYSINFO_EHDR and AT_PHDR among the n entries
 * kept point to, through the vector's memory reader.
 */
void
follow_vector(const struct auxv_vec *v, const struct decoded *d, size_t n,
    struct followed *fo)
{
	struct phdrs_where w;
	size_t i;

	fo->vdso = fo->phdrs = FOLLOW_ABSENT;
	for (i = 0; i < n; i++) {
		int mem = v->mem.read != NULL && d[i].value != 0;

		if (d[i].type == AT_NUM_SYSINFO_EHDR &&
		    fo->vdso == FOLLOW_ABSENT)
			fo->vdso =
			    mem && vdso_read(&v->mem, d[i].value, fo) == 0
			    ? FOLLOW_READ
			    : FOLLOW_UNREADABLE;
		else if (d[i].type == AT_NUM_PHDR &&
		    fo->phdrs == FOLLOW_ABSENT) {
			w.addr = d[i].value;
			w.num = vec_value(v, AT_NUM_PHNUM);
			w.ent = vec_value(v, AT_NUM_PHENT);
			w.pagesz = vec_value(v, AT_NUM_PAGESZ);
			w.machine = v->machine;
			w.wordsize = v->wordsize;
			w.bigendian = v->bigendian;
			fo->phdrs = mem && phdrs_read(&v->mem, &w, &fo->pi) == 0
			    ? FOLLOW_READ
			    : FOLLOW_UNREADABLE;
		}
	}
}
