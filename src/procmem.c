/*
 * The memory of a process, read through the kernel, so that a pointer
 * no mapping holds reads as unreadable and never as a crash.
 *
 * Another process's: process_vm_readv, or its /proc/PID/mem where that is
 * refused; the first read ahead (mem_ahead(), with the spans the
 * decoders name) brings all its strings and random bytes in one call, so
 * that -a costs little more than reading the /proc files.
 *
 * Our own: process_vm_readv with our own PID, or where that is refused,
 * a copy made in the process itself through a pipe.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "proc.h"
#include "procmem.h"

static ssize_t
mem_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	/* Past pread's offsets: as /proc/PID/mem says of memory not mapped. */
	if (addr > (uint64_t)INT64_MAX || len > (uint64_t)INT64_MAX - addr) {
		errno = EIO;
		return -1;
	}
	return pread(m->fd, buf, len, (off_t)addr);
}

/* From now on, pm's memory is read from the mem file: 0, or -1 and errno. */
static int
mem_file(struct procmem *pm)
{
	if ((pm->fd = proc_open(pm->at, "mem")) == -1)
		return -1;
	pm->mem->read = mem_read;
	pm->mem->fd = pm->fd;
	return 0;
}

/*
 * From the bytes read ahead (vm_ahead()) where they hold addr (as
 * many as they have: the caller reads on for the rest), else one
 * process_vm_readv; where that is refused (a seccomp filter, a kernel
 * without it), the mem file, from now on.
 */
static ssize_t
vm_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	struct procmem *p = m->ctx;
	struct iovec local = { buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	ssize_t n;
	size_t i;

	for (i = 0; i < p->nspan; i++) {
		const struct procmem_span *sp = &p->span[i];
		size_t off;

		if (addr < sp->addr || addr - sp->addr >= sp->len)
			continue;
		off = (size_t)(addr - sp->addr);
		n = (ssize_t)(sp->len - off < len ? sp->len - off : len);
		memcpy(buf, sp->buf + off, (size_t)n);
		return n;
	}
	if (addr != (uintptr_t)addr)
		return -1;
	n = process_vm_readv(p->at->tid, &local, 1, &remote, 1, 0);
	if (n != -1 || (errno != ENOSYS && errno != EPERM))
		return n;
	if (mem_file(p) == -1)
		return -1;
	return mem_read(p->mem, addr, buf, len);
}

/* A span of memory to read ahead. */
struct ahead {
	uint64_t lo, hi;
};

/*
 * Adds [lo, hi) to the spans to read ahead, sorted, merging it with one
 * it overlaps or nearly touches (the kernel puts the platform strings and
 * random bytes next to each other); with last, on its own after them all.
 * No more than the window holds.
 */
static void
ahead_add(struct ahead *r, size_t *n, uint64_t lo, uint64_t hi, int last)
{
	size_t i, total = 0;

	if (hi <= lo || hi != (uintptr_t)hi)
		return;
	for (i = 0; i < *n && !last; i++)
		if (lo <= r[i].hi + AUXV_PID_AHEAD / 4 &&
		    r[i].lo <= hi + AUXV_PID_AHEAD / 4) {
			lo = lo < r[i].lo ? lo : r[i].lo;
			hi = hi > r[i].hi ? hi : r[i].hi;
			r[i] = r[--*n];
			i = (size_t)-1; /* the union may now meet another */
		}
	for (i = 0; i < *n; i++)
		total += (size_t)(r[i].hi - r[i].lo);
	if (*n == PROCMEM_SPANS || hi - lo > AUXV_PID_WINDOW - total)
		return;
	for (i = *n; i > 0 && !last && r[i - 1].lo > lo; i--)
		r[i] = r[i - 1];
	r[i] = (struct ahead){ lo, hi };
	++*n;
}

/* Reads the spans r[0..n) in one process_vm_readv, for vm_read() to serve. */
static void
read_spans(struct procmem *p, const struct ahead *r, size_t n)
{
	struct iovec local[PROCMEM_SPANS], remote[PROCMEM_SPANS];
	size_t i, at = 0;
	ssize_t got;

	p->nspan = n;
	for (i = 0; i < n; i++) {
		size_t len = (size_t)(r[i].hi - r[i].lo);

		p->span[i] = (struct procmem_span){ r[i].lo, 0, p->win + at };
		local[i] = (struct iovec){ p->win + at, len };
		remote[i] = (struct iovec){ (void *)(uintptr_t)r[i].lo, len };
		at += len;
	}
	if (n == 0 ||
	    (got = process_vm_readv(p->at->tid, local, n, remote, n, 0)) == -1)
		got = 0;
	/* The call fills its buffers in order and stops at a fault. */
	for (i = 0; i < n; i++) {
		size_t len = (size_t)(r[i].hi - r[i].lo);

		p->span[i].len = len < (size_t)got ? len : (size_t)got;
		got -= (ssize_t)p->span[i].len;
	}
}

/* Whether the bytes read ahead hold all of [addr, addr + len). */
static int
held(const struct procmem *p, uint64_t addr, size_t len)
{
	size_t i;

	for (i = 0; i < p->nspan; i++)
		if (addr >= p->span[i].addr &&
		    addr - p->span[i].addr <= p->span[i].len &&
		    len <= p->span[i].len - (addr - p->span[i].addr))
			return 1;
	return 0;
}

/*
 * The memsrc's ahead: the spans the decoders name (decode_spans(),
 * follow_spans(), phdrs_spans()), in one call, unless what was read
 * ahead already holds all of them (follow.c's second read, in the common
 * case).  A source reads ahead at most twice: what its vector points to,
 * then what that points to.
 */
static void
vm_ahead(const struct memsrc *m, const struct mem_span *sp, size_t n)
{
	struct procmem *p = m->ctx;
	struct ahead r[PROCMEM_SPANS];
	size_t i, k = 0;
	int alone;

	for (i = 0; i < n && held(p, sp[i].addr, sp[i].len); i++)
		;
	if (i == n)
		return;
	/* Those to be read alone after all the others, wherever listed. */
	for (alone = 0; alone < 2; alone++)
		for (i = 0; i < n; i++)
			if (!sp[i].alone == !alone &&
			    sp[i].addr <= UINT64_MAX - sp[i].len)
				ahead_add(r, &k, sp[i].addr,
				    sp[i].addr + sp[i].len, alone);
	read_spans(p, r, k);
}

/*
 * Another process's memory, that of the thread at names, into mem, with
 * nothing read ahead yet: mem_ahead() reads what the decoders name.  A
 * 32-bit build can't address a 64-bit process: it reads the mem file
 * where it can be opened.
 */
void
procmem_pid(struct procmem *pm, struct memsrc *mem, const struct proc *at)
{
	pm->mem = mem;
	pm->at = at;
	pm->nspan = 0;
	*mem = (struct memsrc){ .read = vm_read, .ahead = vm_ahead, .ctx = pm };
	if (UINTPTR_MAX < UINT64_MAX)
		(void)mem_file(pm);
}

/*
 * The pipe of self_copy(), both ends above standard error: the bare auxv
 * does not open /dev/null where standard input, output or error is closed
 * (main.c), and an end there would take standard output's place.  pipe2
 * and fcntl through syscall(2), which auxv binds anyway: libc's are of
 * versions GLIBC_2.9 and GLIBC_2.28, which auxv would need for them alone.
 */
static int
self_pipe(int fd[2])
{
	int i, hi;

	if (syscall(SYS_pipe2, fd, O_CLOEXEC | O_NONBLOCK) == -1)
		return -1;
	for (i = 0; i < 2; i++)
		if (fd[i] < 3) { /* 0, 1, 2: standard input, output, error */
			hi = (int)syscall(SYS_fcntl, fd[i], F_DUPFD_CLOEXEC, 3);
			close(fd[i]);
			fd[i] = hi;
		}
	if (fd[0] != -1 && fd[1] != -1)
		return 0;
	for (i = 0; i < 2; i++)
		if (fd[i] != -1)
			close(fd[i]);
	fd[0] = fd[1] = -1;
	return -1;
}

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
	struct procmem *pm = m->ctx;
	const unsigned char *from = (const void *)(uintptr_t)addr;
	struct proc self;
	size_t n = 0, want, got = 0;
	ssize_t w;

	proc_at(&self, 0, 0);
	if (addr != (uintptr_t)addr ||
	    (n = proc_readable(&self, addr, len)) == 0) {
		errno = EFAULT;
		return -1;
	}
	if (pm->pipe[0] == -1 && self_pipe(pm->pipe) == -1)
		return -1;
	/* Never more than PIPE_BUF at a time: an empty pipe takes it whole. */
	for (; got < n; got += (size_t)w) {
		want = n - got < PIPE_BUF ? n - got : PIPE_BUF;
		if ((w = write(pm->pipe[1], from + got, want)) <= 0)
			break;
		if (read(pm->pipe[0], (unsigned char *)buf + got, (size_t)w) !=
		    w) {
			/* Never seen; a pipe left holding bytes is not kept. */
			close(pm->pipe[0]);
			close(pm->pipe[1]);
			pm->pipe[0] = pm->pipe[1] = -1;
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
 * refused, from then on, self_copy().  Refused is any error but EFAULT
 * (memory not readable): ENOSYS under qemu-user, and whatever errno a
 * seccomp filter returns for it or for getpid (Docker's refuses
 * process_vm_readv with EPERM).
 */
static ssize_t
self_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	struct procmem *pm = m->ctx;
	ssize_t n;

	if (addr != (uintptr_t)addr) {
		errno = EFAULT;
		return -1;
	}
	n = pm->self(buf, addr, len);
	if (n != -1 || errno == EFAULT)
		return n;
	pm->mem->read = self_copy;
	return self_copy(m, addr, buf, len);
}

/* Our own memory into mem, read by vm (process_vm_readv) where it can. */
void
procmem_self(struct procmem *pm, struct memsrc *mem, procmem_vm_fn *vm)
{
	pm->mem = mem;
	pm->self = vm;
	mem->read = self_read;
	mem->ctx = pm;
}

/* Nothing opened, nothing read ahead: for procmem_pid() or procmem_self(). */
void
procmem_init(struct procmem *pm)
{
	pm->mem = NULL;
	pm->at = NULL;
	pm->self = NULL;
	pm->fd = -1;
	pm->pipe[0] = pm->pipe[1] = -1;
	pm->nspan = 0;
}

/* Closes what pm opened; procmem_init() makes it ready again. */
void
procmem_close(struct procmem *pm)
{
	if (pm->fd != -1)
		close(pm->fd);
	if (pm->pipe[0] != -1) {
		close(pm->pipe[0]);
		close(pm->pipe[1]);
	}
}
