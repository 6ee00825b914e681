/*
 * A process's vector: /proc/PID/auxv, with its word size and machine from
 * the ELF header of /proc/PID/exe (a 32-bit process on a 64-bit kernel has
 * a 32-bit vector), and /proc/PID/mem for what its pointers point to.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source.h"

/* PF_KTHREAD in the flags field of /proc/PID/stat: Linux sched.h. */
#define PF_KTHREAD 0x00200000UL

static ssize_t
mem_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	ssize_t n;

	if (addr > (uint64_t)INT64_MAX || len > (uint64_t)INT64_MAX - addr)
		return -1;
	do
		n = pread(m->fd, buf, len, (off_t)addr);
	while (n == -1 && errno == EINTR);
	return n;
}

static void
open_failed(struct diag *d, int err)
{
	switch (err) {
	case ENOENT:
	case ESRCH:
		diag_set(d, ESRCH, "no such process");
		d->flags = DIAG_VANISHED;
		break;
	case EACCES:
	case EPERM:
		diag_set(d, err,
		    "permission denied (another user's process "
		    "needs CAP_SYS_PTRACE)");
		d->flags = DIAG_PERM;
		break;
	default:
		diag_set(d, err, NULL);
		break;
	}
}

/* Reads a whole small /proc file, at most size bytes; -1 and errno. */
static ssize_t
read_proc(int dir, const char *name, unsigned char *buf, size_t size)
{
	size_t len;
	int fd, rc, e;

	if ((fd = openat(dir, name, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	rc = src_read_full(fd, buf, size, &len);
	e = errno;
	close(fd);
	errno = e;
	return rc == -1 ? -1 : (ssize_t)len;
}

static int
is_kthread(int dir)
{
	unsigned char buf[1024];
	unsigned long flags;
	ssize_t n;
	char *p;
	int i;

	if ((n = read_proc(dir, "stat", buf, sizeof(buf) - 1)) <= 0)
		return 0;
	buf[n] = '\0';
	/* The name may hold spaces and parentheses: count from the last ')'. */
	if ((p = strrchr((char *)buf, ')')) == NULL)
		return 0;
	for (i = 0; i < 7 && p != NULL; i++)
		p = strchr(p + 1, ' ');
	if (p == NULL)
		return 0;
	flags = strtoul(p + 1, NULL, 10);
	return (flags & PF_KTHREAD) != 0;
}

/*
 * Word size, byte order and machine from the ELF header of the process's
 * executable.  When it can't be read, the first word of the vector tells:
 * in a 32-bit vector read as 64-bit words, the first type is not small.
 */
static void
exe_layout(int dir, struct source *s)
{
	unsigned char h[EI_NIDENT + 4];
	unsigned int ws;
	int be;
	uint16_t m;

	src_host(&m, &ws, &be);
	if (read_proc(dir, "exe", h, sizeof(h)) == (ssize_t)sizeof(h) &&
	    memcmp(h, ELFMAG, SELFMAG) == 0 &&
	    (h[EI_CLASS] == ELFCLASS32 || h[EI_CLASS] == ELFCLASS64) &&
	    (h[EI_DATA] == ELFDATA2LSB || h[EI_DATA] == ELFDATA2MSB)) {
		s->vec.wordsize = h[EI_CLASS] == ELFCLASS64 ? 8 : 4;
		s->vec.bigendian = h[EI_DATA] == ELFDATA2MSB;
		s->vec.machine =
		    (uint16_t)vec_word(h + EI_NIDENT + 2, 2, s->vec.bigendian);
		return;
	}
	s->vec.machine = m;
	s->vec.bigendian = (uint8_t)be;
	s->vec.wordsize = 8;
	if (ws == 4 ||
	    (s->vec.rawlen >= 8 && vec_word(s->vec.raw, 8, be) > 0xffff))
		s->vec.wordsize = 4;
}

int
src_pid(struct source *s, const struct opts *o, pid_t pid, struct diag *d)
{
	char path[32];
	ssize_t n;
	int dir;

	(void)o;
	s->vec.kind = SRC_PID;
	s->vec.pid = pid;
	snprintf(s->label, sizeof(s->label), "%ld", (long)pid);
	snprintf(path, sizeof(path), "/proc/%ld", (long)pid);
	if ((dir = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1) {
		open_failed(d, errno);
		return -1;
	}
	/* One byte more than a vector may have, to tell a too large one. */
	n = read_proc(dir, "auxv", s->rawbuf, sizeof(s->rawbuf));
	if (n == -1 && errno != ESRCH) {
		open_failed(d, errno);
		close(dir);
		return -1;
	}
	/* No memory map: a kernel thread, or a process that has exited. */
	if (n <= 0) {
		if (is_kthread(dir)) {
			diag_set(d, 0, "kernel thread: no auxiliary vector");
			d->flags = DIAG_KTHREAD;
		} else {
			diag_set(d, ESRCH,
			    "process has exited: no auxiliary vector");
			d->flags = DIAG_VANISHED;
		}
		close(dir);
		return -1;
	}
	s->vec.raw = s->rawbuf;
	s->vec.rawlen = (size_t)n;
	exe_layout(dir, s);
	s->fd = openat(dir, "mem", O_RDONLY | O_CLOEXEC);
	if (s->fd != -1) {
		s->vec.mem.read = mem_read;
		s->vec.mem.fd = s->fd;
	}
	close(dir);
	return 0;
}
