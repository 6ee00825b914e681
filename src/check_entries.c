/*
 * --check's entries rule: every entry the kernel gives the vector's
 * architecture (fs/binfmt_elf.c create_elf_tables and its ARCH_DLINFO),
 * each once, powerpc's AT_IGNOREPPC pair first.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "at.h"
#include "check_rule.h"
#include "source.h"

/*
 * Every entry the kernel gives each architecture, Linux 7.3.4: the
 * generic set of fs/binfmt_elf.c create_elf_tables (AT_HWCAP2 where the
 * architecture defines ELF_HWCAP2, AT_HWCAP3 where ELF_HWCAP3, AT_PLATFORM
 * where ELF_PLATFORM is not NULL, AT_BASE_PLATFORM where
 * ELF_BASE_PLATFORM is always set, AT_RSEQ_* with CONFIG_RSEQ), then each
 * architecture's ARCH_DLINFO (arch/{x86,arm64,arm,powerpc,s390,riscv,
 * loongarch,mips,sparc,alpha,sh,parisc}/include/asm/elf.h; the compat
 * forms for x32, i386 and arm under a 64-bit kernel).  since: the
 * version the kernel gives it from (major * 1000 + minor), asked of a
 * live vector of a kernel that new only (from the kernel's history:
 * powerpc's cache geometry 4.11, commit 98a5f361b862, riscv's 5.10;
 * AT_HWCAP2 3.10 with powerpc's ELF_HWCAP2, arm's 3.15); C_VDSO: only
 * where a vDSO is mapped (the kernel gives it with the vDSO); C_RSEQ:
 * only where this kernel has rseq (CONFIG_RSEQ); C_IGN: AT_IGNORE stands
 * in for it where the kernel had no value (arm64's and riscv's
 * AT_MINSIGSTKSZ, sh's); C_SYSINFO: where the architecture's row says
 * ARCH_SYSINFO (i386).  The bits are arch.c's ARCH_DLINFO column.  What
 * depends on the build beyond that (mips's AT_BASE_PLATFORM, powerpc's
 * cache geometry under a 32-bit kernel, sh's AT_FPUCW) is not asked.
 */
enum {
	A_X86 = A_X86_64 | A_X32 | A_I386,
	/* ELF_PLATFORM is NULL on the others (riscv, sparc, m68k, ...). */
	A_PLAT = A_X86 | A_ARM64 | A_ARM | A_PPC64 | A_PPC | A_S390 | A_LOONG |
	    A_MIPS | A_ALPHA | A_SH | A_PARISC,
	A_VDSO = A_X86 | A_ARM64 | A_ARM | A_PPC64 | A_PPC | A_S390 | A_RISCV |
	    A_LOONG | A_MIPS | A_SPARC64 | A_SH | A_PARISC,
};

enum { C_VDSO = 1, C_RSEQ = 2, C_IGN = 4, C_SYSINFO = 8 };

static const struct {
	uint8_t type;
	uint8_t cond;
	uint32_t arches;
	unsigned int since;
} expected[] = {
	{ AT_NUM_SYSINFO, C_VDSO | C_SYSINFO, A_ALL, 0 },
	{ AT_NUM_SYSINFO_EHDR, C_VDSO, A_VDSO, 0 },
	{ AT_NUM_IGNOREPPC, 0, A_PPC64 | A_PPC, 0 },
	{ AT_NUM_DCACHEBSIZE, 0, A_PPC64 | A_PPC, 0 },
	{ AT_NUM_ICACHEBSIZE, 0, A_PPC64 | A_PPC, 0 },
	{ AT_NUM_UCACHEBSIZE, 0, A_PPC64 | A_PPC, 0 },
	/* powerpc's under CONFIG_PPC64 alone */
	{ AT_NUM_L1I_CACHESIZE, 0, A_PPC64, 4011 },
	{ AT_NUM_L1I_CACHEGEOMETRY, 0, A_PPC64, 4011 },
	{ AT_NUM_L1D_CACHESIZE, 0, A_PPC64, 4011 },
	{ AT_NUM_L1D_CACHEGEOMETRY, 0, A_PPC64, 4011 },
	{ AT_NUM_L2_CACHESIZE, 0, A_PPC64, 4011 },
	{ AT_NUM_L2_CACHEGEOMETRY, 0, A_PPC64, 4011 },
	{ AT_NUM_L3_CACHESIZE, 0, A_PPC64, 4011 },
	{ AT_NUM_L3_CACHEGEOMETRY, 0, A_PPC64, 4011 },
	{ AT_NUM_L1I_CACHESIZE, 0, A_RISCV, 5010 },
	{ AT_NUM_L1I_CACHEGEOMETRY, 0, A_RISCV, 5010 },
	{ AT_NUM_L1D_CACHESIZE, 0, A_RISCV, 5010 },
	{ AT_NUM_L1D_CACHEGEOMETRY, 0, A_RISCV, 5010 },
	{ AT_NUM_L2_CACHESIZE, 0, A_RISCV, 5010 },
	{ AT_NUM_L2_CACHEGEOMETRY, 0, A_RISCV, 5010 },
	{ AT_NUM_L3_CACHESIZE, 0, A_RISCV, 5010 },
	{ AT_NUM_L3_CACHEGEOMETRY, 0, A_RISCV, 5010 },
	{ AT_NUM_ADI_BLKSZ, 0, A_SPARC64, 4017 },
	{ AT_NUM_ADI_NBITS, 0, A_SPARC64, 4017 },
	{ AT_NUM_ADI_UEONADI, 0, A_SPARC64, 4017 },
	{ AT_NUM_L1I_CACHESHAPE, 0, A_ALPHA | A_SH, 0 },
	{ AT_NUM_L1D_CACHESHAPE, 0, A_ALPHA | A_SH, 0 },
	{ AT_NUM_L2_CACHESHAPE, 0, A_ALPHA | A_SH, 0 },
	{ AT_NUM_L3_CACHESHAPE, 0, A_ALPHA, 0 },
	{ AT_NUM_MINSIGSTKSZ, 0, A_X86, 5014 },
	{ AT_NUM_MINSIGSTKSZ, C_IGN, A_ARM64, 4018 },
	{ AT_NUM_MINSIGSTKSZ, 0, A_PPC64 | A_PPC, 5019 },
	{ AT_NUM_MINSIGSTKSZ, C_IGN, A_RISCV, 6005 },
	{ AT_NUM_HWCAP, 0, A_ALL, 0 },
	{ AT_NUM_PAGESZ, 0, A_ALL, 0 },
	{ AT_NUM_CLKTCK, 0, A_ALL, 0 },
	{ AT_NUM_PHDR, 0, A_ALL, 0 },
	{ AT_NUM_PHENT, 0, A_ALL, 0 },
	{ AT_NUM_PHNUM, 0, A_ALL, 0 },
	{ AT_NUM_BASE, 0, A_ALL, 0 },
	{ AT_NUM_FLAGS, 0, A_ALL, 0 },
	{ AT_NUM_ENTRY, 0, A_ALL, 0 },
	{ AT_NUM_UID, 0, A_ALL, 0 },
	{ AT_NUM_EUID, 0, A_ALL, 0 },
	{ AT_NUM_GID, 0, A_ALL, 0 },
	{ AT_NUM_EGID, 0, A_ALL, 0 },
	{ AT_NUM_SECURE, 0, A_ALL, 0 },
	{ AT_NUM_RANDOM, 0, A_ALL, 0 },
	{ AT_NUM_HWCAP2, 0, A_X86, 4011 },
	{ AT_NUM_HWCAP2, 0, A_ARM64, 5002 },
	{ AT_NUM_HWCAP2, 0, A_PPC64 | A_PPC, 3010 },
	{ AT_NUM_HWCAP2, 0, A_ARM, 3015 },
	{ AT_NUM_HWCAP3, 0, A_ARM64, 6016 },
	{ AT_NUM_EXECFN, 0, A_ALL, 0 },
	{ AT_NUM_PLATFORM, 0, A_PLAT, 0 },
	{ AT_NUM_BASE_PLATFORM, 0, A_PPC64 | A_PPC, 0 },
	{ AT_NUM_RSEQ_FEATURE_SIZE, C_RSEQ, A_ALL, 6003 },
	{ AT_NUM_RSEQ_ALIGN, C_RSEQ, A_ALL, 6003 },
};

/*
 * Each entry once, said in r: CHECK_OK, or CHECK_FAIL where one is
 * given twice.  Entries that mean nothing may repeat: powerpc's
 * ARCH_DLINFO writes AT_IGNOREPPC twice on purpose, valgrind turns the
 * entries it hides into AT_IGNORE.
 */
static enum check_res
twice(const struct auxv_vec *v, struct check_result *r)
{
	enum check_res res = CHECK_OK;
	const struct at_type *t;
	size_t i, j;

	for (i = 0; i < v->nent; i++) {
		for (j = 0; j < i && v->ent[j].type != v->ent[i].type; j++)
			;
		if (j < i && v->ent[i].type != AT_NUM_IGNORE &&
		    v->ent[i].type != AT_NUM_IGNOREPPC) {
			t = at_lookup(v->ent[i].type, AF_ALL);
			ev(r,
			    "%sAT_%s (%" PRIu64 ") twice, entries %zu and %zu",
			    r->ev[0] != '\0' ? "; " : "",
			    t != NULL ? t->name : "???", v->ent[i].type, j, i);
			res = CHECK_FAIL;
		}
	}
	return res;
}

/*
 * powerpc's AT_IGNOREPPC pair is entries 0 and 1: fs/binfmt_elf.c
 * create_elf_tables writes ARCH_DLINFO first "so PPC can do its special
 * alignment of AUXV", and arch/powerpc/include/asm/elf.h's
 * COMMON_ARCH_DLINFO (the native and the compat forms alike) starts with
 * the pair (Linux 7.3.4; both are older than git's history, 2.6.12,
 * where include/asm-ppc{,64}/elf.h had the pair first too).  Said in r
 * where it is elsewhere; an absent pair is left to the absent entries.
 */
static enum check_res
ppc_pair(const struct auxv_vec *v, struct check_result *r)
{
	size_t i, n = 0;

	if (v->nent >= 2 && v->ent[0].type == AT_NUM_IGNOREPPC &&
	    v->ent[1].type == AT_NUM_IGNOREPPC)
		return CHECK_OK;
	for (i = 0; i < v->nent; i++) {
		if (v->ent[i].type != AT_NUM_IGNOREPPC)
			continue;
		if (n++ == 0)
			ev(r, "%sAT_IGNOREPPC (22) at entries ",
			    r->ev[0] != '\0' ? "; " : "");
		else
			ev(r, ", ");
		ev(r, "%zu", i);
	}
	if (n == 0)
		return CHECK_OK;
	ev(r, ", not 0 and 1 (the kernel writes the pair first)");
	return CHECK_FAIL;
}

enum check_res
rule_entries(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	enum check_res res = twice(v, r);
	const struct at_type *t;
	const struct arch *k =
	    arch_kernel(v->machine, v->wordsize, v->bigendian);
	const uint32_t a = k != NULL ? k->dlinfo : 0;
	size_t i, nsaved = 0;
	int vdso = check_special(e, &e->vdso) != NULL;
	/* The running kernel made it (F_HERE): self's and -e's. */
	const char *why = e->live ? check_unfixed(e, F_HERE) : "a saved vector";
	const int fresh = why == NULL;
	char saved[320] = "";

	if (a == 0)
		return res == CHECK_OK
		    ? check_nodata(
		          r, "no table of entries for this architecture")
		    : res;
	for (i = 0; i < NITEMS(expected); i++) {
		if (!(expected[i].arches & a) ||
		    vec_find(v, expected[i].type, NULL) ||
		    ((expected[i].cond & C_IGN) &&
		        vec_find(v, AT_NUM_IGNORE, NULL)))
			continue;
		/* What depends on the vDSO or kernel is known of a live one. */
		if ((expected[i].cond & C_VDSO) && !vdso)
			continue;
		if ((expected[i].cond & C_SYSINFO) &&
		    !(k->flags & ARCH_SYSINFO))
			continue;
		if (!fresh &&
		    (expected[i].since != 0 || (expected[i].cond & C_RSEQ))) {
			t = at_lookup(expected[i].type, AF_ALL);
			(void)snprintf(saved + strlen(saved),
			    sizeof(saved) - strlen(saved), "%sAT_%s",
			    nsaved++ > 0 ? ", " : "", t->name);
			continue;
		}
		if (expected[i].since > e->kernel.ver)
			continue;
		if ((expected[i].cond & C_RSEQ) && !e->kernel.rseq)
			continue;
		res = check_absent(r, expected[i].type);
	}
	if ((a & (A_PPC64 | A_PPC)) && ppc_pair(v, r) == CHECK_FAIL)
		res = CHECK_FAIL;
	/* a is a machine of the arch table: v->arch is set, as for platform. */
	if (res == CHECK_OK)
		ev(r, "each of the %zu entries once; none of %s's missing",
		    v->nent, v->arch->name);
	if (nsaved > 0)
		ev(r,
		    "; no data for %s (%s: they depend on the kernel's "
		    "version or build)",
		    saved, why);
	return res;
}
