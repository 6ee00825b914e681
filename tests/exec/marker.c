/*
 * A program that leaves a trace when it runs: it creates the file named
 * by its first argument.  Built static (and 32-bit), it shows that
 * auxv -e stops a command before it runs an instruction of its own.
 */
#include <fcntl.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	int fd;

	if (argc > 1 && (fd = open(argv[1], O_WRONLY | O_CREAT, 0644)) != -1)
		close(fd);
	return 0;
}
