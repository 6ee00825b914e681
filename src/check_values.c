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
#include "elfcore.h"
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
 * arm64's AT_MINSIGSTKSZ is signal_minsigstksz, set once at boot by
 * arch/arm64/kernel/signal.c minsigstksz_setup() (Linux 4.18 on; 0, and
 * the entry AT_IGNORE, where that failed: arch/arm64/include/asm/elf.h
 * ARCH_DLINFO):
 *
 *   init_user_layout(): size = offsetof(struct rt_sigframe,
 *       uc.uc_mcontext.__reserved), limit = size + 4096 (__reserved[])
 *       - TERMINATOR_SIZE - EXTRA_CONTEXT_SIZE;
 *   setup_sigframe_layout(&user, add_all = true): each record
 *       round_up(size, 16) at size, in order; where one passes the
 *       limit (__sigframe_alloc()), an extra_context (32 bytes) and the
 *       __reserved[] terminator (16) come first and the frame grows past
 *       __reserved[]; sigframe_alloc_end() a terminator (16);
 *   signal_minsigstksz = sigframe_size() (round_up(max(size,
 *       sizeof(struct rt_sigframe)), 16)) + round_up(sizeof(struct
 *       frame_record), 16) + 16 (the alignment padding).
 *
 * From arch/arm64/include/uapi/asm/{sigcontext,ucontext}.h: struct
 * siginfo 128 bytes, then struct ucontext (uc_flags 8, uc_link 8,
 * uc_stack 24, uc_sigmask 8, __unused 120, uc_mcontext at 176: struct
 * sigcontext, fault_address 8, regs 248, sp, pc, pstate 24, __reserved at
 * 288, aligned 16), so __reserved[] at 592 and sizeof(struct
 * rt_sigframe) 4688; struct frame_record 16.  With the records' sum R:
 *
 *   AT_MINSIGSTKSZ = round_up(max(592 + R + 16 + (R > 4048 ? 48 : 0),
 *                                 4688), 16) + 32,
 *
 * 4720 with no record, and never smaller with fewer records.  The
 * records counted, as every version from 4.18 to 7.3 lays them out with
 * add_all: struct fpsimd_context (528), where the vector claims
 * HWCAP_FP (always in 4.18, under system_supports_fpsimd(), the same
 * ID_AA64PFR0_EL1.FP field, later); and SVE_SIG_CONTEXT_SIZE(vq) (16 +
 * 546 vq), where it claims HWCAP_SVE (system_supports_sve()) and this
 * thread's vector length is known: the kernel sizes it by the largest
 * length the system has (sve_max_vl, then max(sve_max_vl(),
 * sme_max_vl())), never under any thread's: for self and -e alike,
 * whose vectors this kernel made.  struct esr_context (16, in every
 * add_all layout) and the records the kernel adds by version, build or
 * CPU (gcs, tpidr2, za, zt, fpmr, poe) are left out: the bound holds on
 * every kernel from 4.18, and on one that gives more it is lower still.
 * RESERVED_ROOM is __reserved[]'s 4096 less TERMINATOR_SIZE and
 * EXTRA_CONTEXT_SIZE.
 */
#define A64_RESERVED_AT   592u
#define A64_SIGFRAME      4688u
#define A64_RESERVED_ROOM 4048u
#define A64_EXTRA         48u       /* EXTRA_CONTEXT_SIZE + TERMINATOR_SIZE */
#define A64_END           16u       /* TERMINATOR_SIZE */
#define A64_BELOW         32u       /* the frame record and the padding */
#define A64_FPSIMD        528u      /* sizeof(struct fpsimd_context) */
#define A64_HWCAP_FP      (1u << 0) /* arch/arm64/include/uapi/asm/hwcap.h */
#define A64_HWCAP_SVE     (1u << 22)
#define A64_VL_MAX        8192u /* __SVE_VL_MAX (sve_context.h) */

static uint64_t
round16(uint64_t n)
{
	return (n + 15) & ~(uint64_t)15;
}

/*
 * The arm64 bound for a vector of HWCAP hw; vl: this thread's SVE vector
 * length in bytes, or -1.  Said with what it counted.
 */
static uint64_t
a64_frame(uint64_t hw, int vl, struct check_result *r)
{
	uint64_t rec = 0, size;
	int fp = (hw & A64_HWCAP_FP) != 0;
	int sve = (hw & A64_HWCAP_SVE) && vl >= 16 &&
	    (unsigned int)vl <= A64_VL_MAX && vl % 16 == 0;

	if (fp)
		rec += A64_FPSIMD;
	if (sve)
		rec += round16(16 + 546 * (uint64_t)(vl / 16));
	size = A64_RESERVED_AT + rec + A64_END +
	    (rec > A64_RESERVED_ROOM ? A64_EXTRA : 0);
	size = round16(size > A64_SIGFRAME ? size : A64_SIGFRAME) + A64_BELOW;
	ev(r, "; arm64's signal frame at least %" PRIu64 " (rt_sigframe%s",
	    size, fp ? ", FP/SIMD" : "");
	if (sve)
		ev(r, ", SVE at vector length %d", vl);
	ev(r, ")");
	return size;
}

/*
 * AT_MINSIGSTKSZ sz against a bound of this machine already said, what
 * the bound is (F_HERE: a PID's vector may be a restore's of another).
 */
static enum check_res
minsig_held(const struct check_env *e, uint64_t sz, uint64_t bound,
    const char *what, struct check_result *r)
{
	if (sz >= bound)
		return CHECK_OK;
	ev(r, ": %s alone is larger", what);
	return check_fail(e, r, F_HERE);
}

/*
 * arm64's bound, where the vector is of this process's architecture (its
 * kernel's, or an emulator's of it) and of a running process: self and
 * -e held to it, a PID's said.  Saves as x86's: the value said alone.
 */
static enum check_res
a64_minsigstksz(const struct check_env *e, uint64_t sz, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const struct arch *a = arch_of(v->machine, v->wordsize, v->bigendian);
	uint64_t hw = 0;
	struct elf_id host;

	elf_host(&host);
	if (!e->live || a == NULL || a->dlinfo != A_ARM64 ||
	    v->machine != host.machine)
		return CHECK_OK;
	(void)vec_find(v, AT_NUM_HWCAP, &hw);
	return minsig_held(
	    e, sz, a64_frame(hw, src_self_sve_vl(), r), "the frame", r);
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
		return a64_minsigstksz(e, sz, r);
	if (!e->live || check_lacks(e, N_CPU) != NULL ||
	    src_self_cpuid(1, one) != 0 || (one[2] >> 27 & 1) == 0 ||
	    src_self_cpuid(0xd, xsave) != 0)
		return CHECK_OK;
	ev(r, "; CPUID.(EAX=0DH):EBX %" PRIu32, xsave[1]);
	return minsig_held(e, sz, xsave[1], "the XSAVE area", r);
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
	if (!e->live) {
		ev(r, ", and the kernel that made the vector is unknown");
		return CHECK_NODATA;
	}
	if (e->kernel.ver == 0 || e->kernel.ver > TABLES_LINUX) {
		ev(r, ", and this kernel is newer or unknown");
		return CHECK_NODATA;
	}
	return check_fail(e, r, F_HERE);
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
