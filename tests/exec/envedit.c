/*
 * What a start-up routine may do to the environment before main, for
 * human.bats, check/ and zoo.bats: a constructor that first copies this
 * process's /proc/self/auxv (the kernel's bytes, the oracle) to $ENVEDIT_SAVE,
 * then, as $ENVEDIT says, unsets LD_PRELOAD and ENVEDIT ("unset": glibc
 * and musl shift the stack's pointers down, two NULLs left behind),
 * sets a new variable ("set": glibc moves environ to the heap) or
 * clears the environment ("clear": glibc hands main a NULL envp), or
 * changes directory to / ("chdir": a relative AT_EXECFN names nothing
 * there).
 * Preloaded into the glibc build; linked into a musl one.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void
save(const char *to)
{
	char buf[4096];
	ssize_t n;
	int in, out;

	if ((in = open("/proc/self/auxv", O_RDONLY)) == -1)
		return;
	if ((out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0600)) != -1) {
		while ((n = read(in, buf, sizeof(buf))) > 0)
			if (write(out, buf, (size_t)n) != n)
				break;
		close(out);
	}
	close(in);
}

__attribute__((constructor)) static void
envedit(void)
{
	const char *what = getenv("ENVEDIT"), *to = getenv("ENVEDIT_SAVE");

	if (to != NULL)
		save(to);
	if (what == NULL)
		return;
	if (strcmp(what, "unset") == 0) {
		unsetenv("LD_PRELOAD");
		unsetenv("ENVEDIT");
	} else if (strcmp(what, "set") == 0)
		setenv("ENVEDIT_NEW", "x", 1);
	else if (strcmp(what, "clear") == 0)
		clearenv();
	else if (strcmp(what, "chdir") == 0 && chdir("/") == -1)
		abort();
}
