/*
 * The vector a command receives from the kernel.  The command is started
 * as our child under ptrace, stopped at PTRACE_EVENT_EXEC, after the
 * kernel has built its stack and before it runs an instruction of its
 * own; its vector is then read from /proc as for any process, and
 * src_close() kills and reaps it.
 *
 * The child never outlives us: until we trace it, PR_SET_PDEATHSIG kills
 * it when we die, and once traced, PTRACE_O_EXITKILL does.  Every signal
 * is blocked in it, so that nothing but SIGKILL and SIGSTOP stops or kills
 * it between fork and exec.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "elfdefs.h"
#include "esc.h"
#include "out.h"
#include "proc.h"
#include "readfile.h"
#include "source.h"
#include "src_proc.h"

/*
 * Why we may not trace our own child: someone traces it already (strace
 * -f, a debugger), Yama's mode 3 forbids every attach, a seccomp filter
 * (as container runtimes install) refuses the call, else a security
 * module or policy refused it.
 */
static const char *
ptrace_denied(pid_t pid)
{
	uint64_t tracer;
	struct proc p;

	proc_at(&p, pid, 0);
	if (proc_status(&p, "\nTracerPid:", 10, &tracer, 1) == 0 && tracer != 0)
		return "ptrace not permitted: the command is traced already "
		       "(by strace -f or a debugger)";
	if (proc_ptrace_scope() == 3)
		return "ptrace not permitted: kernel.yama.ptrace_scope is 3 "
		       "(no process may be traced)";
	if (prctl(PR_GET_SECCOMP, 0L, 0L, 0L, 0L) > 0)
		return "ptrace not permitted: a seccomp filter forbids it "
		       "(in a container, allow the ptrace system call)";
	return "ptrace not permitted: refused by a security policy "
	       "(SELinux, AppArmor or the like)";
}

/*
 * Finds cmd as execvp(3) would, but here, so that the child can execv()
 * the file found and the kernel's answer about that very file is the one
 * reported: execvp() would hand a file the kernel refuses (ENOEXEC) to
 * /bin/sh.  A name with a slash is used as it is; else the first
 * executable regular file of that name in PATH.  Returns 0, or an errno
 * for the command as a whole (ENOENT: none; EACCES: none executable).
 */
static int
find_command(const char *cmd, char *buf, size_t size)
{
	const char *dir, *end, *path;
	struct stat st;
	int e = ENOENT;
	size_t dlen, clen = strlen(cmd);

	if (strchr(cmd, '/') != NULL || clen == 0) {
		if (clen >= size)
			return ENAMETOOLONG;
		memcpy(buf, cmd, clen + 1);
		return 0;
	}
	if ((path = getenv("PATH")) == NULL)
		path = "/bin:/usr/bin";
	for (dir = path;; dir = end + 1) {
		end = strchrnul(dir, ':');
		/* An empty entry is the current directory, as for execvp. */
		dlen = end == dir ? 1 : (size_t)(end - dir);
		if (dlen + 1 + clen < size) {
			memcpy(buf, end == dir ? "." : dir, dlen);
			buf[dlen] = '/';
			memcpy(buf + dlen + 1, cmd, clen + 1);
			if (stat(buf, &st) == 0 && !S_ISDIR(st.st_mode)) {
				if (access(buf, X_OK) == 0)
					return 0;
				e = EACCES;
			}
		}
		if (*end == '\0')
			return e;
	}
}

/* Whether the file starts with the ELF magic. */
static int
is_elf(const char *path)
{
	unsigned char m[SELFMAG];
	ssize_t n = read_path(path, m, sizeof(m), 0);

	return n > 0 && elf_is_elf(m, (size_t)n);
}

/*
 * A script's interpreter that is not there, named in why (escaped, as
 * names in messages are: a CRLF line end leaves a \r in the name, which
 * the user cannot see).  The name is what fs/binfmt_script.c takes: after
 * "#!" and blanks, up to a blank or the line's end, in the first
 * BINPRM_BUF_SIZE bytes.
 */
static const char *
interp_reason(const char *file, char *why, size_t size)
{
	char line[256];
	struct out *e;
	ssize_t n;
	size_t i, k;

	if ((n = read_path(file, line, sizeof(line), 0)) < 2 ||
	    line[0] != '#' || line[1] != '!')
		return "interpreter not found";
	for (i = 2; i < (size_t)n && (line[i] == ' ' || line[i] == '\t'); i++)
		;
	for (k = i; k < (size_t)n && line[k] != ' ' && line[k] != '\t' &&
	     line[k] != '\n' && line[k] != '\0';
	     k++)
		;
	if (k == i || (e = malloc(sizeof(*e))) == NULL)
		return "interpreter not found";
	out_init(e, -1);
	out_str(e, "interpreter ");
	esc_human(e, line + i, k - i);
	out_str(e,
	    line[k - 1] == '\r' ? " not found (a CRLF line end)"
	                        : " not found");
	snprintf(why, size, "%.*s", (int)e->len, e->buf);
	free(e);
	return why;
}

/*
 * Why the exec of file (the command as found in PATH) failed with err
 * (why holds what is not a constant); file is NULL when find_command()
 * found none, which happens to a name without a slash only.  NULL where
 * the errno says enough.
 */
static const char *
exec_reason(const char *file, int err, char *why, size_t size)
{
	switch (err) {
	case ENOENT:
		if (file == NULL)
			return "command not found";
		return access(file, F_OK) == 0 ? interp_reason(file, why, size)
		                               : "no such file or directory";
	case EACCES:
		return "permission denied";
	case ENOEXEC:
		return file != NULL && is_elf(file)
		    ? "cannot execute: exec format error (an ELF program this "
		      "kernel does not run: another architecture, or 32-bit "
		      "without its emulation)"
		    : "cannot execute: exec format error (not an executable "
		      "format, and not handed to a shell)";
	}
	return NULL;
}

/*
 * The child: waits until it is traced (one byte on sock; end of file
 * means we gave up or died), then execs.  An exec that fails sends its
 * errno back; one that succeeds closes sock, which is close-on-exec.
 */
static void __attribute__((noreturn))
child(const char *file, char *const argv[], pid_t parent, int sock)
{
	char c;
	int e;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1 || getppid() != parent ||
	    read(sock, &c, 1) != 1)
		_exit(127);
	execv(file, argv);
	e = errno;
	(void)send(sock, &e, sizeof(e), MSG_NOSIGNAL);
	_exit(127);
}

static void
bury(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, __WALL);
}

/*
 * Lets the traced child run until its exec succeeds (0: it is stopped at
 * PTRACE_EVENT_EXEC) or it is gone (-1: dead and reaped).  Before the exec
 * only SIGSTOP and SIGKILL reach it; a stop is let go on.  A wait that
 * fails otherwise (no signal handler is set, so not EINTR but by a fault),
 * or a stop not let go on (but for ESRCH: gone), kills the child and
 * returns the errno.
 */
static int
await_exec(pid_t pid)
{
	int st, sig, e;

	for (;;) {
		if (waitpid(pid, &st, __WALL) == -1) {
			/*
			 * ECHILD: none to wait for, gone.  (Not by SIGCHLD
			 * ignored: the kernel reaps no child that is traced.)
			 */
			if ((e = errno) == ECHILD)
				return -1;
			break;
		}
		if (WIFEXITED(st) || WIFSIGNALED(st))
			return -1;
		/* Else stopped: without WCONTINUED no other state is told. */
		if (st >> 8 == (SIGTRAP | PTRACE_EVENT_EXEC << 8))
			return 0;
		/* A signal-delivery-stop passes the signal on. */
		sig = st >> 16 == 0 ? WSTOPSIG(st) : 0;
		if (ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig) == -1 &&
		    (e = errno) != ESRCH)
			break;
	}
	bury(pid);
	return e;
}

/*
 * Forks the child that execs file once it is traced, every signal
 * blocked in it; sv[1], its end of the socket, is closed here: its PID,
 * or -1 and errno.
 */
static pid_t
start_child(const char *file, char *const argv[], int sv[2])
{
	sigset_t all, old;
	pid_t pid, self = getpid();
	int e, masked;

	sigfillset(&all);
	/* Restored only if it was set: old is unset when that failed. */
	masked = sigprocmask(SIG_SETMASK, &all, &old) == 0;
	if ((pid = fork()) == 0) {
		close(sv[0]);
		child(file, argv, self, sv[1]);
	}
	e = errno;
	if (masked)
		sigprocmask(SIG_SETMASK, &old, NULL);
	close(sv[1]);
	errno = e;
	return pid;
}

/* Traces the child and tells it to exec (a byte on sock): 0, or -1 and *d. */
static int
trace_child(pid_t pid, int sock, struct diag *d)
{
	int e;

	if (ptrace(PTRACE_SEIZE, pid, NULL,
	        (void *)(long)(PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL)) == -1) {
		e = errno;
		diag_set(d, e,
		    e == EPERM        ? ptrace_denied(pid)
		        : e == ENOSYS ? "ptrace not available"
		                      : NULL);
		return -1;
	}
	/*
	 * No SIGPIPE should the child be gone: await_exec() will tell.  Sent
	 * nothing (ENOBUFS), the child would wait for it for ever.
	 */
	if (send(sock, "", 1, MSG_NOSIGNAL) == -1 && errno != EPIPE) {
		diag_set(d, errno, NULL);
		return -1;
	}
	return 0;
}

/* Names the source after the command, whatever src_pid() set. */
static void
name_source(struct source *s, char *const argv[])
{
	s->vec.kind = SRC_EXEC;
	s->vec.path = argv[0];
	s->vec.label = argv[0];
	snprintf(s->label, sizeof(s->label), "%s", argv[0]);
}

int
src_exec(
    struct source *s, const struct opts *o, char *const argv[], struct diag *d)
{
	char file[PATH_MAX];
	pid_t pid;
	int sv[2], e, rc;

	name_source(s, argv);
	if ((e = find_command(argv[0], file, sizeof(file))) != 0) {
		diag_set(d, e, exec_reason(NULL, e, s->why, sizeof(s->why)));
		d->flags = e == ENOENT ? DIAG_NOCMD : DIAG_NOEXEC;
		return -1;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == -1) {
		diag_set(d, errno, NULL);
		return -1;
	}
	if ((pid = start_child(file, argv, sv)) == -1) {
		diag_set(d, errno, NULL);
		close(sv[0]);
		return -1;
	}
	if (trace_child(pid, sv[0], d) == -1)
		goto kill;
	if ((rc = await_exec(pid)) > 0) {
		diag_set(d, rc, NULL);
		goto fail;
	}
	/* A failed exec sent its errno; else the child died otherwise. */
	if (rc == -1) {
		if (read(sv[0], &e, sizeof(e)) == (ssize_t)sizeof(e) &&
		    e != 0) {
			diag_set(
			    d, e, exec_reason(file, e, s->why, sizeof(s->why)));
			d->flags = e == ENOENT ? DIAG_NOCMD : DIAG_NOEXEC;
		} else
			diag_set(d, 0, "killed before its exec completed");
		goto fail;
	}
	close(sv[0]);
	s->child = pid;
	rc = src_pid(s, o, pid, d);
	name_source(s, argv);
	/* What the kernel made AT_EXECFN of (fs/exec.c), for --check. */
	memcpy(s->execpath, file, strlen(file) + 1);
	s->vec.execpath = s->execpath;
	if (rc == -1 && (d->flags & DIAG_PERM))
		d->reason = "permission denied (an unreadable program: its "
		            "vector needs CAP_SYS_PTRACE)";
	d->flags = 0;
	return rc;
kill:
	bury(pid);
fail:
	close(sv[0]);
	return -1;
}
