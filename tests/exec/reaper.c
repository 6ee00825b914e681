/*
 * reaper [-s SIGNAL] COMMAND [ARG]...: runs COMMAND (auxv) as a child
 * subreaper, so that whatever COMMAND leaves behind becomes our child and
 * can be seen.  Whatever it finds, it kills and reaps before it exits:
 * init may not reap here.
 *
 * Without -s: exits with COMMAND's status, or 99 and a message when
 * COMMAND left a child, dead or alive.
 *
 * With -s: COMMAND's standard output is a terminal whose output is
 * suspended (as by ^S), so that COMMAND blocks on its first line while
 * its traced child is stopped.  Once that child is seen stopped under
 * ptrace, COMMAND gets SIGNAL.  Then the child must die by itself
 * (PR_SET_PDEATHSIG or PTRACE_O_EXITKILL): prints "child PID killed by
 * signal N" and exits 0, or exits 99 when it is still alive 5 seconds
 * later, 98 when no traced child was seen.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

/*
 * A child of ppid (with traced, one stopped under ptrace), or 0 when
 * there is none.  With kill_them, every one found gets SIGKILL.
 */
static pid_t
child_of(pid_t ppid, int traced, int kill_them)
{
	char path[300], buf[1024], *p;
	struct dirent *de;
	pid_t found = 0, pid;
	ssize_t n;
	DIR *dir;
	int fd;

	if ((dir = opendir("/proc")) == NULL)
		err(2, "/proc");
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		if ((fd = open(path, O_RDONLY)) == -1)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		/* "PID (COMM) STATE PPID ...": COMM may hold anything. */
		if ((p = strrchr(buf, ')')) == NULL || strlen(p) < 5 ||
		    strtol(p + 4, NULL, 10) != ppid || (traced && p[2] != 't'))
			continue;
		pid = (pid_t)strtol(de->d_name, NULL, 10);
		if (found == 0)
			found = pid;
		if (kill_them)
			kill(pid, SIGKILL);
	}
	closedir(dir);
	return found;
}

static void bury_all(int) __attribute__((noreturn));

static void
bury_all(int status)
{
	child_of(getpid(), 0, 1);
	while (waitpid(-1, NULL, __WALL) != -1 || errno == EINTR)
		;
	exit(status);
}

int
main(int argc, char *argv[])
{
	int ch, i, sig = 0, st, pty, tty = -1;
	pid_t pid, left;

	while ((ch = getopt(argc, argv, "+s:")) != -1) {
		switch (ch) {
		case 's':
			sig = (int)strtol(optarg, NULL, 10);
			break;
		default:
			return 2;
		}
	}
	argv += optind;
	if (*argv == NULL)
		errx(2, "usage: reaper [-s signal] command [arg ...]");
	if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == -1)
		err(2, "PR_SET_CHILD_SUBREAPER");
	if (sig != 0) {
		if ((pty = posix_openpt(O_RDWR | O_NOCTTY)) == -1 ||
		    grantpt(pty) == -1 || unlockpt(pty) == -1)
			err(2, "pty");
		if ((tty = open(ptsname(pty), O_RDWR | O_NOCTTY)) == -1)
			err(2, "%s", ptsname(pty));
		if (tcflow(tty, TCOOFF) == -1)
			err(2, "tcflow");
	}
	if ((pid = fork()) == -1)
		err(2, "fork");
	if (pid == 0) {
		if (tty != -1 && dup2(tty, STDOUT_FILENO) == -1)
			err(2, "dup2");
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		execvp(argv[0], argv);
		err(127, "%s", argv[0]);
	}
	if (sig != 0) {
		for (i = 0; i < 1000 && child_of(pid, 1, 0) == 0; i++)
			usleep(10000);
		if (i == 1000) {
			warnx("no traced child of %ld seen", (long)pid);
			bury_all(98);
		}
		kill(pid, sig);
	}
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR)
			err(2, "waitpid");
	if (sig == 0) {
		if (waitpid(-1, NULL, __WALL | WNOHANG) != -1 ||
		    errno != ECHILD) {
			warnx("%s left a child behind", argv[0]);
			bury_all(99);
		}
		return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	}
	/* The traced child is ours now, and must die by itself. */
	for (i = 0; i < 500; i++) {
		if ((left = waitpid(-1, &st, __WALL | WNOHANG)) > 0)
			break;
		usleep(10000);
	}
	if (i == 500) {
		warnx("the traced child is alive 5 s after auxv");
		bury_all(99);
	}
	if (!WIFSIGNALED(st)) {
		warnx("child %ld: status %#x", (long)left, st);
		bury_all(99);
	}
	printf("child %ld killed by signal %d\n", (long)left, WTERMSIG(st));
	fflush(stdout);
	bury_all(0);
}
