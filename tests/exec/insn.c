/*
 * probe.bats' oracle of what the CPU a program sees runs: "insn NAME"
 * runs the instruction that auxv's hwcap-run rule probes for the HWCAP
 * bit NAME (its /proc/cpuinfo name), assembled here from its mnemonic
 * by the toolchain, not from auxv's stubs, with no signal handler: it
 * exits 0 where it ran, dies of the signal where the CPU (or qemu-user's
 * model CPU) refused it.  "insn" alone lists the names this build knows.
 * Status 2 for a name it does not know.
 */
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
static void
x86_cx8(void)
{
	unsigned long long m = 0;
	unsigned int a = 0, d = 0;

	__asm__ volatile("cmpxchg8b %0"
	                 : "+m"(m), "+a"(a), "+d"(d)
	                 : "b"(0), "c"(0));
}

static void
x86_fxsr(void)
{
	static char area[512] __attribute__((aligned(16)));

	__asm__ volatile("fxsave %0" : "=m"(area));
}

static void
x86_monitor(void)
{
	char b;

	__asm__ volatile("monitor" : : "a"(&b), "c"(0), "d"(0));
}
#endif

#define ASM(s) __asm__ volatile(s ::: "memory")

/* A 32-bit build without -msse knows no xmm0 to clobber (nor uses it). */
#if defined(__SSE__)
#define XMM0 "xmm0"
#else
#define XMM0 "memory"
#endif

#if defined(__aarch64__)
#define A64(s)                                                                 \
	__asm__ volatile(".arch armv8.2-a+crypto+sha3+sve+crc+lse\n\t" s       \
	                 :                                                     \
	                 :                                                     \
	                 : "memory", "x0", "x1", "x2", "v0", "v1", "v2")
#elif defined(__arm__)
#define A32(s)                                                                 \
	__asm__ volatile(                                                      \
	    ".arch armv8-a\n\t.arch_extension crc\n\t"                         \
	    ".fpu crypto-neon-fp-armv8\n\t" s                                  \
	    :                                                                  \
	    :                                                                  \
	    : "memory", "r0", "r1", "d0", "d1", "d2", "d3", "d4", "d5")

static void __attribute__((target("arm"), noinline)) arm_sdiv(void)
{
	A32("mov r0, #0\n\tmov r1, #1\n\tsdiv r0, r0, r1");
}

static void __attribute__((target("thumb"), noinline)) thumb_sdiv(void)
{
	A32("movs r0, #0\n\tmovs r1, #1\n\tsdiv r0, r0, r1");
}
#elif defined(__powerpc64__)
/* A build for a CPU without AltiVec or VSX knows no v0 or vs0 to clobber. */
#if defined(__VSX__)
#define PPC_CLOBBER "memory", "vs0", "v0", "fr0"
#elif defined(__ALTIVEC__)
#define PPC_CLOBBER "memory", "v0", "fr0"
#else
#define PPC_CLOBBER "memory", "fr0"
#endif
#define PPC(s)                                                                 \
	__asm__ volatile(".machine push\n\t.machine power7\n\t" s              \
	                 "\n\t.machine pop"                                    \
	                 :                                                     \
	                 :                                                     \
	                 : PPC_CLOBBER)
#elif defined(__s390x__)
#if defined(__VX__)
#define S390_CLOBBER "memory", "v16"
#else
#define S390_CLOBBER "memory"
#endif
#define S390(s)                                                                \
	__asm__ volatile(".machine push\n\t.machine z14\n\t" s                 \
	                 "\n\t.machine pop"                                    \
	                 :                                                     \
	                 :                                                     \
	                 : S390_CLOBBER)
#elif defined(__riscv) && __riscv_xlen == 64
#define RV(s)                                                                  \
	__asm__ volatile(".option push\n\t.option arch, +v\n\t" s              \
	                 "\n\t.option pop"                                     \
	                 :                                                     \
	                 :                                                     \
	                 : "memory", "t0", "ft0")
#endif

static int
run(const char *n)
{
#if defined(__x86_64__) || defined(__i386__)
	static const char *const names[] = {
		"fpu",
		"tsc",
		"cx8",
		"cmov",
		"clflush",
		"mmx",
		"fxsr",
		"sse",
		"sse2",
		"ring3mwait",
#if defined(__x86_64__)
		"fsgsbase",
#endif
		NULL
	};
	unsigned long v = 0;

	if (n == NULL) {
		for (size_t i = 0; names[i] != NULL; i++)
			puts(names[i]);
		return 0;
	}
	if (strcmp(n, "fpu") == 0)
		ASM("fld1\n\tfstp %%st(0)");
	else if (strcmp(n, "tsc") == 0)
		__asm__ volatile("rdtsc" : : : "eax", "edx");
	else if (strcmp(n, "cx8") == 0)
		x86_cx8();
	else if (strcmp(n, "cmov") == 0)
		__asm__ volatile("cmove %1, %0" : "+r"(v) : "r"(v) : "cc");
	else if (strcmp(n, "clflush") == 0)
		__asm__ volatile("clflush %0" : "+m"(v));
	else if (strcmp(n, "mmx") == 0)
		ASM("pxor %%mm0, %%mm0\n\temms");
	else if (strcmp(n, "fxsr") == 0)
		x86_fxsr();
	else if (strcmp(n, "sse") == 0)
		__asm__ volatile("xorps %%xmm0, %%xmm0" : : : XMM0);
	else if (strcmp(n, "sse2") == 0)
		__asm__ volatile("pxor %%xmm0, %%xmm0" : : : XMM0);
	else if (strcmp(n, "ring3mwait") == 0)
		x86_monitor();
#if defined(__x86_64__)
	else if (strcmp(n, "fsgsbase") == 0)
		__asm__ volatile("rdfsbase %0" : "=r"(v));
#endif
	else
		return 2;
	return 0;
#elif defined(__aarch64__)
	static const char *const names[] = { "fp", "asimd", "aes", "pmull",
		"sha1", "sha2", "crc32", "atomics", "cpuid", "dcpop", "sha3",
		"sha512", "sve", NULL };
	unsigned int word = 0;

	if (n == NULL) {
		for (size_t i = 0; names[i] != NULL; i++)
			puts(names[i]);
		return 0;
	}
	if (strcmp(n, "fp") == 0)
		A64("fmov s0, wzr");
	else if (strcmp(n, "asimd") == 0)
		A64("add v0.16b, v0.16b, v0.16b");
	else if (strcmp(n, "aes") == 0)
		A64("aese v0.16b, v1.16b");
	else if (strcmp(n, "pmull") == 0)
		A64("pmull v0.1q, v0.1d, v1.1d");
	else if (strcmp(n, "sha1") == 0)
		A64("sha1h s0, s1");
	else if (strcmp(n, "sha2") == 0)
		A64("sha256h q0, q1, v2.4s");
	else if (strcmp(n, "crc32") == 0)
		A64("crc32b w0, w0, w1");
	else if (strcmp(n, "atomics") == 0)
		__asm__ volatile(".arch armv8.1-a\n\tldadd %w1, w2, %0"
		                 : "+Q"(word)
		                 : "r"(1)
		                 : "w2", "memory");
	else if (strcmp(n, "cpuid") == 0)
		A64("mrs x0, ID_AA64ISAR0_EL1");
	else if (strcmp(n, "dcpop") == 0)
		__asm__ volatile(".arch armv8.2-a\n\tdc cvap, %0"
		                 :
		                 : "r"(&word)
		                 : "memory");
	else if (strcmp(n, "sha3") == 0)
		A64("eor3 v0.16b, v0.16b, v1.16b, v2.16b");
	else if (strcmp(n, "sha512") == 0)
		A64("sha512h q0, q1, v2.2d");
	else if (strcmp(n, "sve") == 0)
		A64("cntb x0");
	else
		return 2;
	return 0;
#elif defined(__arm__)
	static const char *const names[] = { "vfp", "neon", "vfpv4", "idiva",
		"idivt", "aes", "pmull", "sha1", "sha2", "crc32", NULL };

	if (n == NULL) {
		for (size_t i = 0; names[i] != NULL; i++)
			puts(names[i]);
		return 0;
	}
	if (strcmp(n, "vfp") == 0)
		A32("vadd.f32 s0, s0, s0");
	else if (strcmp(n, "neon") == 0)
		A32("vadd.i8 d0, d0, d0");
	else if (strcmp(n, "vfpv4") == 0)
		A32("vfma.f32 s0, s0, s0");
	else if (strcmp(n, "idiva") == 0)
		arm_sdiv();
	else if (strcmp(n, "idivt") == 0)
		thumb_sdiv();
	else if (strcmp(n, "aes") == 0)
		A32("aese.8 q0, q1");
	else if (strcmp(n, "pmull") == 0)
		A32("vmull.p64 q0, d0, d1");
	else if (strcmp(n, "sha1") == 0)
		A32("sha1h.32 q0, q1");
	else if (strcmp(n, "sha2") == 0)
		A32("sha256h.32 q0, q1, q2");
	else if (strcmp(n, "crc32") == 0)
		A32("crc32b r0, r0, r1");
	else
		return 2;
	return 0;
#elif defined(__powerpc64__)
	static const char *const names[] = { "vsx", "fpu", "altivec", NULL };

	if (n == NULL) {
		for (size_t i = 0; names[i] != NULL; i++)
			puts(names[i]);
		return 0;
	}
	if (strcmp(n, "vsx") == 0)
		PPC("xxlor 0, 0, 0");
	else if (strcmp(n, "fpu") == 0)
		PPC("fmr 0, 0");
	else if (strcmp(n, "altivec") == 0)
		PPC("vor 0, 0, 0");
	else
		return 2;
	return 0;
#elif defined(__s390x__)
	static const char *const names[] = { "vx", "vxe", NULL };

	if (n == NULL) {
		for (size_t i = 0; names[i] != NULL; i++)
			puts(names[i]);
		return 0;
	}
	if (strcmp(n, "vx") == 0)
		S390("vzero %%v16");
	else if (strcmp(n, "vxe") == 0)
		S390("vnx %%v16, %%v16, %%v16");
	else
		return 2;
	return 0;
#elif defined(__riscv) && __riscv_xlen == 64
	static const char *const names[] = { "d", "f", "v", NULL };

	if (n == NULL) {
		for (size_t i = 0; names[i] != NULL; i++)
			puts(names[i]);
		return 0;
	}
	if (strcmp(n, "d") == 0)
		RV("fmv.d ft0, ft0");
	else if (strcmp(n, "f") == 0)
		RV("fmv.s ft0, ft0");
	else if (strcmp(n, "v") == 0)
		RV("vsetvli t0, zero, e8, m1, ta, ma");
	else
		return 2;
	return 0;
#else
	(void)n;
	return 2;
#endif
}

int
main(int argc, char *argv[])
{
	int rc;

	if (argc > 2)
		return 2;
	rc = run(argc == 2 ? argv[1] : NULL);
	if (rc == 0 && argc == 2)
		printf("%s ran\n", argv[1]);
	return rc;
}
