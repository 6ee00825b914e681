/*
 * The program's own vector, read from memory: the words after the NULL
 * that ends envp.  Its word size, byte order and machine are the build's,
 * read from our own ELF header.
 */
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#include <errno.h>
#include <stdio.h>
#include <string.h>
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
 * Where the kernel put our vector: after envp's NULL.  In secure mode
 * (AT_SECURE) ld.so, or a static libc, unsets variables such as
 * LD_LIBRARY_PATH and TMPDIR before main, and unsetenv moves the later
 * ones down, a NULL left behind for each: envp's NULL then comes that
 * many words before the kernel's.  A vector's first type is never
 * AT_NULL, so NULLs after envp's are envp's too where the vector after
 * them says AT_SECURE; else envp's NULL is taken (where only NULLs
 * follow, either gives an empty vector).  No libc call: getauxval
 * would be one more symbol bound on every run.
 */
static const unsigned char *
self_auxv(char **envp)
{
	const size_t max = AUXV_MAX_RAW / sizeof(unsigned long) - 1;
	const unsigned long *w;
	size_t i, k;

	while (*envp != NULL)
		envp++;
	w = (const unsigned long *)(const void *)(envp + 1);
	for (i = 0; i < max && w[i] == 0; i++)
		;
	for (k = i; i > 0 && k < max && w[k] != AT_NUM_NULL; k += 2)
		if (w[k] == AT_NUM_SECURE && w[k + 1] != 0)
			return (const unsigned char *)(w + i);
	return (const unsigned char *)w;
}

int
src_self(struct source *s, const struct opts *o, char **envp, struct diag *d)
{
	static const char self[] = "self";
	const unsigned char *auxv;
	size_t len, pair;

	(void)d;
	auxv = self_auxv(envp);
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
