/*
 * The /proc layer's memory maps: /proc/PID/maps read line by line, in a
 * buffer of one line's size, each line parsed into a struct proc_map.
 * Under an emulator (qemu-user) /proc/self/maps is the guest's map, in
 * the guest's addresses.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bounds.h"
#include "proc.h"
#include "readfile.h"

/*
 * The number at *p (proc_num()), and *p past it and the one separator
 * sep after it (' ' passes over more blanks too, and is also met by the
 * line's end, where the kernel ends an anonymous mapping's line): 0, or
 * -1 where there is none.
 */
static int
field(char **p, unsigned int base, char sep, uint64_t *v)
{
	const char *s = *p;

	if (proc_num(&s, base, v) == -1 ||
	    (*s != sep && !(sep == ' ' && *s == '\0')))
		return -1;
	if (*s == sep)
		s++;
	while (sep == ' ' && *s == ' ')
		s++;
	*p = *p + (s - *p);
	return 0;
}

/* One line, NUL-terminated, into m: 0, or -1 where it is not a maps line. */
static int
map_parse(char *line, struct proc_map *m)
{
	char *p = line;
	uint64_t maj, min;

	if (field(&p, 16, '-', &m->lo) == -1 ||
	    field(&p, 16, ' ', &m->hi) == -1 || strnlen(p, 5) < 5 ||
	    p[4] != ' ')
		return -1;
	memcpy(m->perms, p, 4);
	m->perms[4] = '\0';
	p += 5;
	if (field(&p, 16, ' ', &m->offset) == -1 ||
	    field(&p, 16, ':', &maj) == -1 || field(&p, 16, ' ', &min) == -1 ||
	    field(&p, 10, ' ', &m->inode) == -1 || m->lo > m->hi ||
	    maj > UINT_MAX || min > UINT_MAX)
		return -1;
	m->major = (unsigned int)maj;
	m->minor = (unsigned int)min;
	m->path = p;
	return 0;
}

/*
 * Reads p's maps, at most limit bytes of it, and hands each mapping to
 * fn in order, until fn returns nonzero.  A line longer than the buffer
 * (a path of more than PATH_MAX bytes, which the kernel prints whole) is
 * passed over to its end: its tail, text a file's name chose, is never
 * read as a line of its own.  Returns 0 when the file was read to its
 * end, fn's nonzero value when it stopped, -1 and errno when maps could
 * not be read or was longer than limit (EFBIG).
 */
int
proc_maps(const struct proc *pr, size_t limit, proc_map_fn *fn, void *arg)
{
	char buf[PATH_MAX + 256], *nl, *p;
	struct proc_map m;
	size_t len = 0, total = 0, n = 0;
	int fd, rc = 0, e, skip = 0, stop = 0;

	if ((fd = proc_open(pr, "maps")) == -1)
		return -1;
	while (stop == 0 && total < limit &&
	    (rc = read_full(fd, (unsigned char *)buf + len,
	         sizeof(buf) - 1 - len, &n)) == 0 &&
	    n > 0) {
		total += n;
		len += n;
		buf[len] = '\0';
		for (p = buf; stop == 0 && (nl = strchr(p, '\n')) != NULL;
		     p = nl + 1) {
			*nl = '\0';
			if (!skip && map_parse(p, &m) == 0)
				stop = fn(&m, arg);
			skip = 0;
		}
		len -= (size_t)(p - buf);
		if (len == sizeof(buf) - 1) {
			len = 0;
			skip = 1;
		}
		memmove(buf, p, len);
	}
	e = rc == -1 ? errno : EFBIG;
	close(fd);
	if (stop != 0)
		return stop;
	if (rc == -1 || n != 0) {
		errno = e;
		return -1;
	}
	return 0;
}

/* What proc_readable() asks of each mapping: from at on, up to end. */
struct reach {
	uint64_t at, end;
};

static int
reach_map(const struct proc_map *m, void *arg)
{
	struct reach *r = arg;

	if (m->hi <= r->at)
		return 0;
	if (m->lo > r->at || m->perms[0] != 'r')
		return 1;
	r->at = m->hi;
	return r->at >= r->end;
}

/*
 * How many of the len bytes at addr, from addr on, mappings that p's
 * maps says are readable hold without a gap: 0 where addr is in none, or
 * the map can't be read whole.
 */
size_t
proc_readable(const struct proc *p, uint64_t addr, size_t len)
{
	struct reach r = { addr, UINT64_MAX };

	if (len <= UINT64_MAX - addr)
		r.end = addr + len;
	if (len == 0 ||
	    proc_maps(p, AUXV_CHECK_MAPS_BYTES, reach_map, &r) == -1)
		return 0;
	return (size_t)((r.at < r.end ? r.at : r.end) - addr);
}
