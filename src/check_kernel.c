/*
 * --check's rules on what the kernel gives each architecture and CPU:
 * page sizes, USER_HZ, the HWCAP words and AT_PLATFORM, each held to the
 * architecture's row of arch.c.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "at.h"
#include "check_rule.h"
#include "hwcap.h"
#include "hwcap_deps.h"
#include "out.h"
#include "proc.h"
#include "source.h"

/*
 * AT_PAGESZ: a page size the vector's architecture has (its Kconfig's
 * choices), or for a live vector the kernel's, KernelPageSize of smaps.
 * Either alone may be right: an emulator gives its guest's size on a
 * kernel of other pages (box64's x86-64 4096 on a 16K arm64 kernel;
 * qemu-user the larger of the guest's and the host's), and an arm
 * compat process on a 16K arm64 kernel gets 16384, no page size of arm.
 * Neither: FAIL.
 */
enum check_res
rule_pagesz(const struct check_env *e, struct check_result *r)
{
	const struct arch *a = e->v->arch;
	uint64_t pg = 0;
	unsigned int k;
	int ok = 0, kern = e->live && e->kernel.pagesz != 0;

	if (!vec_find(e->v, AT_NUM_PAGESZ, &pg))
		return check_absent(r, AT_NUM_PAGESZ);
	ev(r, "AT_PAGESZ %" PRIu64, pg);
	if (a != NULL) {
		ev(r, "; %s has", a->name);
		for (k = 0; k < 16; k++)
			if (a->pagesz >> k & 1) {
				ev(r, " %u", 4096u << k);
				ok |= pg == 4096u << k;
			}
	}
	if (kern)
		ev(r, "; KernelPageSize %" PRIu64, e->kernel.pagesz);
	if (kern && pg == e->kernel.pagesz) {
		if (a != NULL && !ok)
			ev(r,
			    " (the kernel's alone: a compat process, an "
			    "emulator)");
		return CHECK_OK;
	}
	if (ok) {
		if (kern)
			ev(r, " (the architecture's alone: an emulator)");
		return CHECK_OK;
	}
	if (a == NULL && kern)
		return check_nodata(
		    r, "; the architecture's page sizes unknown");
	if (a == NULL) {
		r->ev[0] = '\0';
		return check_nodata(r,
		    e->live ? PROC_ROOT "/self/smaps not readable"
		            : "architecture unknown");
	}
	return CHECK_FAIL;
}

/*
 * AT_CLKTCK: USER_HZ, the architecture's (arch.c); 100, that of
 * include/asm-generic/param.h, where the machine is not in the table.
 */
enum check_res
rule_clktck(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const struct arch *a =
	    arch_kernel(v->machine, v->wordsize, v->bigendian);
	uint64_t hz = 0, want = a != NULL ? a->user_hz : 100;

	if (want == 0) {
		ev(r, "USER_HZ is the kernel's HZ on %s", a->name);
		return CHECK_NODATA;
	}
	if (!vec_find(v, AT_NUM_CLKTCK, &hz))
		return check_absent(r, AT_NUM_CLKTCK);
	ev(r, "AT_CLKTCK %" PRIu64 "; USER_HZ %" PRIu64, hz, want);
	return hz == want ? CHECK_OK : CHECK_FAIL;
}

/* Whether name is a word of the list (words between blanks). */
static int
has_word(const char *list, const char *name, size_t len)
{
	const char *p;

	for (p = list; (p = strstr(p, name)) != NULL; p++)
		if (p[-1] == ' ' && (p[len] == ' ' || p[len] == '\0'))
			return 1;
	return 0;
}

/*
 * The bits where the vector's word and the CPU's differ, each said with
 * + (the vector's alone) or - (the CPU's alone) where sign, by name or,
 * unnamed, by number.
 */
static uint64_t
name_diff(struct check_result *r, enum hwcap_table t, uint64_t val,
    uint64_t cpu, int sign)
{
	struct bits b;

	bits_hwcap(&b, val ^ cpu, t);
	while (bits_next(&b)) {
		ev(r, " %s%.*s",
		    !sign               ? ""
		        : (val & b.bit) ? "+"
		                        : "-",
		    b.name != NULL ? (int)b.len : 1,
		    b.name != NULL ? b.name : "?");
		if (b.name == NULL)
			ev(r, "(bit %u)", (unsigned int)__builtin_ctzll(b.bit));
	}
	return val ^ cpu;
}

/* The HWCAP words, in the order rule_hwcap reads them. */
static const uint64_t words[4] = { AT_NUM_HWCAP, AT_NUM_HWCAP2, AT_NUM_HWCAP3,
	AT_NUM_HWCAP4 };

/*
 * Bits of CPUID.1:EDX that the kernel sets where the CPU's CPUID lacks
 * them (Linux 3.0 to 7.3, arch/x86/kernel/cpu/): PAE (intel.c,
 * forcepae on a Pentium M), CX8 (centaur.c), PGE (amd.c, a K6), SSE
 * (amd.c, an Athlon whose SSE it enables): there cpuinfo exceeds CPUID
 * and is still the kernel's view.
 */
#define KERNEL_SETS                                                            \
	((UINT64_C(1) << 6) | (UINT64_C(1) << 8) | (UINT64_C(1) << 13) |       \
	    (UINT64_C(1) << 25))

/*
 * The bits of x86's HWCAP word w that CPUID tells, as the word has them:
 * AT_HWCAP is CPUID.1:EDX; of AT_HWCAP2, FSGSBASE (bit 1) is CPUID.7:EBX
 * bit 0 (arch/x86/include/uapi/asm/hwcap2.h; RING3MWAIT is no CPUID
 * bit).  *mask: the bits it tells; 0 where CPUID does not answer.
 */
static uint64_t
cpuid_word(unsigned int w, uint64_t *mask)
{
	uint32_t regs[4];

	*mask = 0;
	if (src_self_cpuid(w == 0 ? 1 : 7, regs) != 0)
		return 0;
	*mask = w == 0 ? UINT32_MAX : 2;
	return w == 0 ? regs[3] : (uint64_t)(regs[1] & 1) << 1;
}

/* The named bits of table t that the flags list, and *named all of them. */
static uint64_t
flags_word(const char *flags, enum hwcap_table t, uint64_t *named)
{
	uint64_t cpu = 0;
	struct bits b;

	*named = 0;
	bits_hwcap(&b, ~(uint64_t)0, t);
	while (bits_next(&b)) {
		*named |= b.name != NULL ? b.bit : 0;
		if (b.name != NULL && has_word(flags, b.name, b.len))
			cpu |= b.bit;
	}
	return cpu;
}

/* A cpuinfo value as a number (proc_cpu_field pads it with blanks). */
static int
cpu_num(const char *s, unsigned int *n)
{
	unsigned long u;
	char *end;

	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9' || (u = strtoul(s, &end, 10)) > UINT_MAX)
		return -1;
	*n = (unsigned int)u;
	return 0;
}

/* A cpuinfo value's first word (proc_cpu_field pads it with blanks). */
static int
cpu_word(const char *s, char *w, size_t size)
{
	size_t n = 0;

	while (*s == ' ')
		s++;
	while (s[n] != '\0' && s[n] != ' ' && n + 1 < size)
		n++;
	memcpy(w, s, n);
	w[n] = '\0';
	return n > 0 ? 0 : -1;
}

/*
 * What says that x86's cpuinfo (flags) is not the kernel's view of the
 * CPU this process sees, written to why; empty where nothing does or
 * CPUID does not answer.  Its flags claim a bit CPUID lacks (beyond
 * KERNEL_SETS), or its vendor_id, cpu family and model are not CPUID's
 * (leaf 0, leaf 1's signature as arch/x86/lib/cpu.c x86_family and
 * x86_model read it): a hybrid CPU's cores share these; a line missing
 * is no evidence.
 */
static void
cpuinfo_aside(const char *flags, char *why, size_t size)
{
	static const enum hwcap_table tabs[2] = { HWT_X86, HWT2_X86 };
	uint32_t r0[4], r1[4];
	uint64_t cpu, mask, named, claim;
	unsigned int w, fam, model, ifam, imodel;
	char vendor[13], v[64], f[32], m[32], iv[16];
	size_t n = 0;
	struct bits b;

	why[0] = '\0';
	/* No CPUID: a build for another machine than x86. */
	if (src_self_cpuid(0, r0) != 0)
		return;
	for (w = 0; w < 2; w++) {
		cpu = cpuid_word(w, &mask);
		claim = flags_word(flags, tabs[w], &named) & mask & ~cpu &
		    (w == 0 ? ~KERNEL_SETS : ~(uint64_t)0);
		bits_hwcap(&b, claim, tabs[w]);
		while (bits_next(&b) && n < size)
			n += (size_t)snprintf(why + n, size - n, "%s%.*s",
			    n == 0 ? "it claims " : " ", (int)b.len, b.name);
	}
	if (n > 0 && n < size)
		n += (size_t)snprintf(why + n, size - n, ", which CPUID lacks");
	if (src_self_cpuid(1, r1) != 0 ||
	    proc_cpu_field("vendor_id", v, sizeof(v)) != 0 ||
	    proc_cpu_field("cpu family", f, sizeof(f)) != 0 ||
	    proc_cpu_field("model", m, sizeof(m)) != 0 ||
	    cpu_word(v, iv, sizeof(iv)) == -1 || cpu_num(f, &ifam) == -1 ||
	    cpu_num(m, &imodel) == -1)
		return;
	memcpy(vendor, &r0[1], 4);
	memcpy(vendor + 4, &r0[3], 4);
	memcpy(vendor + 8, &r0[2], 4);
	vendor[12] = '\0';
	fam = r1[0] >> 8 & 0xf;
	fam += fam == 0xf ? (r1[0] >> 20 & 0xff) : 0;
	model = (r1[0] >> 4 & 0xf) | (fam >= 6 ? (r1[0] >> 16 & 0xf) << 4 : 0);
	if ((strcmp(vendor, iv) != 0 || fam != ifam || model != imodel) &&
	    n < size)
		(void)snprintf(why + n, size - n,
		    "%sits CPU %s family %u model %u, CPUID's %s family %u "
		    "model %u",
		    n > 0 ? "; " : "", iv, ifam, imodel, vendor, fam, model);
}

/*
 * The CPUID part of x86's word w of self: CPUID's word, the bits the
 * kernel turned off (CPUID's, not cpuinfo's: where cpuinfo is the
 * kernel's view) and those the vector claims that CPUID lacks (beyond
 * what cpuinfo, the kernel's view, has), these failed: their mask.
 */
static uint64_t
cpuid_diff(struct check_result *r, unsigned int w, uint64_t val, uint64_t named,
    uint64_t ci, int aside)
{
	const enum hwcap_table t = w == 0 ? HWT_X86 : HWT2_X86;
	uint64_t cpu, mask, off, extra;

	cpu = cpuid_word(w, &mask);
	if (mask == 0)
		return 0;
	if (w == 0)
		ev(r, "; CPUID.1:EDX 0x%" PRIx64, cpu);
	else
		ev(r, "; CPUID.7:EBX.FSGSBASE %u", (unsigned int)(cpu >> 1));
	extra = val & mask & ~cpu & (aside ? ~(uint64_t)0 : ~ci);
	off = aside ? 0 : cpu & mask & named & ~ci;
	if (off != 0) {
		ev(r, "; kernel turned off:");
		(void)name_diff(r, t, 0, off, 0);
	}
	if (extra != 0) {
		ev(r, "; not in CPUID:");
		(void)name_diff(r, t, extra, 0, 0);
	}
	return extra;
}

/*
 * AT_HWCAP words against the kernel's view of the CPU: each named bit set
 * where /proc/cpuinfo lists the name (on x86 the kernel's AT_HWCAP is its
 * own filtered copy of CPUID.1:EDX, boot_cpu_data.x86_capability, as its
 * flags line is).  For self, where this build has CPUID (x86's
 * src_self_cpuid), CPUID as we see it besides:
 * natively cpuinfo is the kernel's view of that CPU, within CPUID (the
 * kernel clears bits: clearcpuid=, a kernel that disabled MTRR, a
 * hypervisor's choice), and the vector must be that view exactly; a bit
 * CPUID has and cpuinfo lacks is said, never failed.  Where cpuinfo is
 * another CPU's (an emulator's guest sees its model's CPUID, and the
 * host's /proc/cpuinfo: qemu-user), it is set aside, saying why, and
 * the vector held within CPUID alone.  Only the words the vector has (a
 * missing one is the entries rule's).
 */
enum check_res
rule_hwcap(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	/* N_CPU: v->arch is the row of the vector's own machine. */
	const struct arch *a = v->arch;
	const int self = v->kind == SRC_SELF;
	char flags[8192], why[256] = "";
	uint64_t val, cpu, named, bad = 0;
	enum hwcap_table t;
	struct elf_id host;
	unsigned int w;
	int said = 0;

	elf_host(&host);
	if (!(a->flags & ARCH_CPUINFO_ALL) && v->machine != host.machine)
		return check_nodata(
		    r, PROC_ROOT "/cpuinfo names another architecture");
	if (a->cpuinfo[0] == '\0' ||
	    proc_cpu_field(a->cpuinfo, flags, sizeof(flags)) == -1)
		return check_nodata(r, "no CPU flags in /proc/cpuinfo");
	if (self)
		cpuinfo_aside(flags, why, sizeof(why));
	for (w = 0; w < 4; w++) {
		t = (enum hwcap_table)a->hwcap[w];
		if (t == HWT_NONE || !vec_find(v, words[w], &val))
			continue;
		if (r->ev[0] != '\0')
			ev(r, "; ");
		cpu = flags_word(flags, t, &named);
		ev(r, "AT_%s 0x%" PRIx64 "; /proc/cpuinfo 0x%" PRIx64,
		    at_lookup(words[w], AF_ALL)->name, val, cpu);
		if (why[0] != '\0') {
			ev(r, " set aside");
			if (said++ == 0)
				ev(r, ": not the CPU this process sees (%s)",
				    why);
		} else
			bad |= name_diff(r, t, val & named, cpu, 1);
		if (w < 2 && self)
			bad |=
			    cpuid_diff(r, w, val, named, cpu, why[0] != '\0');
	}
	if (r->ev[0] == '\0')
		return check_nodata(r, "no HWCAP word to compare");
	return bad != 0 ? CHECK_FAIL : CHECK_OK;
}

/*
 * AT_PLATFORM of the vector's architecture: one of its row's names
 * (arch.c), a row of its machine and word size, not --arch's; its name
 * said as the vector is decoded.
 */
enum check_res
rule_platform(const struct check_env *e, struct check_result *r)
{
	const struct decoded *d = check_dec(e, AT_NUM_PLATFORM);
	const struct auxv_vec *v = e->v;
	const struct arch *a = arch_of(v->machine, v->wordsize, v->bigendian);
	const char(*pl)[ARCH_PLATFORM_LEN];
	size_t k;

	if (d == NULL)
		return check_nodata(r, "no AT_PLATFORM");
	if (!d->readable || d->truncated)
		return check_nodata(r, "AT_PLATFORM not readable");
	if (a == NULL || a->platform[0][0] == '\0')
		return check_nodata(
		    r, "no platform names for this architecture");
	pl = a->platform;
	ev(r, "AT_PLATFORM \"%.*s\"; %s has",
	    (int)(d->strlen < 64 ? d->strlen : 64), d->str, v->arch->name);
	for (k = 0; k < ARCH_PLATFORMS && pl[k][0] != '\0'; k++) {
		ev(r, " %s", pl[k]);
		if (strlen(pl[k]) == d->strlen &&
		    memcmp(pl[k], d->str, d->strlen) == 0)
			return CHECK_OK;
	}
	if ((a->flags & ARCH_PLATFORM_VN) && d->strlen == 3 &&
	    d->str[0] == 'v' && (d->str[2] == 'l' || d->str[2] == 'b'))
		return CHECK_OK;
	return CHECK_FAIL;
}

/*
 * The x86-64 baseline of AT_HWCAP, CPUID.1:EDX as boot_cpu_data holds it
 * (arch/x86/include/asm/elf.h ELF_HWCAP).  The kernel boots only where
 * CPUID has arch/x86/include/asm/required-features.h's REQUIRED_MASK0
 * (FPU, CX8, FXSR, CMOV, SSE, SSE2 ...: arch/x86/boot/cpu.c,
 * verify_cpu.S), but AT_HWCAP may lose a bit since: clearcpuid=
 * (arch/x86/kernel/cpu/common.c, setup_clear_cpu_cap) clears any bit,
 * required or not, with what arch/x86/kernel/cpu/cpuid-deps.c makes
 * depend on it (FXSR takes CMOV, SSE and SSE2 along), and nofxsr
 * (arch/x86/kernel/fpu/init.c, before common.c kept it for X86_32)
 * cleared FXSR and SSE on x86-64 too.  FPU alone no running x86-64
 * kernel lacks: fpu__init_system_early_generic() (fpu/init.c) halts
 * where boot_cpu_data has no FPU and the kernel no MATH_EMULATION,
 * which arch/x86/Kconfig gives X86_32 alone.  Every source, x86-64's
 * vectors alone: a 32-bit process's may be a 32-bit kernel's, which may
 * emulate the FPU.
 */
#define X86_64_BASELINE 1u /* X86_FEATURE_FPU, CPUID.1:EDX bit 0 */

enum check_res
rule_hwcap_base(const struct check_env *e, struct check_result *r)
{
	const struct arch *a = e->v->arch;
	uint64_t hw;

	if (a == NULL || a->dlinfo != A_X86_64)
		return check_nodata(r, "no baseline: not an x86-64 vector");
	if (!vec_find(e->v, AT_NUM_HWCAP, &hw))
		return check_nodata(r, "no AT_HWCAP");
	ev(r, "AT_HWCAP 0x%" PRIx64, hw);
	if ((hw & X86_64_BASELINE) == X86_64_BASELINE) {
		ev(r, ": fpu, which every x86-64 kernel has");
		return CHECK_OK;
	}
	ev(r, ": no fpu, which every x86-64 kernel has (it halts without)");
	return check_fail(e, r, 0);
}

/*
 * HWCAP bits that imply others (hwcap_deps.c, each row its kernel file):
 * a bit without what it implies FAILs, naming both and the file, in any
 * vector.  A row held since a version (x86's, cpuid-deps.c's 4.15)
 * FAILs only a live vector of the running kernel, as new (F_HERE): a
 * saved one may be an older kernel's, said.
 */
enum check_res
rule_hwcap_deps(const struct check_env *e, struct check_result *r)
{
	const struct arch *a = e->v->arch;
	uint64_t w[3] = { 0, 0, 0 };
	size_t i, n = 0;
	const struct hwcap_dep *d, *old = NULL;
	const char *file = NULL;
	unsigned int facts = 0;
	int bad = 0;

	if (a == NULL || a->dlinfo == 0)
		return check_nodata(r, "architecture unknown");
	for (i = 0; i < hwcap_ndeps; i++) {
		if (hwcap_deps[i].arches & a->dlinfo) {
			file = hwcap_deps[i].file;
			n++;
		}
	}
	if (n == 0)
		return check_nodata(r, "no bits known to imply others here");
	if (!vec_find(e->v, AT_NUM_HWCAP, &w[0]))
		return check_nodata(r, "no AT_HWCAP");
	(void)vec_find(e->v, AT_NUM_HWCAP2, &w[1]);
	(void)vec_find(e->v, AT_NUM_HWCAP3, &w[2]);
	for (i = 0; i < hwcap_ndeps; i++) {
		d = &hwcap_deps[i];
		if (!(d->arches & a->dlinfo) || !(w[d->word] >> d->bit & 1) ||
		    (w[d->dword] >> d->dbit & 1))
			continue;
		if (d->since != 0 && (!e->live || e->kernel.ver < d->since)) {
			old = old != NULL ? old : d;
			continue;
		}
		/* A row of a version rests on the running kernel's. */
		facts |= d->since != 0 ? F_HERE : 0;
		ev(r, "%s%s without %s (%s)", bad++ > 0 ? "; " : "",
		    hwcap_names[a->hwcap[d->word]][d->bit],
		    hwcap_names[a->hwcap[d->dword]][d->dbit], d->file);
	}
	if (bad > 0)
		return check_fail(e, r, facts);
	if (old != NULL) {
		ev(r, "%s without %s (%s, Linux %u.%u on): ",
		    hwcap_names[a->hwcap[old->word]][old->bit],
		    hwcap_names[a->hwcap[old->dword]][old->dbit], old->file,
		    old->since / 1000U, old->since % 1000U);
		return check_nodata(r,
		    e->live ? "the running kernel is older"
		            : "a saved vector, whose kernel may be older");
	}
	ev(r, "no bit without what it implies (%zu pairs, %s)", n, file);
	return CHECK_OK;
}
