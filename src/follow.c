/*
 * Following the vector's two pointers to structures, the vDSO image and
 * the program headers, through the vector's memsrc: the headers first
 * (where follow_spans() says, read ahead with the strings by the
 * source), then, in one read ahead, the rest of the vDSO and the
 * segments the headers point to.
 */
#include <stdint.h>
#include <string.h>

#include "at.h"
#include "decode.h"
#include "elfdefs.h"
#include "follow.h"

/*
 * The first block of the vDSO at addr into fo->next, and in *want how
 * much of it its headers say a walk needs, never less than was read: how
 * many bytes were read, 0 when not even an ELF header's worth could be
 * (the 20 bytes of its identification a process's source read ahead, to
 * tell the process's machine, are not the image).
 */
static size_t
vdso_head(
    const struct memsrc *m, uint64_t addr, struct followed *fo, size_t *want)
{
	size_t len, blk = AUXV_MEM_BLOCK - (size_t)(addr % AUXV_MEM_BLOCK);

	if ((len = mem_get(m, addr, fo->next, blk, NULL)) < sizeof(Elf32_Ehdr))
		return 0;
	*want = len;
	if (len == blk && (*want = vdso_len(fo->next, len)) < len)
		*want = len;
	if (*want > sizeof(fo->next))
		*want = sizeof(fo->next);
	return len;
}

/*
 * Parses the len bytes of a vDSO in fo->next, unless they are those of
 * the one parsed last (the same for every process of one kernel ABI).
 */
static void
vdso_keep(struct followed *fo, size_t len)
{
	fo->vdso_same = fo->vi.img == fo->img && fo->vi.len == len &&
	    memcmp(fo->img, fo->next, len) == 0;
	if (fo->vdso_same)
		return;
	memcpy(fo->img, fo->next, len);
	vdso_parse(fo->img, len, &fo->vi);
}

/*
 * Whether two programs' headers show the same: all but the load bias,
 * which ASLR moves and nothing prints.
 */
static int
phdrs_same(const struct phdrs_info *a, const struct phdrs_info *b)
{
	return a->n == b->n && a->machine == b->machine &&
	    a->interp_state == b->interp_state &&
	    a->interplen == b->interplen && a->prop_state == b->prop_state &&
	    a->nprop == b->nprop && a->bad == b->bad &&
	    memcmp(a->ph, b->ph, a->n * sizeof(a->ph[0])) == 0 &&
	    memcmp(a->interp, b->interp, a->interplen) == 0 &&
	    memcmp(a->prop, b->prop, a->nprop * sizeof(a->prop[0])) == 0;
}

/* Adds s to the *n spans of sp, where max leaves room. */
static void
span_add(struct mem_span *sp, size_t *n, size_t max, struct mem_span s)
{
	if (*n < max)
		sp[(*n)++] = s;
}

/*
 * Where follow_vector() will read first, at most max spans into sp, for
 * a source to read ahead in one go with decode_spans()'s: the first block
 * of each vDSO, the block of the program headers with the rest of them
 * (the ELF header before them, the interpreter's name and the GNU
 * properties after them, where a linker puts them) and, alone (it may
 * fault), the vDSO's second block.  How many.
 */
size_t
follow_spans(const struct auxv_vec *v, struct mem_span *sp, size_t max)
{
	uint64_t phdr = 0, phnum = 0, phent = 0, vdso = 0, a, end;
	size_t i, n = 0;

	for (i = 0; i < v->nent; i++) {
		a = v->ent[i].value;
		if (v->ent[i].type == AT_NUM_PHDR)
			phdr = a;
		else if (v->ent[i].type == AT_NUM_PHNUM)
			phnum = a;
		else if (v->ent[i].type == AT_NUM_PHENT)
			phent = a;
		else if (v->ent[i].type == AT_NUM_SYSINFO_EHDR && a != 0) {
			/* Not past the block: a read stops there. */
			end = a - a % AUXV_MEM_BLOCK + AUXV_MEM_BLOCK;
			span_add(sp, &n, max,
			    (struct mem_span){ a, (size_t)(end - a), 0 });
			vdso = end;
		}
	}
	if (phdr % AUXV_MEM_BLOCK <= sizeof(Elf64_Ehdr) &&
	    phnum <= AUXV_MAX_PHDRS_MEM && phent <= sizeof(Elf64_Phdr)) {
		a = phdr - phdr % AUXV_MEM_BLOCK;
		end = phdr + phnum * phent;
		if (end < a + AUXV_MEM_BLOCK)
			end = a + AUXV_MEM_BLOCK;
		span_add(
		    sp, &n, max, (struct mem_span){ a, (size_t)(end - a), 0 });
	}
	if (vdso != 0)
		span_add(
		    sp, &n, max, (struct mem_span){ vdso, AUXV_MEM_BLOCK, 1 });
	return n;
}

/*
 * Reads what the first AT_SYSINFO_EHDR and AT_PHDR among the n entries
 * kept point to, through the vector's memory reader.
 */
void
follow_vector(const struct auxv_vec *v, const struct decoded *d, size_t n,
    struct followed *fo)
{
	const struct memsrc *m = &v->mem;
	struct mem_span sp[3];
	struct phdrs_where w;
	size_t i, k = 0, len = 0, want = 0;
	uint64_t vdso = 0;

	fo->vdso = fo->phdrs = FOLLOW_ABSENT;
	fo->vdso_at = fo->phdrs_at = SIZE_MAX;
	for (i = 0; i < n; i++) {
		int mem = m->read != NULL && d[i].value != 0;

		if (d[i].type == AT_NUM_SYSINFO_EHDR &&
		    fo->vdso == FOLLOW_ABSENT) {
			fo->vdso_at = i;
			vdso = d[i].value;
			len = mem ? vdso_head(m, vdso, fo, &want) : 0;
			fo->vdso = len > 0 ? FOLLOW_READ : FOLLOW_UNREADABLE;
		} else if (d[i].type == AT_NUM_PHDR &&
		    fo->phdrs == FOLLOW_ABSENT) {
			fo->phdrs_at = i;
			w = (struct phdrs_where){ .addr = d[i].value,
				.machine = v->machine,
				.wordsize = v->wordsize,
				.bigendian = v->bigendian };
			(void)vec_find(v, AT_NUM_PHNUM, &w.num);
			(void)vec_find(v, AT_NUM_PHENT, &w.ent);
			(void)vec_find(v, AT_NUM_PAGESZ, &w.pagesz);
			fo->phdrs = mem && phdrs_read(m, &w, &fo->pi) == 0
			    ? FOLLOW_READ
			    : FOLLOW_UNREADABLE;
		}
	}
	if (fo->phdrs == FOLLOW_READ)
		k = phdrs_spans(&fo->pi, sp);
	if (want > len)
		sp[k++] = (struct mem_span){ vdso + len, want - len, 0 };
	mem_ahead(m, sp, k);
	if (fo->phdrs == FOLLOW_READ) {
		phdrs_segments(m, &w, &fo->pi);
		if (!(fo->phdrs_same = phdrs_same(&fo->pi, &fo->last)))
			fo->last = fo->pi;
	}
	/*
	 * What the headers say the image holds but could not be read is a
	 * failed read, not a malformed image: unreadable, as when its first
	 * block could not be read.
	 */
	if (fo->vdso == FOLLOW_READ && want > len &&
	    mem_get(m, vdso + len, fo->next + len, want - len, NULL) <
	        want - len)
		fo->vdso = FOLLOW_UNREADABLE;
	if (fo->vdso == FOLLOW_READ)
		vdso_keep(fo, want);
}
