/*
 * The program's own vector, read from memory: the words after the NULL
 * that ends the environment exec laid on the stack.  Its word size, byte order
 * and machine are the build's, read from our own ELF header.
 */
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "at.h"
#include "elfdefs.h"
#include "opts.h"
#include "proc.h"
#include "procmem.h"
#include "rawsys.h"
#include "source.h"

/*
 * process_vm_readv of len bytes of our own memory at addr into buf, for
 * procmem.c: the bytes read, or -1 and errno (getpid's, where a seccomp
 * filter refuses that).
 */
static ssize_t
self_vm_read(void *buf, uint64_t addr, size_t len)
{
	struct iovec local = { buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	pid_t pid = proc_self_pid();
	long n;

	if (pid == -1)
		return -1;
#if defined(__x86_64__)
	n = rawsys(
	    SYS_process_vm_readv, pid, (long)&local, 1, (long)&remote, 1, 0);
	if (n < 0) {
		errno = (int)-n;
		n = -1;
	}
#else
	n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
#endif
	return (ssize_t)n;
}

/*
 * Our own name, as the kernel keeps it (PR_GET_NAME: no /proc read),
 * which no file name in the vector tells: run by fexecve(3) AT_EXECFN is
 * /dev/fd/N, run by ld.so it is ld.so's.  With exe, our executable.
 */
static void
self_names(struct source *s, int exe)
{
	char comm[16]; /* TASK_COMM_LEN, as prctl(2) writes it */
	struct proc self;

	if (prctl(PR_GET_NAME, comm, 0L, 0L, 0L) == 0) {
		comm[sizeof(comm) - 1] = '\0';
		memcpy(s->comm, comm, sizeof(comm));
		s->vec.comm = s->comm;
	}
	if (!exe)
		return;
	proc_at(&self, 0, 0);
	if (proc_exe(&self, s->exe, sizeof(s->exe)) == 0)
		s->vec.exe = s->exe;
}

/*
 * The first AT_RANDOM and AT_PAGESZ values of the vector at w (0 where
 * absent), as getauxval(3) answers them: whether they are what libc
 * holds, *rnd and *pg.
 */
static int
self_agrees(const unsigned long *w, unsigned long rnd, unsigned long pg)
{
	const size_t max = AUXV_MAX_RAW / sizeof(unsigned long) - 1;
	unsigned long r = 0, p = 0;
	int seen = 0;
	size_t k;

	for (k = 0; k < max && w[k] != AT_NUM_NULL && seen != 3; k += 2)
		if (w[k] == AT_NUM_RANDOM && !(seen & 1)) {
			r = w[k + 1];
			seen |= 1;
		} else if (w[k] == AT_NUM_PAGESZ && !(seen & 2)) {
			p = w[k + 1];
			seen |= 2;
		}
	return r == rnd && p == pg;
}

/*
 * Where the kernel put our vector (fs/binfmt_elf.c create_elf_tables):
 * argv's NULL, the environment as exec laid it, its NULL, the vector.
 * Found from main's argv, never its envp: glibc hands main the
 * environment as the constructors left it (setenv moves it to the heap,
 * clearenv makes it NULL).  Where argv's NULL is argv[argc] and a
 * non-zero word follows the environment's NULL, that is the vector libc
 * found at start, by the same walk.  Else it is confirmed against what
 * libc was given (getauxval of AT_RANDOM and AT_PAGESZ, which no loader
 * rewrites; a call only here, since each first call binds a symbol):
 * unsetenv, in a constructor or in ld.so's secure mode, shifts the
 * stack's pointers down in place and leaves a NULL behind for each, and
 * a vector's first type is never AT_NULL, so the vector after those
 * NULLs; else the one right after the environment's NULL (an empty
 * vector, as only a loader gives).  Neither is an error, never a guess.
 * *envp: where the environment's pointers start.
 */
static const unsigned char *
self_auxv(int argc, char **argv, char ***envp)
{
	const size_t max = AUXV_MAX_RAW / sizeof(unsigned long) - 1;
	const unsigned long *w;
	unsigned long rnd, pg;
	char **p = argv;
	int counted;
	size_t i;

	while (*p != NULL)
		p++;
	*envp = p + 1;
	counted = p - argv == argc;
	for (p++; *p != NULL; p++)
		;
	w = (const unsigned long *)(const void *)(p + 1);
	if (counted && w[0] != 0)
		return (const unsigned char *)w;
	for (i = 0; i < max && w[i] == 0; i++)
		;
	rnd = getauxval(AT_NUM_RANDOM);
	pg = getauxval(AT_NUM_PAGESZ);
	if (i < max && self_agrees(w + i, rnd, pg))
		return (const unsigned char *)(w + i);
	if (i > 0 && rnd == 0 && pg == 0)
		return (const unsigned char *)w;
	return NULL;
}

int
src_self(struct source *s, const struct opts *o, int argc, char **argv,
    struct diag *d)
{
	static const char self[] = "self";
	const unsigned char *auxv;
	char **envp;
	size_t len, pair;

	auxv = self_auxv(argc, argv, &envp);
	if (auxv == NULL) {
		diag_set(d, 0,
		    "the vector after the environment is not the one libc "
		    "was given (AT_RANDOM or AT_PAGESZ differ)");
		return -1;
	}
	pair = 2 * sizeof(unsigned long);
	for (len = 0; len < AUXV_MAX_RAW; len += pair)
		if (*(const unsigned long *)(const void *)(auxv + len) == 0) {
			len += pair;
			break;
		}
	/* Our own vector stays where the kernel put it: no copy. */
	s->vec.kind = SRC_SELF;
	s->vec.pid = o->names != NAMES_NONE ? proc_self_pid() : 0;
	/* Refused (seccomp): no pid said, not -1. */
	if (s->vec.pid == -1)
		s->vec.pid = 0;
	if (o->names != NAMES_NONE)
		self_names(s, o->names == NAMES_EXE);
	memcpy(s->label, self, sizeof(self));
	s->vec.raw = auxv;
	s->vec.rawlen = len;
	s->vec.argc = (uint64_t)argc;
	s->vec.argv = (uint64_t)(uintptr_t)argv;
	s->vec.envp = (uint64_t)(uintptr_t)envp;
	procmem_self(&s->pm, &s->vec.mem, self_vm_read);
	return 0;
}

#ifndef PR_SVE_GET_VL
#define PR_SVE_GET_VL 51 /* include/uapi/linux/prctl.h, Linux 4.15 */
#endif
#ifndef PR_SVE_VL_LEN_MASK
#define PR_SVE_VL_LEN_MASK 0xffff
#endif

/*
 * This thread's SVE vector length in bytes, as the kernel (or an
 * emulator) answers PR_SVE_GET_VL: -1 where it refuses (no SVE, not
 * arm64).
 */
int
src_self_sve_vl(void)
{
	int r = prctl(PR_SVE_GET_VL, 0, 0, 0, 0);

	return r < 0 ? -1 : r & PR_SVE_VL_LEN_MASK;
}

/*
 * CPUID leaf's EAX..EDX (subleaf 0) as this process sees them (an
 * emulator's model under an emulator): 0, or -1 where the machine has no
 * CPUID.  The one place that knows the build's own instruction set.
 */
int
src_self_cpuid(uint32_t leaf, uint32_t *regs)
{
#if defined(__x86_64__) || defined(__i386__)
	return __get_cpuid_count(
	           leaf, 0, &regs[0], &regs[1], &regs[2], &regs[3])
	    ? 0
	    : -1;
#else
	(void)leaf;
	(void)regs;
	return -1;
#endif
}
