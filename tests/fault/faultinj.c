/*
 * Fault injection for the tests (LD_PRELOAD, never installed): fails the
 * Nth call of one kind that auxv makes, or every call from the Nth on,
 * with a chosen errno, and counts the calls of each kind.
 *
 *   AUXV_FAULT_CALL   the kind: malloc, calloc, realloc, reallocarray,
 *                     open (open, open64, openat, openat64), read, pread
 *                     (pread, pread64), process_vm_readv, readlink, write
 *                     (any descriptor but 2: the message under test goes
 *                     there, and stdio's writes to stdout reach write);
 *                     for -e: socketpair, fork, ptrace, waitpid; for
 *                     --watch: socket, setsockopt, bind, send, poll,
 *                     sigprocmask, syscall (recvmmsg and signalfd4 only,
 *                     which auxv calls through syscall(2))
 *   AUXV_FAULT_N      the number of the call that fails, from 1
 *   AUXV_FAULT_AFTER  1: every call from the Nth on fails too
 *   AUXV_FAULT_ALSO   the number of one more call that fails, before N
 *                     (a first call failed, a later one let through)
 *   AUXV_FAULT_ERRNO  a name (ENOMEM, EIO, ...) or a number
 *   AUXV_FAULT_COUNT  a file written at exit: "KIND COUNT" a line for
 *                     each kind, then "fired COUNT", the calls failed
 *   AUXV_FAULT_SIGNAL a signal number: once -e's PTRACE_SEIZE of its
 *                     child succeeds, the child is sent it, before its
 *                     exec (what a user's kill could do, at a moment no
 *                     test can otherwise choose)
 *   AUXV_FAULT_EXECPATH a path: -e's child execs it in place of the
 *                     file auxv chose (as an interposer or emulator that
 *                     rewrites execve's path would), so that the
 *                     kernel's AT_EXECFN is not the path auxv gave
 *   AUXV_FAULT_ACKERR an errno (name or number): every acknowledgement
 *                     --watch receives from the process-events connector
 *                     carries it, as a kernel's refusal of the listener
 *                     would (6.1 refuses one without CAP_NET_ADMIN)
 *
 * Only the process that loaded the library as auxv is counted: its PID
 * is kept at start, and a child forked for -e (until its exec, after
 * which the traced program never runs) or a program of another name
 * that inherited LD_PRELOAD passes every call through.  The environment
 * is left alone: auxv's own vector is found after envp's NULL, which
 * unsetenv would move.
 */
/*
 * The checking wrappers of open and read would be inline definitions, and
 * 64-bit offsets would make open the name of open64: each is defined here.
 */
#undef _FORTIFY_SOURCE
#undef _FILE_OFFSET_BITS
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/cn_proc.h>
#include <linux/connector.h>
#include <linux/netlink.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

enum kind {
	K_MALLOC,
	K_CALLOC,
	K_REALLOC,
	K_REALLOCARRAY,
	K_OPEN,
	K_READ,
	K_PREAD,
	K_VMREAD,
	K_READLINK,
	K_WRITE,
	K_SOCKETPAIR,
	K_FORK,
	K_PTRACE,
	K_WAITPID,
	K_SOCKET,
	K_SETSOCKOPT,
	K_BIND,
	K_SEND,
	K_POLL,
	K_SIGPROCMASK,
	K_SYSCALL,
	NKIND
};

static const char *const kind_names[NKIND] = {
	[K_MALLOC] = "malloc",
	[K_CALLOC] = "calloc",
	[K_REALLOC] = "realloc",
	[K_REALLOCARRAY] = "reallocarray",
	[K_OPEN] = "open",
	[K_READ] = "read",
	[K_PREAD] = "pread",
	[K_VMREAD] = "process_vm_readv",
	[K_READLINK] = "readlink",
	[K_WRITE] = "write",
	[K_SOCKETPAIR] = "socketpair",
	[K_FORK] = "fork",
	[K_PTRACE] = "ptrace",
	[K_WAITPID] = "waitpid",
	[K_SOCKET] = "socket",
	[K_SETSOCKOPT] = "setsockopt",
	[K_BIND] = "bind",
	[K_SEND] = "send",
	[K_POLL] = "poll",
	[K_SIGPROCMASK] = "sigprocmask",
	[K_SYSCALL] = "syscall",
};

static const struct {
	const char *name;
	int err;
} errnos[] = {
	{ "ENOMEM", ENOMEM },
	{ "EIO", EIO },
	{ "EINTR", EINTR },
	{ "EFAULT", EFAULT },
	{ "ESRCH", ESRCH },
	{ "ENOSPC", ENOSPC },
	{ "EACCES", EACCES },
	{ "EPERM", EPERM },
	{ "ENOENT", ENOENT },
	{ "EMFILE", EMFILE },
	{ "EAGAIN", EAGAIN },
	{ "EPIPE", EPIPE },
	{ "ECHILD", ECHILD },
	{ "ENOBUFS", ENOBUFS },
	{ "EINVAL", EINVAL },
	{ "EPROTONOSUPPORT", EPROTONOSUPPORT },
	{ "EAFNOSUPPORT", EAFNOSUPPORT },
	{ "ENOSYS", ENOSYS },
};

/* The real functions, found with dlsym(RTLD_NEXT) at start. */
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void *(*real_reallocarray)(void *, size_t, size_t);
static void (*real_free)(void *);
static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_openat64)(int, const char *, int, ...);
static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_read_chk)(int, void *, size_t, size_t);
static ssize_t (*real_pread)(int, void *, size_t, off_t);
static ssize_t (*real_pread64)(int, void *, size_t, off64_t);
static ssize_t (*real_pread64_chk)(int, void *, size_t, off64_t, size_t);
static ssize_t (*real_vmread)(pid_t, const struct iovec *, unsigned long,
    const struct iovec *, unsigned long, unsigned long);
static ssize_t (*real_readlink)(const char *, char *, size_t);
static ssize_t (*real_readlink_chk)(const char *, char *, size_t, size_t);
static ssize_t (*real_write)(int, const void *, size_t);
static int (*real_socketpair)(int, int, int, int[2]);
static pid_t (*real_fork)(void);
static int (*real_execv)(const char *, char *const[]);
static long (*real_ptrace)(int, pid_t, void *, void *);
static pid_t (*real_waitpid)(pid_t, int *, int);
static int (*real_socket)(int, int, int);
static int (*real_setsockopt)(int, int, int, const void *, socklen_t);
static int (*real_bind)(int, __CONST_SOCKADDR_ARG, socklen_t);
static ssize_t (*real_send)(int, const void *, size_t, int);
static int (*real_poll)(struct pollfd *, nfds_t, int);
static int (*real_sigprocmask)(int, const sigset_t *, sigset_t *);
static long (*real_syscall)(long, ...);
static int (*real_pthread_create)(
    pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

/* The settings, and the counts (calls may come from -a's threads). */
static pid_t our_pid;
static int fault_kind = -1;
static unsigned long fault_n;
static int fault_after;
static unsigned long fault_also;
static int fault_errno = EIO;
static const char *count_path;
static int child_signal;
static const char *exec_path;
static int ack_err;
static unsigned long counts[NKIND];
static unsigned long fired;

/*
 * dlsym may allocate (its error buffer) before real_calloc is known:
 * such allocations come from here and are never freed.
 */
static _Alignas(max_align_t) unsigned char bump[4096];
static size_t bump_used;
static int resolving;

static void *
bump_alloc(size_t n)
{
	size_t at = (bump_used + 15) & ~(size_t)15;

	if (n > sizeof(bump) - at)
		return NULL;
	bump_used = at + n;
	return bump + at;
}

static int
in_bump(const void *p)
{
	return (const unsigned char *)p >= bump &&
	    (const unsigned char *)p < bump + sizeof(bump);
}

static void *
sym(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

static void
resolve(void)
{
	resolving = 1;
	*(void **)&real_malloc = sym("malloc");
	*(void **)&real_calloc = sym("calloc");
	*(void **)&real_realloc = sym("realloc");
	*(void **)&real_reallocarray = sym("reallocarray");
	*(void **)&real_free = sym("free");
	*(void **)&real_open = sym("open");
	*(void **)&real_open64 = sym("open64");
	*(void **)&real_openat = sym("openat");
	*(void **)&real_openat64 = sym("openat64");
	*(void **)&real_read = sym("read");
	*(void **)&real_read_chk = sym("__read_chk");
	*(void **)&real_pread = sym("pread");
	*(void **)&real_pread64 = sym("pread64");
	*(void **)&real_pread64_chk = sym("__pread64_chk");
	*(void **)&real_vmread = sym("process_vm_readv");
	*(void **)&real_readlink = sym("readlink");
	*(void **)&real_readlink_chk = sym("__readlink_chk");
	*(void **)&real_write = sym("write");
	*(void **)&real_socketpair = sym("socketpair");
	*(void **)&real_fork = sym("fork");
	*(void **)&real_execv = sym("execv");
	*(void **)&real_ptrace = sym("ptrace");
	*(void **)&real_waitpid = sym("waitpid");
	*(void **)&real_socket = sym("socket");
	*(void **)&real_setsockopt = sym("setsockopt");
	*(void **)&real_bind = sym("bind");
	*(void **)&real_send = sym("send");
	*(void **)&real_poll = sym("poll");
	*(void **)&real_sigprocmask = sym("sigprocmask");
	*(void **)&real_syscall = sym("syscall");
	*(void **)&real_pthread_create = sym("pthread_create");
	resolving = 0;
}

/*
 * Set in the main thread at start, and in each thread auxv starts once
 * its start routine is reached: what a new thread's set-up allocates
 * before that (a sanitizer runtime's, glibc's thread-local data) is
 * neither auxv's nor something it could handle, and is passed through.
 * Initial-exec: a sanitizer runtime wraps __tls_get_addr, and calls
 * malloc while setting its wrappers up, before that one is.
 */
static __thread int born __attribute__((tls_model("initial-exec")));

/* Whether the program that loaded us is auxv: the name it was run by. */
static int
is_auxv(void)
{
	const char *p = program_invocation_name, *slash;

	if ((slash = strrchr(p, '/')) != NULL)
		p = slash + 1;
	return strcmp(p, "auxv") == 0;
}

/* An errno by its name (of errnos[]) or number. */
static int
errno_of(const char *s)
{
	size_t i;

	for (i = 0; i < sizeof(errnos) / sizeof(errnos[0]); i++)
		if (strcmp(s, errnos[i].name) == 0)
			return errnos[i].err;
	return atoi(s);
}

__attribute__((constructor)) static void
fault_init(void)
{
	const char *s;
	size_t i;

	if (real_malloc == NULL)
		resolve();
	if (!is_auxv())
		return;
	count_path = getenv("AUXV_FAULT_COUNT");
	if ((s = getenv("AUXV_FAULT_CALL")) != NULL)
		for (i = 0; i < NKIND; i++)
			if (strcmp(s, kind_names[i]) == 0)
				fault_kind = (int)i;
	if ((s = getenv("AUXV_FAULT_N")) != NULL)
		fault_n = strtoul(s, NULL, 10);
	if ((s = getenv("AUXV_FAULT_ALSO")) != NULL)
		fault_also = strtoul(s, NULL, 10);
	if ((s = getenv("AUXV_FAULT_SIGNAL")) != NULL)
		child_signal = atoi(s);
	exec_path = getenv("AUXV_FAULT_EXECPATH");
	if ((s = getenv("AUXV_FAULT_AFTER")) != NULL)
		fault_after = strcmp(s, "1") == 0;
	if ((s = getenv("AUXV_FAULT_ERRNO")) != NULL)
		fault_errno = errno_of(s);
	if ((s = getenv("AUXV_FAULT_ACKERR")) != NULL)
		ack_err = errno_of(s);
	our_pid = getpid();
	born = 1;
}

/*
 * Set once auxv's exit has begun: what runs then (a coverage build's
 * gcov, writing its counts from the program's destructors) is not
 * auxv's, and is neither counted nor failed.  The handler is registered
 * at the first call counted, after the destructors' own registration.
 */
static int exiting, exit_hook;

static void
stop_at_exit(void)
{
	__atomic_store_n(&exiting, 1, __ATOMIC_RELAXED);
}

/* Counts a call of kind k; 1 when it is to fail, with errno set. */
static int
fault(enum kind k)
{
	unsigned long n;

	if (!born || our_pid == 0 || getpid() != our_pid ||
	    __atomic_load_n(&exiting, __ATOMIC_RELAXED))
		return 0;
	if (!__atomic_exchange_n(&exit_hook, 1, __ATOMIC_RELAXED))
		atexit(stop_at_exit);
	n = __atomic_add_fetch(&counts[k], 1, __ATOMIC_RELAXED);
	if ((int)k != fault_kind || fault_n == 0 ||
	    (n != fault_also && (fault_after ? n < fault_n : n != fault_n)))
		return 0;
	__atomic_add_fetch(&fired, 1, __ATOMIC_RELAXED);
	errno = fault_errno;
	return 1;
}

/* Writes the counts with system calls alone: no stdio, no allocation. */
static void
put(int fd, const char *name, unsigned long v)
{
	char buf[64], num[24];
	size_t len = strlen(name), n = 0;

	memcpy(buf, name, len);
	buf[len++] = ' ';
	do
		num[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (n > 0)
		buf[len++] = num[--n];
	buf[len++] = '\n';
	(void)syscall(SYS_write, fd, buf, len);
}

__attribute__((destructor)) static void
fault_fini(void)
{
	int fd;
	size_t i;

	if (count_path == NULL || our_pid == 0 || getpid() != our_pid)
		return;
	fd = (int)syscall(SYS_openat, AT_FDCWD, count_path,
	    O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd == -1)
		return;
	for (i = 0; i < NKIND; i++)
		put(fd, kind_names[i], counts[i]);
	put(fd, "fired", fired);
	(void)syscall(SYS_close, fd);
}

void *
malloc(size_t n)
{
	if (real_malloc == NULL) {
		if (resolving)
			return bump_alloc(n);
		resolve();
	}
	if (fault(K_MALLOC))
		return NULL;
	return real_malloc(n);
}

void *
calloc(size_t n, size_t size)
{
	if (real_calloc == NULL) {
		/* The bump buffer is zero: it is never reused. */
		if (resolving)
			return size != 0 && n > SIZE_MAX / size
			    ? NULL
			    : bump_alloc(n * size);
		resolve();
	}
	if (fault(K_CALLOC))
		return NULL;
	return real_calloc(n, size);
}

void *
realloc(void *p, size_t n)
{
	if (real_realloc == NULL)
		resolve();
	if (in_bump(p)) {
		void *q = malloc(n);

		if (q != NULL)
			memcpy(q, p, n < sizeof(bump) ? n : sizeof(bump));
		return q;
	}
	if (fault(K_REALLOC))
		return NULL;
	return real_realloc(p, n);
}

void *
reallocarray(void *p, size_t n, size_t size)
{
	if (real_reallocarray == NULL)
		resolve();
	if (fault(K_REALLOCARRAY))
		return NULL;
	return real_reallocarray(p, n, size);
}

void
free(void *p)
{
	if (p == NULL || in_bump(p))
		return;
	if (real_free == NULL)
		resolve();
	real_free(p);
}

/* A thread auxv starts: its start routine and argument. */
struct start {
	void *(*fn)(void *);
	void *arg;
};

static void *
thread_start(void *p)
{
	struct start st = *(struct start *)p;

	real_free(p);
	born = 1;
	return st.fn(st.arg);
}

int
pthread_create(
    pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
	struct start *st;
	int rc;

	if (real_pthread_create == NULL)
		resolve();
	if ((st = real_malloc(sizeof(*st))) == NULL)
		return EAGAIN;
	st->fn = fn;
	st->arg = arg;
	if ((rc = real_pthread_create(t, attr, thread_start, st)) != 0)
		real_free(st);
	return rc;
}

/* open's mode is there only when the flags create a file. */
static mode_t
open_mode(int flags, va_list ap)
{
	if (flags & (O_CREAT | O_TMPFILE))
		return (mode_t)va_arg(ap, int);
	return 0;
}

int
open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (fault(K_OPEN))
		return -1;
	return real_open(path, flags, mode);
}

int
open64(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (fault(K_OPEN))
		return -1;
	return real_open64(path, flags, mode);
}

int
openat(int dir, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (fault(K_OPEN))
		return -1;
	return real_openat(dir, path, flags, mode);
}

int
openat64(int dir, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (fault(K_OPEN))
		return -1;
	return real_openat64(dir, path, flags, mode);
}

ssize_t
read(int fd, void *buf, size_t n)
{
	if (fault(K_READ))
		return -1;
	return real_read(fd, buf, n);
}

ssize_t __read_chk(int, void *, size_t, size_t);

ssize_t
__read_chk(int fd, void *buf, size_t n, size_t size)
{
	if (fault(K_READ))
		return -1;
	return real_read_chk(fd, buf, n, size);
}

ssize_t
pread(int fd, void *buf, size_t n, off_t off)
{
	if (fault(K_PREAD))
		return -1;
	return real_pread(fd, buf, n, off);
}

ssize_t
pread64(int fd, void *buf, size_t n, off64_t off)
{
	if (fault(K_PREAD))
		return -1;
	return real_pread64(fd, buf, n, off);
}

ssize_t __pread64_chk(int, void *, size_t, off64_t, size_t);

ssize_t
__pread64_chk(int fd, void *buf, size_t n, off64_t off, size_t size)
{
	if (fault(K_PREAD))
		return -1;
	return real_pread64_chk(fd, buf, n, off, size);
}

ssize_t
process_vm_readv(pid_t pid, const struct iovec *local, unsigned long nlocal,
    const struct iovec *remote, unsigned long nremote, unsigned long flags)
{
	if (fault(K_VMREAD))
		return -1;
	return real_vmread(pid, local, nlocal, remote, nremote, flags);
}

ssize_t
readlink(const char *path, char *buf, size_t n)
{
	if (fault(K_READLINK))
		return -1;
	return real_readlink(path, buf, n);
}

ssize_t __readlink_chk(const char *, char *, size_t, size_t);

ssize_t
__readlink_chk(const char *path, char *buf, size_t n, size_t size)
{
	if (fault(K_READLINK))
		return -1;
	return real_readlink_chk(path, buf, n, size);
}

ssize_t
write(int fd, const void *buf, size_t n)
{
	if (fd != STDERR_FILENO && fault(K_WRITE))
		return -1;
	return real_write(fd, buf, n);
}

/*
 * A wrapper that fails the call when its kind's turn comes, else makes
 * it: -e's and --watch's process and socket calls.
 */
#define WRAP(type, name, kind, params, args)                                   \
	type name params                                                       \
	{                                                                      \
		if (fault(kind))                                               \
			return -1;                                             \
		return real_##name args;                                       \
	}

WRAP(int, socketpair, K_SOCKETPAIR,
    (int domain, int type, int proto, int sv[2]), (domain, type, proto, sv))
WRAP(pid_t, fork, K_FORK, (void), ())

/* glibc's ptrace takes the request's pid, addr and data as varargs. */
long
ptrace(enum __ptrace_request req, ...)
{
	va_list ap;
	pid_t pid;
	void *addr, *data;
	long rc;

	va_start(ap, req);
	pid = va_arg(ap, pid_t);
	addr = va_arg(ap, void *);
	data = va_arg(ap, void *);
	va_end(ap);
	if (fault(K_PTRACE))
		return -1;
	rc = real_ptrace((int)req, pid, addr, data);
	if (rc == 0 && req == PTRACE_SEIZE && child_signal > 0)
		kill(pid, child_signal);
	return rc;
}

/* In auxv's child (forked for -e), the file exec_path names instead. */
int
execv(const char *file, char *const argv[])
{
	if (exec_path != NULL && born && our_pid != 0 && getpid() != our_pid &&
	    getppid() == our_pid)
		file = exec_path;
	return real_execv(file, argv);
}

WRAP(pid_t, waitpid, K_WAITPID, (pid_t pid, int *st, int flags),
    (pid, st, flags))
WRAP(int, socket, K_SOCKET, (int domain, int type, int proto),
    (domain, type, proto))
WRAP(int, setsockopt, K_SETSOCKOPT,
    (int fd, int level, int name, const void *val, socklen_t len),
    (fd, level, name, val, len))
WRAP(int, bind, K_BIND, (int fd, __CONST_SOCKADDR_ARG sa, socklen_t len),
    (fd, sa, len))
WRAP(ssize_t, send, K_SEND, (int fd, const void *buf, size_t n, int flags),
    (fd, buf, n, flags))
WRAP(int, poll, K_POLL, (struct pollfd * fds, nfds_t n, int timeout),
    (fds, n, timeout))
WRAP(int, sigprocmask, K_SIGPROCMASK,
    (int how, const sigset_t *set, sigset_t *old), (how, set, old))

/*
 * The connector's acknowledgements among n datagrams received (a
 * PROC_EVENT_NONE after the netlink header and the cn_msg): their
 * ack.err set to ack_err.
 */
static void
set_ack_err(struct mmsghdr *mm, long n)
{
	const size_t ev = NLMSG_HDRLEN + offsetof(struct cn_msg, data);
	const size_t what = ev + offsetof(struct proc_event, what),
	             err = ev + offsetof(struct proc_event, event_data.ack.err);
	uint32_t w, e = (uint32_t)ack_err;
	unsigned char *b;
	long i;

	for (i = 0; i < n; i++) {
		b = mm[i].msg_hdr.msg_iov[0].iov_base;
		if (mm[i].msg_len < err + sizeof(e))
			continue;
		memcpy(&w, b + what, sizeof(w));
		if (w == PROC_EVENT_NONE)
			memcpy(b + err, &e, sizeof(e));
	}
}

/*
 * Of the calls made through syscall(2), recvmmsg and signalfd4 are
 * counted and failed; every other passes through (the counts file is
 * written through it too).  What recvmmsg received carries ack_err.
 */
long
syscall(long nr, ...)
{
	va_list ap;
	long a[6], rc;
	int i;

	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if ((nr == SYS_recvmmsg || nr == SYS_signalfd4) && fault(K_SYSCALL))
		return -1;
	rc = real_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	if (nr == SYS_recvmmsg && rc > 0 && ack_err != 0 && born &&
	    getpid() == our_pid)
		set_ack_err((struct mmsghdr *)a[1], rc);
	return rc;
}
