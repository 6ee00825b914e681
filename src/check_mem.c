/*
 * --check's rules on the process's memory: AT_SYSINFO and the vDSO
 * mapped, and the stack that create_elf_tables writes (its layout and
 * the strings on it).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "at.h"
#include "check_rule.h"
#include "source.h"

/*
 * AT_SYSINFO only where the architecture's row says ARCH_SYSINFO, and
 * there with AT_SYSINFO_EHDR: CHECK_OK, or CHECK_FAIL said in r.
 */
static enum check_res
sysinfo_pair(const struct auxv_vec *v, struct check_result *r, int ia32,
    size_t nsi, uint64_t si, size_t neh, uint64_t ehdr)
{
	if (nsi > 0 && !ia32) {
		ev(r, "AT_SYSINFO 0x%" PRIx64 " on %s; only i386 has it", si,
		    v->arch != NULL ? v->arch->name : "this architecture");
		return CHECK_FAIL;
	}
	/* ARCH_DLINFO_IA32 gives both, or neither where no vDSO is mapped. */
	if (ia32 && neh > 0 && nsi == 0) {
		ev(r,
		    "AT_SYSINFO_EHDR 0x%" PRIx64 " without AT_SYSINFO on i386",
		    ehdr);
		return CHECK_FAIL;
	}
	return CHECK_OK;
}

/*
 * AT_SYSINFO only on i386 (arch.c's ARCH_SYSINFO: arch/x86/include/asm/elf.h
 * ARCH_DLINFO_IA32), inside the vDSO and given with AT_SYSINFO_EHDR;
 * AT_SYSINFO_EHDR the start of [vdso], an ELF image.
 *
 * What it reads, and whether the process can change it after exec:
 * - the vector (AT_SYSINFO, AT_SYSINFO_EHDR): a process's /proc/PID/auxv,
 *   which PR_SET_MM_MAP or PR_SET_MM_AUXV replace;
 * - [vdso] in the map: munmap and mremap (arch_vma_name follows the
 *   special mapping wherever it goes): F_MAPS;
 * - the image's bytes: a debugger writes them (ptrace, /proc/PID/mem):
 *   F_MEM.
 * Self reads them before anything but libc could change them.
 */
enum check_res
rule_sysinfo(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const struct check_map *m = check_special(e, &e->vdso);
	const struct arch *a =
	    arch_kernel(v->machine, v->wordsize, v->bigendian);
	uint64_t si = 0, ehdr = 0;
	size_t nsi = vec_find(v, AT_NUM_SYSINFO, &si);
	size_t neh = vec_find(v, AT_NUM_SYSINFO_EHDR, &ehdr);
	int ia32 = a != NULL && (a->flags & ARCH_SYSINFO);

	if (sysinfo_pair(v, r, ia32, nsi, si, neh, ehdr) == CHECK_FAIL)
		return CHECK_FAIL;
	if (check_lacks(e, N_MAPS) != NULL)
		return check_nodata(r, check_lacks(e, N_MAPS));
	if (m == NULL) {
		ev(r, "no [vdso] mapped");
		if (neh == 0)
			return CHECK_OK;
		/* As valgrind does: a process may unmap it after its exec. */
		ev(r, "; AT_SYSINFO_EHDR 0x%" PRIx64, ehdr);
		return check_fail(e, r, F_MAPS);
	}
	if (neh == 0) {
		ev(r, "AT_SYSINFO_EHDR absent; [vdso] at 0x%" PRIx64, m->lo);
		return CHECK_FAIL;
	}
	ev(r, "AT_SYSINFO_EHDR 0x%" PRIx64 "; [vdso] at 0x%" PRIx64, ehdr,
	    m->lo);
	/* As a checkpoint restorer does: moved by mremap since its exec. */
	if (ehdr != m->lo)
		return check_fail(e, r, F_MAPS);
	/* Where [vdso] is mapped: a read that failed says nothing of it. */
	if (e->fo->vdso != FOLLOW_READ) {
		ev(r, "; its image could not be read");
		return CHECK_NODATA;
	}
	if (e->fo->vi.bad != NULL) {
		ev(r, "; not an ELF image: %s", e->fo->vi.bad);
		return check_fail(e, r, F_MEM);
	}
	if (ia32) {
		ev(r, "; AT_SYSINFO 0x%" PRIx64, si);
		if (nsi > 0 && (si < m->lo || si >= m->hi))
			return CHECK_FAIL;
	}
	return CHECK_OK;
}

/*
 * AT_RANDOM, AT_EXECFN, AT_PLATFORM, AT_BASE_PLATFORM in the mapping that
 * holds the vector: create_elf_tables writes them above it, on the stack
 * it builds.  For self that mapping is known, labelled [stack] or not
 * (valgrind's client stack is not); for a process, [stack].
 *
 * What it reads, and whether the process can change it after exec:
 * - the vector: a process's /proc/PID/auxv, which PR_SET_MM_MAP or
 *   PR_SET_MM_AUXV replace;
 * - [stack] in the map: the mapping that holds mm->start_stack
 *   (vma_is_initial_stack, include/linux/mm.h), which PR_SET_MM_MAP or
 *   PR_SET_MM_START_STACK move, and which munmap, mremap and mprotect
 *   remove, move or split: F_MAPS, F_STAT.
 * Self reads them before anything but libc could change them.
 */
enum check_res
rule_stack(const struct check_env *e, struct check_result *r)
{
	static const uint64_t types[] = { AT_NUM_RANDOM, AT_NUM_EXECFN,
		AT_NUM_PLATFORM, AT_NUM_BASE_PLATFORM };
	const struct check_map *m = NULL;
	enum check_res res = CHECK_OK;
	uint64_t val;
	size_t i;

	if (e->v->kind == SRC_SELF)
		m = check_map_at(e, (uint64_t)(uintptr_t)e->v->raw);
	if (m != NULL && m->lo != e->stack.lo)
		ev(r, "the vector's mapping 0x%" PRIx64 "-0x%" PRIx64, m->lo,
		    m->hi);
	else if ((m = check_special(e, &e->stack)) != NULL)
		ev(r, "[stack] 0x%" PRIx64 "-0x%" PRIx64, m->lo, m->hi);
	else
		return check_nodata(r, "no [stack] in the memory map");
	for (i = 0; i < NITEMS(types); i++)
		if (vec_find(e->v, types[i], &val) &&
		    (val < m->lo || val >= m->hi)) {
			ev(r, "; AT_%s 0x%" PRIx64 " outside",
			    at_lookup(types[i], AF_ALL)->name, val);
			res = CHECK_FAIL;
		}
	if (res == CHECK_OK)
		ev(r, " holds AT_RANDOM, AT_EXECFN and the platform strings");
	return res == CHECK_OK ? res : check_fail(e, r, F_MAPS | F_STAT);
}

/*
 * The process's memory around its stack's words, read a block at a
 * time: a walk of argv and envp is a read or two, not one a word.  The
 * walk stays in [lim_lo, lim_hi), the mapping it starts in where the map
 * is known: its time is bounded by what the kernel could have written
 * there, its memory by one block.
 */
struct words {
	const struct auxv_vec *v;
	uint64_t lim_lo, lim_hi;
	uint64_t lo; /* the block held: [lo, lo + len) */
	size_t len;
	int unread; /* a word in the bounds that could not be read */
	unsigned char b[AUXV_MEM_BLOCK];
};

/*
 * The word of the vector's size and byte order at addr (a multiple of
 * it, as every word of the stack is): 0, or -1 (m->unread where it is
 * in the walk's bounds: auxv's read failed, no fault of the stack).
 */
static int
word_at(struct words *m, uint64_t addr, uint64_t *w)
{
	const unsigned int ws = m->v->wordsize;

	if (addr < m->lim_lo || addr > m->lim_hi - ws)
		return -1;
	if (addr < m->lo || addr - m->lo + ws > m->len) {
		m->lo = addr - addr % AUXV_MEM_BLOCK;
		if (m->lo < m->lim_lo)
			m->lo = m->lim_lo;
		m->len = mem_get(&m->v->mem, m->lo, m->b, sizeof(m->b), NULL);
		if (addr - m->lo + ws > m->len) {
			m->unread = 1;
			return -1;
		}
	}
	*w = vec_word(m->b + (addr - m->lo), ws, m->v->bigendian);
	return 0;
}

/*
 * Keeps m's walk in the mapping that holds addr, where the map says,
 * from addr up: nothing below argc is the kernel's (for self, it is our
 * own frames, which a sanitizer's redzones make unreadable).
 */
static void
words_in(const struct check_env *e, struct words *m, uint64_t addr)
{
	const struct check_map *mp = check_map_at(e, addr);

	m->lim_lo = addr;
	m->lim_hi = mp != NULL ? mp->hi : UINT64_MAX;
}

/*
 * Walks argc (l->argc where known, else the word at sp), argv and its
 * NULL, envp and its NULL from sp: NULL, or what is not as
 * create_elf_tables writes it.
 */
static const char *
walk_stack(struct words *m, uint64_t sp, struct stack_walk *l)
{
	const unsigned int ws = m->v->wordsize;
	uint64_t at, w = 0, i;

	l->envc = 0;
	if (l->argc == UINT64_MAX && word_at(m, sp, &l->argc) == -1)
		return "argc not readable";
	/* do_execveat_common refuses more (MAX_ARG_STRINGS). */
	if (l->argc > AUXV_CHECK_ARGS)
		return "argc larger than the kernel allows (MAX_ARG_STRINGS)";
	for (i = 0, at = sp + ws; i <= l->argc; i++, at += ws)
		if (word_at(m, at, &w) == -1)
			return "argv not readable";
	if (w != 0)
		return "no NULL after argc argv pointers";
	for (;; at += ws) {
		if (word_at(m, at, &w) == -1)
			return "envp not readable";
		if (w == 0)
			break;
		if (++l->envc > AUXV_CHECK_ARGS)
			return "no NULL after envp";
	}
	l->vec = at + ws;
	return NULL;
}

/*
 * The lowest argv or envp pointer at or above floor (the vector's end),
 * into l->lo_str: the strings are above the vector, and a pointer below
 * it is none of the kernel's (auxv's own argv[0], for getopt's
 * messages; a word libc's start code wrote, on a stack a loader built).
 */
static void
lowest_string(
    struct words *m, uint64_t sp, uint64_t floor, struct stack_walk *l)
{
	const unsigned int ws = m->v->wordsize;
	uint64_t at, w, i, n = l->argc + 1 + l->envc;

	l->lo_str = UINT64_MAX;
	for (i = 0, at = sp + ws; i <= n; i++, at += ws)
		if (word_at(m, at, &w) == 0 && w >= floor && w < l->lo_str)
			l->lo_str = w;
}

/*
 * Whether [a, a + alen) and [b, b + blen) share a byte.
 */
static int
overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return a < b + blen && b < a + alen;
}

static const char not_after[] = "the vector is not after envp's NULL";

/*
 * Finds argc (self: main's; else at startstack) and walks the stack
 * from it into l, to the vector: NULL, or what is not as
 * create_elf_tables writes it (l->fail), or why argc is not found.
 */
static const char *
layout_walk(const struct check_env *e, struct words *m, struct stack_walk *l)
{
	const struct auxv_vec *v = e->v;
	const uint64_t vlen = (v->nent + 1) * 2 * (uint64_t)v->wordsize;
	unsigned char mem[AUXV_MAX_RAW];
	const char *bad;
	uint64_t w;

	/*
	 * Self: argc and argv as main was given them: the word libc's start
	 * code read at the stack pointer (its start code may write over it
	 * since: arm's glibc pushes argv's address there), the pointers
	 * above it.  Else the word at startstack.
	 */
	l->argc = v->kind == SRC_SELF ? v->argc : UINT64_MAX;
	l->fail = 1;
	l->sp = v->kind == SRC_SELF ? v->argv - v->wordsize : e->sp;
	words_in(e, m, l->sp);
	if ((bad = walk_stack(m, l->sp, l)) != NULL) {
		l->fail &= !m->unread;
		return m->unread ? "auxv could not read the stack" : bad;
	}
	if (v->kind == SRC_SELF) {
		/* Secure mode: ld.so's unsetenv leaves NULLs after envp's. */
		for (; l->vec < (uintptr_t)v->raw &&
		     word_at(m, l->vec, &w) == 0 && w == 0;
		     l->vec += v->wordsize)
			;
		if (l->vec != (uintptr_t)v->raw)
			return not_after;
	} else if (vlen <= v->rawlen &&
	    mem_get(&v->mem, l->vec, mem, vlen, NULL) != vlen) {
		l->fail = 0;
		return "auxv could not read the words after envp's NULL";
	} else if (vlen > v->rawlen || memcmp(mem, v->raw, vlen) != 0)
		return not_after;
	lowest_string(m, l->sp, l->vec + vlen, l);
	return NULL;
}

/*
 * The stack of a live vector walked from argc into e->walk, before any
 * rule runs: a PID whose words after envp's NULL are not its
 * /proc/PID/auxv replaced the one or moved startstack since exec
 * (PR_SET_MM_MAP), and nothing FAILs on it (check_unfixed).
 */
void
check_walk(struct check_env *e)
{
	struct words m = { e->v, 0, UINT64_MAX, 0, 0, 0, { 0 } };
	struct stack_walk *l = &e->walk;

	memset(l, 0, sizeof(*l));
	if (!e->live || (e->sp == 0 && e->v->kind != SRC_SELF))
		return;
	l->bad = layout_walk(e, &m, l);
	if (e->v->kind == SRC_PID && l->bad == not_after)
		e->seen |= F_VEC;
}

/*
 * Where the strings start, for a process: the lowest argv or envp
 * pointer above the vector, or /proc/PID/stat's arg_start, whichever is
 * higher.  Either may have changed since exec: the pointers by the
 * program (setproctitle, getopt), arg_start by prctl(PR_SET_MM_MAP),
 * which needs no capability (kernel/sys.c prctl_set_mm_map, since 3.18),
 * or PR_SET_MM_ARG_START (systemd's rename_process puts the name in an
 * anonymous mapping); the higher bound holds whichever is the kernel's.
 * An arg_start outside the vector's mapping, or below the vector, is
 * not the kernel's: said.
 */
static uint64_t
layout_top(const struct check_env *e, struct check_result *r,
    const struct stack_walk *l, uint64_t end)
{
	const struct check_map *m, *mv;

	if (e->v->kind == SRC_SELF || e->arg_start == 0)
		return l->lo_str;
	/* -e, stopped at its exec: nothing ran since, it is the kernel's. */
	if (e->v->kind == SRC_EXEC)
		return e->arg_start;
	m = check_map_at(e, e->arg_start);
	mv = check_map_at(e, l->vec);
	if (e->maps_ok && m != mv)
		ev(r,
		    "; arg_start 0x%" PRIx64 " in %s mapping (set since exec)",
		    e->arg_start, m == NULL ? "no" : "another");
	else if (e->arg_start < end)
		ev(r,
		    "; arg_start 0x%" PRIx64
		    " below the vector (set since exec)",
		    e->arg_start);
	return l->lo_str > e->arg_start ? l->lo_str : e->arg_start;
}

/*
 * AT_RANDOM's 16 bytes above the vector (as l found it) and below the
 * strings, overlapping none of them (what they hold: rule_random).
 */
static enum check_res
layout_random(const struct check_env *e, struct check_result *r,
    const struct stack_walk *l)
{
	const struct auxv_vec *v = e->v;
	const uint64_t vlen = (v->nent + 1) * 2 * (uint64_t)v->wordsize;
	const struct decoded *d;
	uint64_t rnd, end, top;
	size_t i;

	if ((d = check_dec(e, AT_NUM_RANDOM)) == NULL)
		return CHECK_OK;
	rnd = d->value;
	end = l->vec + vlen;
	top = layout_top(e, r, l, end);
	ev(r, "; AT_RANDOM 0x%" PRIx64, rnd);
	if (rnd > UINT64_MAX - AUXV_RANDOM_LEN || rnd < end ||
	    rnd + AUXV_RANDOM_LEN > top) {
		ev(r,
		    " not between the vector's end 0x%" PRIx64
		    " and the strings at 0x%" PRIx64,
		    end, top);
		return CHECK_FAIL;
	}
	for (i = 0; i < e->ndec; i++) {
		d = &e->dec[i];
		if ((d->type == AT_NUM_PLATFORM ||
		        d->type == AT_NUM_BASE_PLATFORM ||
		        d->type == AT_NUM_EXECFN) &&
		    d->readable &&
		    overlap(rnd, AUXV_RANDOM_LEN, d->value, d->strlen + 1)) {
			ev(r, " overlaps AT_%s's string at 0x%" PRIx64,
			    d->at->name, d->value);
			return CHECK_FAIL;
		}
	}
	ev(r, " between the vector and the strings");
	return CHECK_OK;
}

/*
 * The layout create_elf_tables writes (fs/binfmt_elf.c): argc, argv and
 * its NULL, envp and its NULL, then the vector, contiguous; AT_RANDOM's
 * 16 bytes above the vector and below the strings, overlapping neither
 * the platform strings.  Self from main's argv; -e at its
 * exec stop and a process from /proc/PID/stat's startstack and
 * arg_start.
 *
 * What it reads, and whether the process can change it after exec:
 * - the vector: a process's /proc/PID/auxv, which PR_SET_MM_MAP or
 *   PR_SET_MM_AUXV replace; held to the words found in memory, which
 *   must be the same;
 * - startstack (/proc/PID/stat): PR_SET_MM_MAP or PR_SET_MM_START_STACK
 *   set it (F_STAT); a walk from it that ends on words that are not
 *   /proc/PID/auxv says the vector was replaced (check_walk);
 * - arg_start (/proc/PID/stat): set the same way; layout_top;
 * - the stack's words (argc, argv, envp, AT_RANDOM's bytes): the program
 *   may rewrite them (ld.so run as a program moves argv, setproctitle
 *   and setenv point envp at the heap, libc's start code writes over
 *   argc): F_MEM;
 * - the memory map (the walk's bounds, arg_start's mapping): munmap,
 *   mremap; only a bound, or a reason to let arg_start go.
 * Self and -e read them before anything but the kernel and libc's start
 * could change them.
 */
enum check_res
rule_layout(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const struct stack_walk *l = &e->walk;
	const struct check_map *ms, *mr;
	const struct decoded *d;

	if (e->sp == 0 && v->kind != SRC_SELF)
		return check_nodata(r, "no startstack in /proc/PID/stat");
	if (v->kind == SRC_PID && l->bad != NULL)
		ev(r, "startstack 0x%" PRIx64 ": ", l->sp);
	if (e->seen & F_VEC) {
		ev(r,
		    "argc %" PRIu64 ", %" PRIu64
		    " envp pointers, then at 0x%" PRIx64 " another vector",
		    l->argc, l->envc, l->vec);
		return check_fail(e, r, 0);
	}
	if (l->bad != NULL) {
		ev(r, "%s", l->bad);
		return l->fail ? check_fail(e, r, F_MEM | F_STAT)
		               : CHECK_NODATA;
	}
	ev(r,
	    "argc %" PRIu64 " at 0x%" PRIx64 ", %" PRIu64
	    " envp pointers, the vector at 0x%" PRIx64,
	    l->argc, l->sp, l->envc, l->vec);
	/* startstack moved to a copy of the tables elsewhere (PR_SET_MM). */
	if ((d = check_dec(e, AT_NUM_RANDOM)) != NULL && e->maps_ok &&
	    ((ms = check_map_at(e, l->sp)) == NULL ||
	        (mr = check_map_at(e, d->value)) == NULL || ms != mr)) {
		ev(r, "; AT_RANDOM 0x%" PRIx64 " in another mapping", d->value);
		return check_fail(e, r, F_STAT | F_MAPS);
	}
	return layout_random(e, r, l);
}

/*
 * fs/binfmt_elf.c create_elf_tables: bprm->p = STACK_ROUND(sp, items),
 * ((sp - items) & ~15), argc written there and mm->start_stack set to
 * it: argc's address is 16-byte aligned on every architecture, a 32-bit
 * process's too (compat_binfmt_elf.c builds the same tables), as the
 * SysV ABIs' start-up (SSE on x86-64) need; qemu-user aligns its
 * guest's alike (linux-user/elfload.c, "16 byte _final_ alignment").
 * Self: where main's argc is, the word below argv (as check_walk found
 * it); -e and a PID: stat's startstack (F_STAT: PR_SET_MM_MAP sets it).
 */
#define STACK_ALIGN 16u

enum check_res
rule_stack_align(const struct check_env *e, struct check_result *r)
{
	const int self = e->v->kind == SRC_SELF;
	const uint64_t sp = self ? e->walk.sp : e->sp;

	if (sp == 0)
		return check_nodata(r, "no startstack in /proc/PID/stat");
	ev(r, "argc at 0x%" PRIx64, sp);
	if (sp % STACK_ALIGN == 0) {
		ev(r, ", 16-byte aligned");
		return CHECK_OK;
	}
	ev(r, ", not 16-byte aligned (STACK_ROUND)");
	/*
	 * A loader run as a program (musl's, glibc's before 2.36) moves
	 * argc past the arguments it took: startstack says where it was.
	 */
	if (self && e->sp != 0 && e->sp != sp) {
		ev(r, "; stat's startstack 0x%" PRIx64, e->sp);
		return check_nodata(r, ": a loader moved argc before main");
	}
	return check_fail(e, r, F_STAT);
}

/*
 * AT_RANDOM's 16 bytes, get_random_bytes()'s (fs/binfmt_elf.c
 * create_elf_tables, drivers/char/random.c), where auxv reads them (a
 * live process, a core): FAIL where the steps between neighbours
 * (mod 256) take at most two values: all one value, a count ("0123..."),
 * "0123456789abcdef", a pair repeated.  256 first bytes by 256 one-step
 * and 32640 * (2^15 - 2) two-step sequences make under 2^38 of the 2^128
 * patterns: a kernel's bytes match one with chance under 2^-90.  A
 * forked child shares its parent's bytes, so bytes equal between
 * processes are no evidence.  A PID may have written over its own
 * (F_MEM).
 */
enum check_res
rule_random(const struct check_env *e, struct check_result *r)
{
	const struct decoded *d = check_dec(e, AT_NUM_RANDOM);
	unsigned int step[2], n = 0, s;
	size_t i;

	if (d == NULL)
		return check_nodata(r, "no AT_RANDOM");
	ev(r, "AT_RANDOM 0x%" PRIx64, d->value);
	if (!d->readable)
		return check_nodata(r, ": its bytes not read");
	for (i = 1; i < AUXV_RANDOM_LEN; i++) {
		s = (d->bytes[i] - d->bytes[i - 1]) & 0xffu;
		if ((n > 0 && s == step[0]) || (n > 1 && s == step[1]))
			continue;
		if (n == 2) {
			/* Not said: glibc's stack guard is made of them. */
			ev(r, ", no pattern");
			return CHECK_OK;
		}
		step[n++] = s;
	}
	ev(r, ": ");
	for (i = 0; i < AUXV_RANDOM_LEN; i++)
		ev(r, "%02x", d->bytes[i]);
	if (n == 1 && step[0] == 0)
		ev(r, ", all one value");
	else if (n == 1)
		ev(r, ", each byte 0x%02x past the last", step[0]);
	else
		ev(r, ", the steps between bytes 0x%02x and 0x%02x alone",
		    step[0], step[1]);
	ev(r, ": get_random_bytes() gives one with chance under 2^-90");
	return check_fail(e, r, F_MEM);
}

/*
 * Where argv's and envp's pointers point: fs/binfmt_elf.c
 * create_elf_tables writes each as an address of the strings
 * copy_strings put at the stack's top (fs/exec.c), above the tables and
 * AT_RANDOM's bytes, in the stack's mapping: never into the vector
 * (which would then overlap the strings), below it, the vDSO or another
 * mapping.  Self as main was given them (getopt permutes, never
 * replaces them) and -e at its exec stop; a PID's may point elsewhere
 * since (setproctitle, setenv), so not asked.  arg_where: why pointer
 * p is not where the kernel points, or NULL.
 */
static const char *
arg_where(const struct check_env *e, const struct check_map *ms, uint64_t vec,
    uint64_t end, uint64_t p)
{
	const struct check_map *mp, *vd = check_special(e, &e->vdso);

	if (p >= vec && p < end)
		return "points into the vector, which overlaps the strings";
	if (vd != NULL && p >= vd->lo && p < vd->hi)
		return "points into the vDSO";
	if ((mp = check_map_at(e, p)) == NULL)
		return "points into no mapping";
	if (mp != ms)
		return "points into another mapping than the stack's";
	if (p < end)
		return "points below the vector's end";
	return NULL;
}

enum check_res
rule_args(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const struct stack_walk *l = &e->walk;
	const unsigned int ws = v->wordsize;
	const uint64_t vlen = (v->nent + 1) * 2 * (uint64_t)ws;
	struct words m = { v, 0, UINT64_MAX, 0, 0, 0, { 0 } };
	const struct check_map *ms;
	const char *why;
	uint64_t i, w, end, nbad = 0;

	if (v->kind == SRC_PID)
		return check_nodata(r,
		    "a process may point argv and envp elsewhere since exec "
		    "(setproctitle, setenv)");
	if (l->vec == 0 || l->bad != NULL)
		return check_nodata(r, "argv and envp not found (layout)");
	if ((ms = check_map_at(e, l->sp)) == NULL)
		return check_nodata(r, "no memory map");
	end = l->vec + vlen;
	words_in(e, &m, l->sp);
	for (i = 0; i <= l->argc + l->envc; i++) {
		if (i == l->argc)
			continue; /* argv's NULL */
		if (word_at(&m, l->sp + (i + 1) * ws, &w) == -1)
			return check_nodata(r, "auxv could not read the stack");
		if ((why = arg_where(e, ms, l->vec, end, w)) == NULL)
			continue;
		if (nbad++ == 0) {
			if (i < l->argc)
				ev(r, "argv[%" PRIu64 "]", i);
			else
				ev(r, "envp[%" PRIu64 "]", i - l->argc - 1);
			ev(r,
			    " 0x%" PRIx64 " %s (the vector 0x%" PRIx64
			    "-0x%" PRIx64 ")",
			    w, why, l->vec, end);
		}
	}
	if (nbad > 1)
		ev(r, "; %" PRIu64 " pointers in all", nbad);
	if (nbad > 0)
		return check_fail(e, r, 0);
	ev(r,
	    "%" PRIu64 " argv and %" PRIu64
	    " envp pointers above the vector's end 0x%" PRIx64
	    ", in the stack's mapping",
	    l->argc, l->envc, end);
	return CHECK_OK;
}
