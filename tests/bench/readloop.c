/* Baseline for bench-procs: open and read every /proc/PID/auxv, nothing else.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int
main(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	char path[sizeof e->d_name + 16];
	char buf[4096];
	unsigned long total = 0;

	if (d == NULL) {
		perror("/proc");
		return 1;
	}
	while ((e = readdir(d)) != NULL) {
		int fd;
		ssize_t n;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/auxv", e->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		while ((n = read(fd, buf, sizeof buf)) > 0)
			total += (unsigned long)n;
		close(fd);
	}
	closedir(d);
	printf("%lu\n", total);
	return 0;
}
