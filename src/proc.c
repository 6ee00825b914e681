/*
 * The /proc layer: the one place that builds a path of /proc, and the
 * readers of its files, each bounded: a small file in one read (a file of
 * one record hands over all it has at once) or to its end, the memory
 * map line by line in a buffer of one line's size (proc_maps.c).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bounds.h"
#include "diag.h"
#include "proc.h"
#include "rawsys.h"
#include "readfile.h"

/*
 * Names a process: pid 0 is ourself (/proc/self); a tid other than 0 or
 * pid is a thread of it that lives where its main thread has exited.
 */
void
proc_at(struct proc *p, pid_t pid, pid_t tid)
{
	p->pid = pid;
	p->tid = tid != 0 ? tid : pid;
	if (pid == 0)
		snprintf(p->dir, sizeof(p->dir), PROC_ROOT "/self");
	else if (p->tid == pid)
		snprintf(p->dir, sizeof(p->dir), PROC_ROOT "/%ld", (long)pid);
	else
		snprintf(p->dir, sizeof(p->dir), PROC_ROOT "/%ld/task/%ld",
		    (long)pid, (long)tid);
}

/*
 * The path of name and rest (put together as they are) in p's directory,
 * or in /proc itself where p is NULL.
 */
void
proc_path(const struct proc *p, char *buf, size_t size, const char *name,
    const char *rest)
{
	snprintf(
	    buf, size, "%s/%s%s", p != NULL ? p->dir : PROC_ROOT, name, rest);
}

/*
 * Our PID in our PID namespace, from the kernel itself: not through
 * libc's getpid(), which a preload may replace (as fakeroot's replaces
 * getuid()).  -1 and errno where a seccomp filter refuses the call.
 */
pid_t
proc_self_pid(void)
{
#if defined(__x86_64__)
	long n = rawsys(SYS_getpid, 0, 0, 0, 0, 0, 0);

	if (n < 0) {
		errno = (int)-n;
		return -1;
	}
	return (pid_t)n;
#else
	return (pid_t)syscall(SYS_getpid);
#endif
}

/*
 * Why /proc can't be asked about processes by number, or NULL: it is not
 * mounted, or it is another PID namespace's (its numbers name other
 * processes than ours do, and a vector read there would be another's),
 * or /proc/self could not be read (its errno); the errno in *err.
 */
const char *
proc_check(int *err)
{
	char buf[24], *end;
	ssize_t n;

	*err = ENOENT;
	if ((n = readlink(PROC_ROOT "/self", buf, sizeof(buf) - 1)) == -1 &&
	    errno != ENOENT) {
		static char msg[DIAG_MSG_MAX];

		*err = errno;
		return diag_errtext(errno, msg, sizeof(msg));
	}
	if (n <= 0)
		return PROC_ROOT " is not mounted";
	buf[n] = '\0';
	if (strtol(buf, &end, 10) != (long)proc_self_pid() || *end != '\0')
		return PROC_ROOT
		    " is another PID namespace's (mount one of "
		    "this namespace, as unshare --mount-proc does)";
	return NULL;
}

/* Opens name of p's directory (of /proc where p is NULL) to read. */
int
proc_open(const struct proc *p, const char *name)
{
	char path[PATH_MAX];

	proc_path(p, path, sizeof(path), name, "");
	return open(path, O_RDONLY | O_CLOEXEC);
}

/*
 * Reads name of p's directory (of /proc where p is NULL), at most size
 * bytes, as read_path() does.
 */
static ssize_t
read_file(
    const struct proc *p, const char *name, void *buf, size_t size, int whole)
{
	char path[PATH_MAX];

	proc_path(p, path, sizeof(path), name, "");
	return read_path(path, buf, size, whole);
}

/*
 * A small file of one record (auxv, stat, comm), in one read: it hands
 * over all it has (as much as fits) at once.  -1 and errno.
 */
ssize_t
proc_read(const struct proc *p, const char *name, void *buf, size_t size)
{
	return read_file(p, name, buf, size, 0);
}

/*
 * The first size - 1 bytes of a text file, read to its end and
 * NUL-terminated: 0, or -1 where it can't be read.
 */
int
proc_text(const struct proc *p, const char *name, char *buf, size_t size)
{
	ssize_t n = read_file(p, name, buf, size - 1, 1);

	buf[n > 0 ? n : 0] = '\0';
	return n == -1 ? -1 : 0;
}

/*
 * Between the exec's switch to a new memory map and the end of the
 * kernel's writing of the new vector, /proc/PID/auxv reads as zeros (a
 * vector with no entry) or as the entries written so far, sized by the
 * first pair whose type was still 0 and copied after it was written.  A
 * vector the kernel has finished ends in zeros, a pair of its own words:
 * its AT_NULL (a 32-bit process's, with the zeros after it that the
 * kernel's count in its own words takes in).
 */
static int
unfinished(const unsigned char *raw, ssize_t n)
{
	/* A pair of the build's words: the word size elf_host() tells. */
	static const unsigned char zero[2 * sizeof(unsigned long)];

	return (size_t)n < sizeof(zero) || memcmp(raw, zero, 8) == 0 ||
	    memcmp(raw + n - sizeof(zero), zero, sizeof(zero)) != 0;
}

/*
 * A process whose main thread has exited while others run has no memory
 * map under its own PID: its vector is read from a live thread, which p
 * then names (p->tid 0 where there is none).  The bytes of the last read.
 */
static ssize_t
live_thread(struct proc *p, unsigned char *buf, size_t size)
{
	char path[96], sub[32], *end;
	struct dirent *de;
	pid_t tid = 0;
	ssize_t n = 0;
	long t;
	DIR *td;

	proc_path(p, path, sizeof(path), "task", "");
	if ((td = opendir(path)) == NULL) {
		p->tid = 0;
		return 0;
	}
	while (tid == 0 && (de = readdir(td)) != NULL) {
		t = strtol(de->d_name, &end, 10);
		if (*end != '\0' || t <= 0 || t == (long)p->pid)
			continue;
		snprintf(sub, sizeof(sub), "task/%ld/auxv", t);
		if ((n = proc_read(p, sub, buf, size)) > 0)
			tid = (pid_t)t;
	}
	closedir(td);
	if (tid != 0)
		proc_at(p, p->pid, tid);
	p->tid = tid;
	return n;
}

/*
 * The vector of the process p names (by PID) into buf, at most size
 * bytes, *len of them: read again while the kernel is still writing it,
 * from a live thread where the main thread has exited.
 */
enum proc_vec
proc_vector(struct proc *p, unsigned char *buf, size_t size, size_t *len)
{
	ssize_t n;
	int tries;

	*len = 0;
	for (tries = 0;; tries++) {
		n = proc_read(p, "auxv", buf, size);
		if (n <= 0 || !unfinished(buf, n))
			break;
		if (tries == AUXV_EXEC_TRIES)
			return PROC_VEC_BUSY;
		usleep(AUXV_EXEC_WAIT_US);
	}
	if (n == -1 && errno != ESRCH)
		return PROC_VEC_ERR;
	if (n <= 0)
		n = live_thread(p, buf, size);
	if (p->tid == 0)
		return PROC_VEC_NONE;
	*len = (size_t)n;
	return PROC_VEC_READ;
}

/*
 * The number of base 16 or 10 at *s, after blanks, and *s past it: 0, or
 * -1 where there is none or it has more digits than 64 bits hold.  No
 * strtoull: it takes signs and "0x", which no file of /proc writes.
 */
int
proc_num(const char **s, unsigned int base, uint64_t *v)
{
	const char *p = *s;
	unsigned int d, n = 0;

	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	for (*v = 0;; p++, n++) {
		if (*p >= '0' && *p <= '9')
			d = (unsigned int)(*p - '0');
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			d = (unsigned int)(*p - 'a' + 10);
		else
			break;
		if (*v > (UINT64_MAX - d) / base)
			return -1;
		*v = *v * base + d;
	}
	*s = p;
	return n > 0 ? 0 : -1;
}

/*
 * A number of p's stat line, the field nth after the name: 0, or -1
 * where it can't be read.
 */
int
proc_stat(const struct proc *p, enum proc_stat_field nth, uint64_t *val)
{
	char buf[1024], *s;
	ssize_t n;
	unsigned int i;

	if ((n = proc_read(p, "stat", buf, sizeof(buf) - 1)) <= 0)
		return -1;
	buf[n] = '\0';
	/* The name may hold spaces and parentheses: count from the last ')'. */
	if ((s = strrchr(buf, ')')) == NULL)
		return -1;
	for (i = 0; i < nth && s != NULL; i++)
		s = strchr(s + 1, ' ');
	return s != NULL ? proc_num(&(const char *){ s }, 10, val) : -1;
}

/* p's parent, from its stat line: its PID, or 0 where it can't be read. */
pid_t
proc_ppid(const struct proc *p)
{
	uint64_t v;

	return proc_stat(p, PROC_STAT_PPID, &v) == 0 && v <= INT32_MAX
	    ? (pid_t)v
	    : 0;
}

/*
 * The first n numbers of base (10, or 16 for the Cap lines) after key
 * (as "\nUid:") in p's status file, which anyone may read: 0, or -1
 * where it can't be read or does not have them.  The lists of long lines
 * come after the IDs and TracerPid.
 */
int
proc_status(const struct proc *p, const char *key, unsigned int base,
    uint64_t *v, size_t n)
{
	char buf[4096];
	const char *s;
	size_t i;

	if (proc_text(p, "status", buf, sizeof(buf)) == -1 ||
	    (s = strstr(buf, key)) == NULL)
		return -1;
	for (s += strlen(key), i = 0; i < n; i++)
		if (proc_num(&s, base, &v[i]) == -1)
			return -1;
	return 0;
}

/*
 * A process's name (comm, without its newline) in buf: 0, or -1 and
 * errno (0 where the file was empty) when it can't be read.
 */
int
proc_comm(const struct proc *p, char *buf, size_t size)
{
	ssize_t n;

	if ((n = proc_read(p, "comm", buf, size - 1)) <= 0)
		return -1;
	if (buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	return 0;
}

/* The path of p's executable (its exe link) in buf: 0, or -1. */
int
proc_exe(const struct proc *p, char *buf, size_t size)
{
	char path[64];
	ssize_t n;

	proc_path(p, path, sizeof(path), "exe", "");
	if ((n = readlink(path, buf, size - 1)) <= 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/*
 * stat(2) of path through an open descriptor: an emulator that maps
 * paths under a prefix (qemu-user's -L) does so for open(2), not for
 * every stat call (qemu 7.2's statx).  0, or -1 and errno.
 */
int
proc_stat_path(const char *path, struct stat *st)
{
	int fd, rc, e;

	if ((fd = open(path, O_PATH | O_CLOEXEC)) == -1)
		return -1;
	rc = fstat(fd, st);
	e = errno;
	close(fd);
	errno = e;
	return rc;
}

/* stat(2) of p's executable, as proc_stat_path() has it. */
int
proc_exe_stat(const struct proc *p, struct stat *st)
{
	char path[64];

	proc_path(p, path, sizeof(path), "exe", "");
	return proc_stat_path(path, st);
}

/*
 * Hands every process of the list, by PID, to fn in the directory's
 * order, until fn returns -1: 0, or -1 and errno where the list can't be
 * read or fn stopped.
 */
int
proc_pids(proc_pid_fn *fn, void *arg)
{
	struct dirent *de;
	char *end;
	long v;
	DIR *dir;
	int rc = 0, e;

	if ((dir = opendir(PROC_ROOT)) == NULL)
		return -1;
	/* readdir() tells its end from an error only by errno. */
	while (rc == 0 && (errno = 0, de = readdir(dir)) != NULL) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		/* From a digit 1-9: 1 or more, LONG_MAX where too large. */
		v = strtol(de->d_name, &end, 10);
		if (*end == '\0' && v <= AUXV_PID_MAX)
			rc = fn(arg, (pid_t)v);
	}
	if (rc == 0 && errno != 0)
		rc = -1;
	e = errno;
	closedir(dir);
	errno = e;
	return rc;
}

/*
 * openat(2) through syscall(2), which auxv binds anyway: libc's openat
 * is the one symbol of version GLIBC_2.4 auxv would need.
 */
static int
open_at(int dir, const char *name, int flags)
{
	return (int)syscall(SYS_openat, dir, name, flags | O_CLOEXEC);
}

/*
 * Our own vector's file opened the way-th way (0 to 4) a program may
 * open it, said in name as a program would write it: its descriptor, or
 * -1 and errno.  By its path, through our PID, through thread-self,
 * openat(2) of "self/auxv" in /proc, and component by component, as a
 * library that opens each directory of a path in turn does.  Our PID as
 * /proc numbers it, which /proc/self names: in a PID namespace that did
 * not mount a /proc of its own (unshare --pid --fork), getpid()'s number
 * is another process's there (PID 1, the host's init).
 */
int
proc_self_auxv(unsigned int way, char *name, size_t size)
{
	static const char ways[][sizeof(PROC_ROOT "/thread-self/auxv")] = {
		PROC_ROOT "/self/auxv", "", PROC_ROOT "/thread-self/auxv"
	};
	char pid[24];
	ssize_t n;
	int dir, sub, fd, e;

	if (way == 1) {
		snprintf(name, size, PROC_ROOT "/PID/auxv");
		if ((n = readlink(PROC_ROOT "/self", pid, sizeof(pid) - 1)) ==
		    -1)
			return -1;
		pid[n] = '\0';
		snprintf(name, size, PROC_ROOT "/%s/auxv", pid);
	} else if (way < 3)
		snprintf(name, size, "%s", ways[way]);
	if (way < 3)
		return open(name, O_RDONLY | O_CLOEXEC);
	snprintf(name, size, "%s",
	    way == 3 ? "openat(" PROC_ROOT ", \"self/auxv\")"
	             : "openat(openat(" PROC_ROOT ", \"self\"), \"auxv\")");
	if ((dir = open(PROC_ROOT, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return -1;
	if (way == 3)
		fd = open_at(dir, "self/auxv", O_RDONLY);
	else if ((sub = open_at(dir, "self", O_RDONLY | O_DIRECTORY)) == -1)
		fd = -1;
	else {
		fd = open_at(sub, "auxv", O_RDONLY);
		e = errno;
		close(sub);
		errno = e;
	}
	e = errno;
	close(dir);
	errno = e;
	return fd;
}

/* The first KernelPageSize of our smaps: the kernel's base page, or 0. */
uint64_t
proc_pagesz(void)
{
	char buf[AUXV_CHECK_SMAPS + 1], *p;

	if (proc_text(NULL, "self/smaps", buf, sizeof(buf)) == -1 ||
	    (p = strstr(buf, "\nKernelPageSize:")) == NULL)
		return 0;
	return strtoull(p + 16, NULL, 10) * 1024;
}

/*
 * The first CPU's line KEY of cpuinfo ("flags" on x86, else "Features";
 * x86's "vendor_id", "cpu family", "model"), its value as " words ": 0,
 * or -1.  The key whole: "model" is not "model name".
 */
int
proc_cpu_field(const char *key, char *buf, size_t size)
{
	char text[AUXV_CHECK_CPUINFO + 1], *p, *nl, *colon;
	size_t klen = strlen(key);

	if (proc_text(NULL, "cpuinfo", text, sizeof(text)) == -1)
		return -1;
	/* A whole line, from its start. */
	for (p = text; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
		*nl = '\0';
		for (colon = p + klen; *colon == ' ' || *colon == '\t';)
			colon++;
		if (strncmp(p, key, klen) == 0 && *colon == ':' &&
		    colon > p + klen) {
			snprintf(buf, size, " %s ", colon + 1);
			return 0;
		}
	}
	return -1;
}

/*
 * Whether the kernel has the process-events connector, as its list of
 * the connector's users says (Linux drivers/connector/connector.c).  An
 * emulator that refuses the socket (qemu-user, which translates only a
 * few netlink families) still shows the host kernel's /proc.
 */
int
proc_has_connector(void)
{
	char buf[4096];

	return proc_text(NULL, "net/connector", buf, sizeof(buf)) == 0 &&
	    strstr(buf, "\ncn_proc ") != NULL;
}

/* Yama's ptrace_scope (0 to 3), or -1 where there is no Yama. */
int
proc_ptrace_scope(void)
{
	char buf[8];

	if (proc_text(NULL, "sys/kernel/yama/ptrace_scope", buf, sizeof(buf)) ==
	        -1 ||
	    buf[0] < '0' || buf[0] > '9')
		return -1;
	return buf[0] - '0';
}
