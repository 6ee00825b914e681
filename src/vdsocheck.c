/*
 * The vDSO image held to how the kernel links it, by the vDSO linker
 * scripts of Linux 7.3.4 (arch/ARCH/.../vdso*.lds.S): at 0 (". =
 * SIZEOF_HEADERS"), a .hash or .gnu.hash section in PT_DYNAMIC, and the
 * VERSION block's functions.  Of those only the ones every kernel since
 * 4.0 (or since the architecture's first vDSO) exports whatever its
 * configuration are asked, so that no older kernel's vDSO fails: not the
 * ones CONFIG_COMPAT_32BIT_TIME or another option leaves out, nor the
 * later ones (getrandom, clock_getres on x86, getcpu on s390 and i386).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "at.h"
#include "bounds.h"
#include "check_rule.h"
#include "elfcore.h"
#include "vdsocheck.h"

/*
 * Names are arrays, not pointers, so that the table needs no relocation
 * when auxv starts.
 */
#define VDSO_NAME 32

/* A function the vDSO exports, or either of two where one may be left out. */
struct vdso_fn {
	char name[VDSO_NAME];
	char alt[VDSO_NAME]; /* or "" */
};

#define VDSO_FNS 8

/* The vDSO of arch.c's rows, by their VABI_ (enum arch_vdso). */
struct vdso_abi {
	uint64_t base;    /* an address other than 0 it was linked at, or 0 */
	char version[16]; /* "": none asked */
	struct vdso_fn fn[VDSO_FNS]; /* up to the first without a name */
};

/*
 * powerpc linked its vDSOs at VDSO32_LBASE and VDSO64_LBASE, 0x100000,
 * into Linux 5.x (". = VDSO32_LBASE + SIZEOF_HEADERS").  The 32-bit time
 * functions of arm and sparc32 are under CONFIG_COMPAT_32BIT_TIME since
 * their 64-bit twins came in 5.x: one or the other is there.
 */
#define PPC_LBASE 0x100000

/* clang-format off */
static const struct vdso_abi vdso_abis[VABI_COUNT] = {
	/*
	 * x86/entry/vdso/vdso64/vdso64.lds.S: since 2.6.23, time 3.0;
	 * vdsox32.lds.S, x32's (4-byte words), the same since 3.4.
	 */
	[VABI_X86_64] = { 0, "LINUX_2.6", {
		{ "__vdso_clock_gettime", "" },
		{ "__vdso_gettimeofday", "" },
		{ "__vdso_time", "" },
		{ "__vdso_getcpu", "" } } },
	/*
	 * x86/entry/vdso/vdso32/vdso32.lds.S: LINUX_2.5's entry points, in
	 * every i386 vDSO; LINUX_2.6's time functions came in 3.15.
	 */
	[VABI_I386] = { 0, "LINUX_2.5", {
		{ "__kernel_vsyscall", "" },
		{ "__kernel_sigreturn", "" },
		{ "__kernel_rt_sigreturn", "" } } },
	/* arm64/kernel/vdso/vdso.lds.S: since 3.7 (arm64's first). */
	[VABI_AARCH64] = { 0, "LINUX_2.6.39", {
		{ "__kernel_rt_sigreturn", "" },
		{ "__kernel_gettimeofday", "" },
		{ "__kernel_clock_gettime", "" },
		{ "__kernel_clock_getres", "" } } },
	/* arm/vdso/vdso.lds.S, arm64/kernel/vdso32/vdso.lds.S: since 4.1. */
	[VABI_ARM] = { 0, "LINUX_2.6", {
		{ "__vdso_clock_gettime", "__vdso_clock_gettime64" } } },
	/* powerpc/kernel/vdso/vdso64.lds.S: since 2.6.15. */
	[VABI_PPC64] = { PPC_LBASE, "LINUX_2.6.15", {
		{ "__kernel_get_syscall_map", "" },
		{ "__kernel_gettimeofday", "" },
		{ "__kernel_clock_gettime", "" },
		{ "__kernel_clock_getres", "" },
		{ "__kernel_get_tbfreq", "" },
		{ "__kernel_sync_dicache", "" },
		{ "__kernel_sigtramp_rt64", "" } } },
	/* powerpc/kernel/vdso/vdso32.lds.S: since 2.6.15. */
	[VABI_PPC] = { PPC_LBASE, "LINUX_2.6.15", {
		{ "__kernel_get_syscall_map", "" },
		{ "__kernel_get_tbfreq", "" },
		{ "__kernel_sync_dicache", "" },
		{ "__kernel_sigtramp32", "" },
		{ "__kernel_sigtramp_rt32", "" } } },
	/* s390/kernel/vdso/vdso.lds.S (vdso64/ before): since 2.6.29. */
	[VABI_S390X] = { 0, "LINUX_2.6.29", {
		{ "__kernel_gettimeofday", "" },
		{ "__kernel_clock_gettime", "" },
		{ "__kernel_clock_getres", "" } } },
	/*
	 * riscv/kernel/vdso/vdso.lds.S: since 4.15 (riscv's first);
	 * compat_vdso/compat_vdso.lds.S, 32-bit, the same script.
	 */
	[VABI_RISCV] = { 0, "LINUX_4.15", {
		{ "__vdso_rt_sigreturn", "" },
		{ "__vdso_getcpu", "" },
		{ "__vdso_flush_icache", "" } } },
	/* loongarch/vdso/vdso.lds.S: since 5.19 (loongarch's first). */
	[VABI_LOONGARCH] = { 0, "LINUX_5.10", {
		{ "__vdso_getcpu", "" },
		{ "__vdso_clock_getres", "" },
		{ "__vdso_clock_gettime", "" },
		{ "__vdso_gettimeofday", "" },
		{ "__vdso_rt_sigreturn", "" } } },
	/*
	 * mips/vdso/vdso.lds.S: its functions are left out where the
	 * toolchain cannot build them (MIPS_DISABLE_VDSO): linked at 0 and
	 * hashed only.
	 */
	[VABI_MIPS] = { 0, "", { { "", "" } } },
	/* sparc/vdso/vdso.lds.S: since sparc64's first vDSO, in 4.x. */
	[VABI_SPARC64] = { 0, "LINUX_2.6", {
		{ "__vdso_clock_gettime", "" },
		{ "__vdso_gettimeofday", "" } } },
	/* sparc/vdso/vdso32/vdso32.lds.S: the same (sparc32plus). */
	[VABI_SPARC] = { 0, "LINUX_2.6", {
		{ "__vdso_clock_gettime", "__vdso_clock_gettime64" } } },
	/*
	 * parisc/kernel/vdso32/vdso32.lds.S and vdso64/vdso64.lds.S:
	 * since 5.18, its version string renamed since (LINUX_6.11 now):
	 * linked at 0 and hashed only.
	 */
	[VABI_PARISC] = { 0, "", { { "", "" } } },
};
/* clang-format on */

/*
 * The vDSO of a vector's architecture, the row of its machine and word
 * size (arch.c), or NULL where none is asked.
 */
static const struct vdso_abi *
abi_of(uint16_t machine, unsigned int wordsize, int bigendian)
{
	const struct arch *a = arch_of(machine, wordsize, bigendian);

	return a != NULL && a->vdso != VABI_NONE ? &vdso_abis[a->vdso] : NULL;
}

/* The evidence: a string in its room (at least one byte), appended to. */
struct evbuf {
	char *p;
	size_t cap;
};

/*
 * Appends to the evidence; text past its room is cut (snprintf leaves
 * the room at least one byte, its NUL), as check's ev() does.
 */
#define put(b, ...)                                                            \
	(void)snprintf(                                                        \
	    (b)->p + strlen((b)->p), (b)->cap - strlen((b)->p), __VA_ARGS__)

/* Whether the image defines version ver. */
static int
has_version(const struct vdso_info *vi, const char *ver)
{
	size_t i, n = strlen(ver);

	for (i = 0; i < vi->nver; i++)
		if (vi->ver[i].name.len == n &&
		    memcmp(vi->img + vi->ver[i].name.off, ver, n) == 0)
			return 1;
	return 0;
}

/*
 * Where the image was linked: its lowest PT_LOAD at 0 (or where its
 * architecture once linked it), and its symbols' values inside what its
 * PT_LOADs span, not relocated to where it is mapped.
 */
static int
linked(const struct vdso_info *vi, const struct vdso_abi *a, struct evbuf *b)
{
	int ok = 1;

	if (vi->nload == 0) {
		put(b, "no PT_LOAD");
		return 0;
	}
	if (vi->load_lo == 0 || (a->base != 0 && vi->load_lo == a->base))
		put(b, "linked at %#" PRIx64, vi->load_lo);
	else {
		put(b, "linked at %#" PRIx64 ", not 0", vi->load_lo);
		ok = 0;
	}
	if (vi->ndef > 0 &&
	    (vi->def_lo < vi->load_lo || vi->def_hi >= vi->load_hi)) {
		put(b,
		    ", symbol values %#" PRIx64 "-%#" PRIx64
		    " outside its PT_LOADs' %#" PRIx64 "-%#" PRIx64,
		    vi->def_lo, vi->def_hi, vi->load_lo, vi->load_hi);
		ok = 0;
	}
	return ok;
}

static int
hashed(const struct vdso_info *vi, struct evbuf *b)
{
	switch (vi->hash) {
	case VDSO_HASH_SYSV:
		put(b, ", DT_HASH");
		return 1;
	case VDSO_HASH_GNU:
		put(b, ", DT_GNU_HASH");
		return 1;
	case VDSO_HASH_SYSV | VDSO_HASH_GNU:
		put(b, ", DT_HASH and DT_GNU_HASH");
		return 1;
	default:
		put(b, ", no DT_HASH or DT_GNU_HASH in PT_DYNAMIC");
		return 0;
	}
}

/* The functions found, or those missing when one is. */
static int
exported(const struct vdso_info *vi, const struct vdso_abi *a, struct evbuf *b)
{
	const struct vdso_fn *f;
	const char *found[VDSO_FNS] = { NULL };
	size_t i, n = 0;

	if (a->version[0] == '\0') {
		put(b, ", no function asked of this architecture");
		return 1;
	}
	if (!has_version(vi, a->version)) {
		put(b, ", no version %s", a->version);
		return 0;
	}
	for (i = 0; i < VDSO_FNS && a->fn[i].name[0] != '\0'; i++) {
		f = &a->fn[i];
		if (vdso_find(vi, f->name, a->version))
			found[i] = f->name;
		else if (f->alt[0] != '\0' && vdso_find(vi, f->alt, a->version))
			found[i] = f->alt;
		else {
			found[i] = NULL;
			n++;
		}
	}
	put(b, ", %s%s", a->version, n > 0 ? " lacks" : "");
	for (i = 0; i < VDSO_FNS && a->fn[i].name[0] != '\0'; i++) {
		f = &a->fn[i];
		if (n == 0)
			put(b, " %s", found[i]);
		else if (found[i] == NULL && f->alt[0] != '\0')
			put(b, " %s (or %s)", f->name, f->alt);
		else if (found[i] == NULL)
			put(b, " %s", f->name);
	}
	return n == 0;
}

/*
 * The vdso-image rule for the image fo read at AT_SYSINFO_EHDR (at), of
 * a vector of the architecture machine, wordsize and bigendian: evidence
 * in ev, a room of evlen bytes, at least one.
 */
enum check_res
vdso_image_check(const struct followed *fo, uint64_t at, uint16_t machine,
    unsigned int wordsize, int bigendian, char *ev, size_t evlen)
{
	struct evbuf b = { ev, evlen };
	const struct vdso_info *vi = &fo->vi;
	const struct vdso_abi *a;
	int ok;

	ev[0] = '\0';
	if (fo->vdso == FOLLOW_ABSENT) {
		put(&b, "AT_SYSINFO_EHDR absent");
		return CHECK_NODATA;
	}
	if (fo->vdso != FOLLOW_READ) {
		put(&b, "vDSO at %#" PRIx64 " not read", at);
		return CHECK_NODATA;
	}
	if ((a = abi_of(machine, wordsize, bigendian)) == NULL) {
		put(&b, "no vDSO table for e_machine %u, %u-bit", machine,
		    wordsize * 8);
		return CHECK_NODATA;
	}
	put(&b, "vDSO at %#" PRIx64 ": ", at);
	ok = linked(vi, a, &b);
	ok &= hashed(vi, &b);
	ok &= exported(vi, a, &b);
	if (!ok && vi->bad != NULL)
		put(&b, "; malformed: %s at %#" PRIx64, vi->bad, vi->badoff);
	return ok ? CHECK_OK : CHECK_FAIL;
}

/*
 * The image at AT_SYSINFO_EHDR is a vDSO as the kernel links it (linked
 * at 0, a symbol hash table, the architecture's versioned functions), on
 * what follow.c read of it.  Where the map says [vdso] is not at
 * AT_SYSINFO_EHDR, what is there rests on the map (F_MAPS: a PID may
 * have moved its vDSO since exec, as CRIU's restorer does, or unmapped
 * it, as valgrind does, and mapped anything there since).
 */
enum check_res
rule_vdso_image(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const struct check_map *m = check_special(e, &e->vdso);
	uint64_t at = 0;
	enum check_res res;

	(void)vec_find(v, AT_NUM_SYSINFO_EHDR, &at);
	res = vdso_image_check(e->fo, at, v->machine, v->wordsize, v->bigendian,
	    r->ev, sizeof(r->ev));
	if (res != CHECK_FAIL || !e->maps_ok || (m != NULL && m->lo == at))
		return res;
	if (m == NULL)
		ev(r, "; no [vdso] mapped");
	else
		ev(r, "; [vdso] at 0x%" PRIx64, m->lo);
	return check_fail(e, r, F_MAPS);
}
