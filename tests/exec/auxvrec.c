/*
 * The cross stage's oracle of a program's own vector, preloaded into it
 * (LD_PRELOAD, given to qemu-user with -E): before main, it writes to the
 * file $AUXVREC what libc and the kernel (or the emulator) say of this
 * process, each line a key and hex:
 *
 *   word SIZE ORDER  the build's word size and byte order
 *   auxv BYTES       /proc/self/auxv as read
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
