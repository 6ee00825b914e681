/*
 * Reading a file whole or in one read, each with a stated limit: the
 * reader under the /proc layer, the sources and the rules alike.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "readfile.h"

/* Reads up to size bytes, fewer only at end of file; -1 and errno. */
int
read_full(int fd, unsigned char *buf, size_t size, size_t *len)
{
	ssize_t n;

	*len = 0;
	while (*len < size) {
		n = read(fd, buf + *len, size - *len);
		if (n == -1)
			return -1;
		if (n == 0)
			break;
		*len += (size_t)n;
	}
	return 0;
}

/*
 * The file at path, at most size bytes of it: in one read where !whole
 * (a file of one record hands over all it has at once; a header), else
 * to its end.  The bytes read, or -1 and errno.
 */
ssize_t
read_path(const char *path, void *buf, size_t size, int whole)
{
	size_t len;
	ssize_t n;
	int fd, e;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	if (!whole)
		n = read(fd, buf, size);
	else
		n = read_full(fd, buf, size, &len) == -1 ? -1 : (ssize_t)len;
	e = errno;
	close(fd);
	errno = e;
	return n;
}
