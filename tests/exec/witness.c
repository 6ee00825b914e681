/*
 * A program that says what it was given, for watch.bats: it appends one
 * line, "PID RANDOM EXECFN", to the file named by its first argument: its
 * PID, the 16 bytes at AT_RANDOM in hex and the string at AT_EXECFN, both
 * found by getauxval(3) and read from its own memory.  With a second
 * argument it then sleeps that many milliseconds, so that it is still
 * there to be read by a slow reader.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	const unsigned char *r = (const unsigned char *)getauxval(AT_RANDOM);
	const char *fn = (const char *)getauxval(AT_EXECFN);
	char line[64 + PATH_MAX];
	struct timespec ts;
	long ms;
	int n, i, fd;

	if (argc < 2 || r == NULL || fn == NULL)
		return 2;
	n = snprintf(line, sizeof(line), "%ld ", (long)getpid());
	for (i = 0; i < 16; i++)
		n += snprintf(line + n, sizeof(line) - (size_t)n, "%02x", r[i]);
	n += snprintf(line + n, sizeof(line) - (size_t)n, " %s\n", fn);
	if (n >= (int)sizeof(line))
		return 2;
	/* One write with O_APPEND: the lines of many never mix. */
	if ((fd = open(argv[1], O_WRONLY | O_APPEND | O_CREAT, 0666)) == -1 ||
	    write(fd, line, (size_t)n) != n)
		return 1;
	close(fd);
	if (argc > 2 && (ms = strtol(argv[2], NULL, 10)) > 0) {
		ts.tv_sec = ms / 1000;
		ts.tv_nsec = ms % 1000 * 1000000;
		nanosleep(&ts, NULL);
	}
	return 0;
}
