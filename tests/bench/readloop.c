/*
 * Baselines for bench-procs.  With no argument: open and read every
 * /proc/PID/auxv, nothing else, on one thread.  With "calls": per
 * process also the system calls auxv -a --json cannot do without, with
 * no decoding and no output: comm (open, read, close), readlink of exe,
 * and one process_vm_readv of what the vector points to (4 KiB of
 * program headers, 8 KiB of vDSO, the 16 random bytes, the strings to
 * their block's end).  auxv's time over this one is its own.  "calls N"
 * shares the processes among N threads, as auxv -a does: the least time
 * those calls take on this machine.
 */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#define BLOCK 4096UL

static __thread unsigned char pages[5][2 * BLOCK];

/* A range of at most len bytes at addr that stays in addr's block. */
static int
range(struct iovec *l, struct iovec *r, int i, uint64_t addr, size_t len)
{
	if (addr == 0)
		return i;
	if (len > BLOCK - addr % BLOCK && len <= BLOCK)
		len = BLOCK - addr % BLOCK;
	l[i].iov_base = pages[i];
	l[i].iov_len = len;
	r[i].iov_base = (void *)(uintptr_t)addr;
	r[i].iov_len = len;
	return i + 1;
}

static unsigned long
calls(const char *pid, const uint64_t *v, size_t n)
{
	uint64_t at[64] = { 0 };
	struct iovec l[5], r[5];
	char path[sizeof(((struct dirent *)0)->d_name) + 16], buf[4096];
	unsigned long total = 0;
	ssize_t got;
	int fd, i = 0;

	for (size_t k = 0; k + 1 < n; k += 2)
		if (v[k] < 64)
			at[v[k]] = v[k + 1];
	snprintf(path, sizeof path, "/proc/%s/comm", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		if ((got = read(fd, buf, 64)) > 0)
			total += (unsigned long)got;
		close(fd);
	}
	snprintf(path, sizeof path, "/proc/%s/exe", pid);
	if ((got = readlink(path, buf, sizeof buf)) > 0)
		total += (unsigned long)got;
	i = range(l, r, i, at[3] - at[3] % BLOCK, BLOCK); /* AT_PHDR */
	i = range(l, r, i, at[33], 2 * BLOCK);            /* AT_SYSINFO_EHDR */
	i = range(l, r, i, at[25], 16);                   /* AT_RANDOM */
	i = range(l, r, i, at[15], 64);                   /* AT_PLATFORM */
	i = range(l, r, i, at[31], 256);                  /* AT_EXECFN */
	if (i > 0 &&
	    (got = process_vm_readv(
	         atoi(pid), l, (unsigned long)i, r, (unsigned long)i, 0)) > 0)
		total += (unsigned long)got;
	return total;
}

/* The processes of /proc, and how a thread takes its share of them. */
struct list {
	char (*name)[16];
	size_t n, threads;
	int same;
};

struct share {
	const struct list *l;
	size_t first;
	unsigned long total;
};

static void *
run(void *arg)
{
	struct share *sh = arg;
	const struct list *l = sh->l;
	char path[48];
	uint64_t v[1024];

	for (size_t k = sh->first; k < l->n; k += l->threads) {
		size_t len = 0;
		ssize_t n;
		int fd;

		snprintf(path, sizeof path, "/proc/%s/auxv", l->name[k]);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		while (len < sizeof v &&
		    (n = read(fd, (char *)v + len, sizeof v - len)) > 0)
			len += (size_t)n;
		close(fd);
		sh->total += len;
		if (l->same && len > 0)
			sh->total += calls(l->name[k], v, len / sizeof v[0]);
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	struct list l = { NULL, 0, argc > 2 ? strtoul(argv[2], NULL, 10) : 1,
		argc > 1 && strcmp(argv[1], "calls") == 0 };
	struct share sh[16];
	pthread_t tid[16];
	DIR *d = opendir("/proc");
	struct dirent *e;
	unsigned long total = 0;
	size_t cap = 0, i;

	if (d == NULL) {
		perror("/proc");
		return 1;
	}
	if (l.threads < 1 || l.threads > 16)
		l.threads = 1;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9' ||
		    strlen(e->d_name) >= sizeof(l.name[0]))
			continue;
		if (l.n == cap &&
		    (l.name = realloc(l.name,
		         (cap = 2 * cap + 1024) * sizeof(l.name[0]))) == NULL) {
			perror("realloc");
			return 1;
		}
		memcpy(l.name[l.n++], e->d_name, strlen(e->d_name) + 1);
	}
	closedir(d);
	for (i = 0; i < l.threads; i++) {
		sh[i] = (struct share){ &l, i, 0 };
		if (i > 0 && pthread_create(&tid[i], NULL, run, &sh[i]) != 0) {
			perror("pthread_create");
			return 1;
		}
	}
	run(&sh[0]);
	for (i = 0; i < l.threads; i++) {
		if (i > 0)
			pthread_join(tid[i], NULL);
		total += sh[i].total;
	}
	free(l.name);
	printf("%lu\n", total);
	return 0;
}
