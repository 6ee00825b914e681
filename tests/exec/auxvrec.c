/*
 * The cross stage's oracle of a program's own vector, preloaded into it
 * (LD_PRELOAD, given to qemu-user with -E): before main, it writes to the
 * file $AUXVREC what libc and the kernel (or the emulator) say of this
 * process, each line a key and hex:
 *
 *   word SIZE ORDER  the build's word size and byte order
 *   auxv BYTES       /proc/self/auxv as read
 *   auxv_pid BYTES   the same file read through /proc/PID/auxv,
 *   auxv_thread BYTES  /proc/thread-self/auxv, openat(/proc fd,
 *   auxv_at BYTES    "self/auxv") and openat of "self" then "auxv"
 *   auxv_parts BYTES
 *   prctl BYTES      what prctl(PR_GET_AUXV) copied (Linux 6.4), or
 *   prctl_errno N    its errno, in decimal
 *   mem BYTES        the vector in memory, after the NULL that ends
 *                    environ (not yet changed before main), AT_NULL
 *                    included
 *   at TYPE VALUE    getauxval(TYPE), for each type it finds (1..63)
 *   execfn BYTES     the strings at AT_EXECFN, AT_PLATFORM and
 *   platform BYTES   AT_BASE_PLATFORM, read here, in the process
 *   base_platform BYTES
 *   random BYTES     the 16 bytes at AT_RANDOM
 *
 * tests/crosscheck.py compares them with auxv --json of the same process.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <unistd.h>

extern char **environ;

static void
put_hex(FILE *f, const char *key, const unsigned char *p, size_t n)
{
	size_t i;

	fprintf(f, "%s ", key);
	for (i = 0; i < n; i++)
		fprintf(f, "%02x", p[i]);
	fputc('\n', f);
}

static void
put_str(FILE *f, const char *key, unsigned long type)
{
	const char *s = (const char *)getauxval(type);

	if (s != NULL)
		put_hex(f, key, (const unsigned char *)s, strlen(s));
}

/* Everything fd reads, up to size bytes, as key; the descriptor closed. */
static void
put_fd(FILE *f, const char *key, int fd)
{
	unsigned char buf[8192];
	size_t len = 0;
	ssize_t n;

	if (fd == -1)
		return;
	while (len < sizeof(buf) &&
	    (n = read(fd, buf + len, sizeof(buf) - len)) > 0)
		len += (size_t)n;
	close(fd);
	put_hex(f, key, buf, len);
}

/* The other ways a program reads its saved vector, for procauxv. */
static void
put_ways(FILE *f)
{
	unsigned char buf[8192];
	char name[64];
	long got;
	int dir, sub;

	snprintf(name, sizeof(name), "/proc/%ld/auxv", (long)getpid());
	put_fd(f, "auxv_pid", open(name, O_RDONLY));
	put_fd(f, "auxv_thread", open("/proc/thread-self/auxv", O_RDONLY));
	if ((dir = open("/proc", O_RDONLY | O_DIRECTORY)) != -1) {
		put_fd(f, "auxv_at", openat(dir, "self/auxv", O_RDONLY));
		if ((sub = openat(dir, "self", O_RDONLY | O_DIRECTORY)) != -1) {
			put_fd(f, "auxv_parts", openat(sub, "auxv", O_RDONLY));
			close(sub);
		}
		close(dir);
	}
	/* PR_GET_AUXV of <linux/prctl.h>, Linux 6.4. */
	got = prctl(0x41555856, (unsigned long)buf, (unsigned long)sizeof(buf),
	    0UL, 0UL);
	if (got < 0)
		fprintf(f, "prctl_errno %d\n", errno);
	else
		put_hex(f, "prctl", buf,
		    (size_t)got < sizeof(buf) ? (size_t)got : sizeof(buf));
}

__attribute__((constructor)) static void
auxvrec(void)
{
	const union {
		unsigned short s;
		unsigned char c;
	} one = { 1 };
	unsigned char buf[8192];
	const char *path = getenv("AUXVREC");
	const unsigned long *av;
	unsigned long type, v;
	char **p;
	ssize_t n;
	size_t len = 0;
	FILE *f;
	int fd;

	if (path == NULL || (f = fopen(path, "w")) == NULL)
		return;
	fprintf(
	    f, "word %zu %s\n", sizeof(long), one.c == 1 ? "little" : "big");
	if ((fd = open("/proc/self/auxv", O_RDONLY)) != -1) {
		while (len < sizeof(buf) &&
		    (n = read(fd, buf + len, sizeof(buf) - len)) > 0)
			len += (size_t)n;
		close(fd);
		put_hex(f, "auxv", buf, len);
	}
	put_ways(f);
	for (p = environ; *p != NULL; p++)
		continue;
	for (av = (const unsigned long *)(p + 1); av[0] != 0; av += 2)
		continue;
	put_hex(f, "mem", (const unsigned char *)(p + 1),
	    (size_t)((const char *)(av + 2) - (const char *)(p + 1)));
	for (type = 1; type < 64; type++) {
		errno = 0;
		v = getauxval(type);
		if (errno != ENOENT)
			fprintf(f, "at %lu %lx\n", type, v);
	}
	put_str(f, "execfn", AT_EXECFN);
	put_str(f, "platform", AT_PLATFORM);
	put_str(f, "base_platform", AT_BASE_PLATFORM);
	if ((v = getauxval(AT_RANDOM)) != 0)
		put_hex(f, "random", (const unsigned char *)v, 16);
	fclose(f);
}
