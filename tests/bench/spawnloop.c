/*
 * For bench_watch.py: starts PROGRAM N times, one after the other
 * (posix_spawn, then waitpid), and prints the PID of each run.
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

extern char **environ;

int
main(int argc, char *argv[])
{
	char *args[2];
	long i, n;
	pid_t pid;
	int st;

	if (argc != 3 || (n = strtol(argv[1], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: spawnloop N PROGRAM\n");
		return 2;
	}
	args[0] = argv[2];
	args[1] = NULL;
	for (i = 0; i < n; i++) {
		if (posix_spawn(&pid, argv[2], NULL, NULL, args, environ) !=
		    0) {
			perror(argv[2]);
			return 1;
		}
		if (waitpid(pid, &st, 0) == -1) {
			perror("waitpid");
			return 1;
		}
		printf("%ld\n", (long)pid);
	}
	return fflush(stdout) == EOF;
}
