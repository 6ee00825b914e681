/*
 * --check's rule on the values no other rule reads, held to bounds every
 * kernel obeys: AT_RSEQ_FEATURE_SIZE and AT_RSEQ_ALIGN, AT_MINSIGSTKSZ,
 * AT_FLAGS.
 */
#include <inttypes.h>
#include <stdint.h>

#include "arch.h"
#include "at.h"
#include "check_rule.h"
#include "elfdefs.h"
#include "hwcap.h"
#include "source.h"

/*
 * struct rseq's fields up to node_id and mm_cid, offsetof(struct rseq,
 * end) in Linux 6.3, where fs/binfmt_elf.c began to give AT_RSEQ_*; it
 * grows with fields (33 in 7.3), never shrinks.  AT_RSEQ_ALIGN was
 * __alignof__(struct rseq), 32, then rseq_alloc_align(): the feature
 * size rounded up to a power of two (include/linux/rseq.h, 7.3), never
 * under 32 since the size is at least 28.
 */
#define RSEQ_SIZE_MIN  28u
#define RSEQ_ALIGN_MIN 32u

/*
 * AT_FLAGS bits of include/uapi/linux/binfmts.h in Linux 7.3.4:
 * AT_FLAGS_PRESERVE_ARGV0 alone (binfmt_misc's P flag, fs/binfmt_misc.c).
 */
#define FLAGS_PRESERVE_ARGV0 1u

/* What each part found: FAIL over no data over ok. */
static enum check_res
worse(enum check_res a, enum check_res b)
{
	if (a == CHECK_FAIL || b == CHECK_FAIL)
		return CHECK_FAIL;
	return a == CHECK_NODATA || b == CHECK_NODATA ? CHECK_NODATA : CHECK_OK;
}

static void
sep(struct check_result *r)
{
	if (r->ev[0] != '\0')
		ev(r, "; ");
}

/* The two come together (fs/binfmt_elf.c create_elf_tables, CONFIG_RSEQ). */
static enum check_res
rseq_values(const struct auxv_vec *v, struct check_result *r)
{
	uint64_t size = 0, align = 0;
	size_t has_size = vec_find(v, AT_NUM_RSEQ_FEATURE_SIZE, &size);
	size_t has_align = vec_find(v, AT_NUM_RSEQ_ALIGN, &align);

	if (!has_size && !has_align)
		return CHECK_OK;
	sep(r);
	if (!has_size || !has_align) {
		ev(r, "AT_RSEQ_%s without AT_RSEQ_%s",
		    has_size ? "FEATURE_SIZE" : "ALIGN",
		    has_size ? "ALIGN" : "FEATURE_SIZE");
		return CHECK_FAIL;
	}
	ev(r, "AT_RSEQ_FEATURE_SIZE %" PRIu64 ", AT_RSEQ_ALIGN %" PRIu64, size,
	    align);
	if (size < RSEQ_SIZE_MIN) {
		ev(r, ": the size under %u", RSEQ_SIZE_MIN);
		return CHECK_FAIL;
	}
	if (align < RSEQ_ALIGN_MIN || (align & (align - 1)) != 0) {
		ev(r, ": the alignment not a power of two of %u or more",
		    RSEQ_ALIGN_MIN);
		return CHECK_FAIL;
	}
	return CHECK_OK;
}

/*
 * AT_MINSIGSTKSZ is at least the signal frame the kernel builds, which on
 * x86 holds the XSAVE area of the features XCR0 enables: CPUID leaf 0xD's
 * EBX, where CPUID.1:ECX.OSXSAVE says the kernel enabled XSAVE
 * (arch/x86/kernel/signal.c init_sigframe_size; ECX would count
 * features the kernel may not have enabled).  Held where the vector is of
 * this CPU's process, from its exec: self and -e; a PID's is said (a
 * restore may carry another machine's value).
 */
static enum check_res
minsigstksz(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	uint32_t one[4], xsave[4];
	uint64_t sz = 0;

	if (!vec_find(v, AT_NUM_MINSIGSTKSZ, &sz))
		return CHECK_OK;
	sep(r);
	ev(r, "AT_MINSIGSTKSZ %" PRIu64, sz);
	/* x86: its AT_HWCAP is CPUID.1:EDX. */
	if (v->arch == NULL || v->arch->hwcap[0] != HWT_X86)
		return CHECK_OK;
	if (!e->live || check_lacks(e, N_CPU) != NULL ||
	    src_self_cpuid(1, one) != 0 || (one[2] >> 27 & 1) == 0 ||
	    src_self_cpuid(0xd, xsave) != 0)
		return CHECK_OK;
	ev(r, "; CPUID.(EAX=0DH):EBX %" PRIu32, xsave[1]);
	if (sz >= xsave[1])
		return CHECK_OK;
	ev(r, ": the XSAVE area alone is larger");
	if (v->kind != SRC_PID)
		return CHECK_FAIL;
	ev(r, " (a PID's vector may be another machine's)");
	return CHECK_NODATA;
}

/*
 * AT_FLAGS: AT_FLAGS_PRESERVE_ARGV0 where binfmt_misc ran the program;
 * another bit only a kernel newer than the tables may set: failed where
 * the running kernel is known and not newer, and the vector is its own
 * (self and -e).
 */
static enum check_res
flags(const struct check_env *e, struct check_result *r)
{
	uint64_t f = 0, other;

	if (!vec_find(e->v, AT_NUM_FLAGS, &f))
		return CHECK_OK;
	sep(r);
	ev(r, "AT_FLAGS 0x%" PRIx64, f);
	if (f & FLAGS_PRESERVE_ARGV0)
		ev(r, " (AT_FLAGS_PRESERVE_ARGV0: binfmt_misc kept argv[0])");
	if ((other = f & ~(uint64_t)FLAGS_PRESERVE_ARGV0) == 0)
		return CHECK_OK;
	ev(r, ": 0x%" PRIx64 " no bit of Linux %u.%u", other,
	    TABLES_LINUX / 1000, TABLES_LINUX % 1000);
	if (e->v->kind != SRC_SELF && e->v->kind != SRC_EXEC) {
		ev(r, ", and the kernel that made the vector is unknown");
		return CHECK_NODATA;
	}
	if (e->kernel.ver == 0 || e->kernel.ver > TABLES_LINUX) {
		ev(r, ", and this kernel is newer or unknown");
		return CHECK_NODATA;
	}
	return CHECK_FAIL;
}

enum check_res
rule_values(const struct check_env *e, struct check_result *r)
{
	enum check_res res = rseq_values(e->v, r);

	res = worse(res, minsigstksz(e, r));
	res = worse(res, flags(e, r));
	if (r->ev[0] == '\0')
		return check_nodata(
		    r, "no AT_RSEQ_*, AT_MINSIGSTKSZ or AT_FLAGS");
	return res;
}
