/*
 * The program's own vector, read from memory: the words after the NULL
 * that ends envp.  Its word size, byte order and machine are the build's,
 * read from our own ELF header.
 */
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "at.h"
#include "opts.h"
#include "proc.h"
#include "source.h"

/*
 * A system call without libc, on the machine whose instructions are
 * counted (tests/bench): a libc call binds a symbol on every run
 * (process_vm_readv and getpid cost the default run 1,424 instructions,
 * callgrind), this costs a few.  Elsewhere, libc's.
 */
#if defined(__x86_64__)
static long
self_syscall(long nr, long a, long b, long c, long d, long e, long f)
{
	register long rax __asm__("rax") = nr, rdi __asm__("rdi") = a,
	                  rsi __asm__("rsi") = b, rdx __asm__("rdx") = c,
	                  r10 __asm__("r10") = d, r8 __asm__("r8") = e,
	                  r9 __asm__("r9") = f;

	__asm__ volatile(
	    "syscall"
	    : "+r"(rax)
	    : "r"(rdi), "r"(rsi), "r"(rdx), "r"(r10), "r"(r8), "r"(r9)
	    : "rcx", "r11", "memory");
	return rax;
}
#endif

/*
 * Our own memory where process_vm_readv is refused (a seccomp filter;
 * qemu-user, which does not implement it): read in the process itself,
 * only what /proc/self/maps says is readable (under an emulator, the
 * guest's map in the guest's addresses), and copied through a pipe, so
 * that a page that faults all the same (a file mapping past the file's
 * end raises SIGBUS on a plain copy) fails write(2) with EFAULT instead
 * of raising a signal; qemu-user checks the guest's page flags there
 * too.  Not /proc/self/mem: qemu-user passes it through untranslated,
 * and for a guest whose addresses are not the host's (a 32-bit one) it
 * would read the host's bytes, which look right and are not.
 */
static ssize_t
self_copy(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	struct source *s = m->ctx;
	const unsigned char *from = (const void *)(uintptr_t)addr;
	size_t n, want, got = 0;
	ssize_t w;

	if (addr != (uintptr_t)addr ||
	    (n = proc_readable("/proc/self", addr, len)) == 0) {
		errno = EFAULT;
		return -1;
	}
	/*
	 * pipe2 through syscall(2), which auxv binds anyway: libc's pipe2
	 * is the one symbol of version GLIBC_2.9 auxv would need, and
	 * checking that version cost every run 453 instructions (callgrind).
	 */
	if (s->pipe[0] == -1 &&
	    syscall(SYS_pipe2, s->pipe, O_CLOEXEC | O_NONBLOCK) == -1)
		return -1;
	/* Never more than PIPE_BUF at a time: an empty pipe takes it whole. */
	for (; got < n; got += (size_t)w) {
		want = n - got < PIPE_BUF ? n - got : PIPE_BUF;
		if ((w = write(s->pipe[1], from + got, want)) <= 0)
			break;
		if (read(s->pipe[0], (unsigned char *)buf + got, (size_t)w) !=
		    w) {
			/* Never seen; a pipe left holding bytes is not kept. */
			close(s->pipe[0]);
			close(s->pipe[1]);
			s->pipe[0] = s->pipe[1] = -1;
			errno = EIO;
			break;
		}
	}
	return got > 0 ? (ssize_t)got : -1;
}

/*
 * Our own memory, through the kernel, so that a pointer no mapping holds
 * (a loader of our own may put anything in the vector) is unreadable and
 * not a crash: process_vm_readv with our own PID, or where that is
 * refused, from then on, self_copy().
 */
static ssize_t
self_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	struct source *s = m->ctx;
	long n;

	if (addr != (uintptr_t)addr) {
		errno = EFAULT;
		return -1;
	}
#if defined(__x86_64__)
	n = self_syscall(SYS_process_vm_readv,
	    self_syscall(SYS_getpid, 0, 0, 0, 0, 0, 0), (long)&local, 1,
	    (long)&remote, 1, 0);
	if (n < 0) {
		errno = (int)-n;
		n = -1;
	}
#else
	n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
#endif
	if (n != -1 || (errno != ENOSYS && errno != EPERM))
		return (ssize_t)n;
	s->vec.mem.read = self_copy;
	return self_copy(m, addr, buf, len);
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

	if (prctl(PR_GET_NAME, comm, 0L, 0L, 0L) == 0) {
		comm[sizeof(comm) - 1] = '\0';
		memcpy(s->comm, comm, sizeof(comm));
		s->vec.comm = s->comm;
	}
	if (exe)
		src_exe(s, "/proc/self/exe");
}

/*
 * Where the kernel put our vector: after envp's NULL.  In secure mode
 * (AT_SECURE) ld.so, or a static libc, unsets variables such as
 * LD_LIBRARY_PATH and TMPDIR before main, and unsetenv moves the later
 * ones down, a NULL left behind for each: envp's NULL then comes that
 * many words before the kernel's.  A vector's first type is never
 * AT_NULL, so NULLs after envp's are envp's too where the vector after
 * them says AT_SECURE; else envp's NULL is taken (where only NULLs
 * follow, either gives an empty vector).  No libc call: getauxval's
 * binding alone cost every run 566 instructions (callgrind).
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
	s->vec.pid = o->names > 0 ? getpid() : 0;
	if (o->names > 0)
		self_names(s, o->names > 1);
	memcpy(s->label, self, sizeof(self));
	s->vec.raw = auxv;
	s->vec.rawlen = len;
	s->vec.envp = (uint64_t)(uintptr_t)envp;
	s->vec.mem.read = self_read;
	s->vec.mem.ctx = s;
	return 0;
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
