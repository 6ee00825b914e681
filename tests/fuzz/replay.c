/*
 * A fuzz target without libFuzzer: runs LLVMFuzzerTestOneInput once for
 * each file named, or each file in a directory named.  Built in every
 * build, so that the seed corpora run in the default suite (a crash is a
 * failure) and the coverage build counts what they reach.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The inputs libFuzzer takes by default are at most this long. */
#define REPLAY_MAX (1024 * 1024)

static int
one(const char *path)
{
	static uint8_t buf[REPLAY_MAX];
	size_t len = 0;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		perror(path);
		return -1;
	}
	while (len < sizeof(buf) &&
	    (n = read(fd, buf + len, sizeof(buf) - len)) > 0)
		len += (size_t)n;
	close(fd);
	LLVMFuzzerTestOneInput(buf, len);
	return 0;
}

int
main(int argc, char *argv[])
{
	char path[4096];
	struct dirent *e;
	struct stat st;
	int i, rc = 0, count = 0;
	DIR *d;

	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st) == -1 || !S_ISDIR(st.st_mode)) {
			rc |= one(argv[i]);
			count++;
			continue;
		}
		if ((d = opendir(argv[i])) == NULL) {
			perror(argv[i]);
			return 1;
		}
		while ((e = readdir(d)) != NULL) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(
			    path, sizeof(path), "%s/%s", argv[i], e->d_name);
			rc |= one(path);
			count++;
		}
		closedir(d);
	}
	printf("%d inputs\n", count);
	return rc == 0 && count > 0 ? 0 : 1;
}
