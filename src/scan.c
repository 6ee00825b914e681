/*
 * -a reads every process, and that is nearly all system calls: an open,
 * a read and a close of /proc/PID/auxv and one process_vm_readv each.
 * Those run in parallel on several CPUs, so a few reader threads fill a
 * ring of slots, each process's source in the slot of its place in the
 * list, and the calling thread hands the slots over in list order, so
 * that what is printed is the same as one thread would print.  While
 * the next slot is not ready, the calling thread reads ahead itself.
 */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc.h"
#include "scan.h"

/*
 * Processes are claimed a chunk at a time, so that threads meet (and may
 * sleep and wake) once per chunk, not once per process; the ring holds
 * SCAN_RING chunks.
 */
#define SCAN_CHUNK 16
#define SCAN_RING  4

/* Reader threads besides the caller, at most. */
#define SCAN_READERS 3

/* Fewer processes than this are read by the calling thread alone. */
#define SCAN_MIN 128

struct chunk {
	sem_t ready; /* posted when every slot holds its process */
	struct slot slot[SCAN_CHUNK];
};

/*
 * A process of the list, and why its name could not be read (-C), or 0:
 * it is handed over as a failed source in its place.
 */
struct cand {
	pid_t pid;
	int err;
};

struct scan {
	const struct cand *pids;
	size_t n;
	const struct opts *o;
	atomic_size_t next; /* the next chunk of the list to read */
	sem_t space;        /* chunks of the ring free to read into */
	struct chunk *ring;
	size_t nring;
};

/* Makes sl ready for src_pid(): its source, with its room, and no diag. */
void
scan_slot_init(struct slot *sl)
{
	src_init(&sl->src);
	sl->src.proc = &sl->proc;
	memset(&sl->d, 0, sizeof(sl->d));
}

/*
 * Claims the next chunk of the list and reads its processes into its
 * place in the ring: 1; 0 when every chunk is claimed, or (unless wait)
 * no place is free.  A claimed chunk k is less than nring ahead of the
 * one being handed over, so its place, k % nring, is free.
 */
static int
read_next(struct scan *sc, int wait)
{
	struct chunk *ch;
	size_t k, i;

	if (wait)
		sem_wait(&sc->space);
	else if (sem_trywait(&sc->space) == -1)
		return 0;
	k = atomic_fetch_add(&sc->next, 1);
	if (k * SCAN_CHUNK >= sc->n) {
		sem_post(&sc->space);
		return 0;
	}
	ch = &sc->ring[k % sc->nring];
	for (i = 0; i < SCAN_CHUNK && k * SCAN_CHUNK + i < sc->n; i++) {
		struct slot *sl = &ch->slot[i];
		const struct cand *c = &sc->pids[k * SCAN_CHUNK + i];

		scan_slot_init(sl);
		if (c->err == 0) {
			sl->rc = src_pid(&sl->src, sc->o, c->pid, &sl->d);
			continue;
		}
		sl->src.vec.kind = SRC_PID;
		sl->src.vec.pid = c->pid;
		snprintf(
		    sl->src.label, sizeof(sl->src.label), "%ld", (long)c->pid);
		diag_set(&sl->d, c->err, NULL);
		sl->rc = -1;
	}
	sem_post(&ch->ready);
	return 1;
}

static void *
reader(void *arg)
{
	while (read_next(arg, 1))
		;
	return NULL;
}

/*
 * Reads the processes pids[0..n) and calls fn on each in that order: 0.
 * Where threads or memory are short, fewer threads do the same work;
 * -1 and errno when there is not memory for one source.
 */
static int
scan_pids(const struct cand *pids, size_t n, const struct opts *o, scan_fn *fn,
    void *arg)
{
	struct scan sc = { .pids = pids, .n = n, .o = o, .nring = 1 };
	pthread_t tid[SCAN_READERS];
	size_t nreaders = 0, started = 0, nring, i, k;
	long cpus;

	/* A reader per online CPU besides ours, for lists worth the threads. */
	if (n >= SCAN_MIN && (cpus = sysconf(_SC_NPROCESSORS_ONLN)) > 1)
		nreaders =
		    cpus - 1 < SCAN_READERS ? (size_t)cpus - 1 : SCAN_READERS;
	/* Zero pages from the kernel: a slot's pages are touched as used. */
	if (nreaders > 0 &&
	    (sc.ring = calloc(SCAN_RING, sizeof(*sc.ring))) != NULL)
		sc.nring = SCAN_RING;
	else if ((sc.ring = calloc(1, sizeof(*sc.ring))) != NULL)
		nreaders = 0;
	else
		return -1;
	/* Never changed after: the readers take sc, the loop a copy. */
	nring = sc.nring;
	atomic_init(&sc.next, 0);
	sem_init(&sc.space, 0, (unsigned int)nring);
	for (i = 0; i < nring; i++)
		sem_init(&sc.ring[i].ready, 0, 0);
	for (; started < nreaders; started++)
		if (pthread_create(&tid[started], NULL, reader, &sc) != 0)
			break;
	for (k = 0; k * SCAN_CHUNK < n; k++) {
		struct chunk *ch = &sc.ring[k % nring];

		/* Not read yet: read the next one meanwhile, or wait. */
		while (sem_trywait(&ch->ready) == -1)
			if (!read_next(&sc, 0)) {
				sem_wait(&ch->ready);
				break;
			}
		for (i = 0; i < SCAN_CHUNK && k * SCAN_CHUNK + i < n; i++) {
			struct slot *sl = &ch->slot[i];

			fn(arg, &sl->src, sl->rc, &sl->d);
			src_close(&sl->src);
		}
		sem_post(&sc.space);
	}
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	for (i = 0; i < nring; i++)
		sem_destroy(&sc.ring[i].ready);
	sem_destroy(&sc.space);
	free(sc.ring);
	return 0;
}

static int
pid_cmp(const void *a, const void *b)
{
	pid_t x = ((const struct cand *)a)->pid,
	      y = ((const struct cand *)b)->pid;

	return (x > y) - (x < y);
}

/*
 * The bytes of a name the kernel keeps for a process (TASK_COMM_LEN less
 * its NUL); a kernel thread's may be longer.
 */
#define COMM_LEN 15

/*
 * Whether the process's name is one of -C's comma-separated names.  A
 * name longer than the kernel keeps is compared on its first COMM_LEN
 * bytes, as ps -C does: the process's name is the first part of its
 * program's.  A kernel thread's longer name is compared whole.  A
 * process that has gone, or whose name is hidden from us (hidepid), is
 * not one of them, as pgrep has it; -1 and errno when the name can't be
 * read for another reason (EIO, ENOMEM, EMFILE): neither match nor miss.
 */
int
scan_named(pid_t pid, const char *names)
{
	char comm[AUXV_COMM_MAX];
	const char *p, *end;
	struct proc pr;
	size_t len, n;

	proc_at(&pr, pid, 0);
	errno = 0;
	if (proc_comm(&pr, comm, sizeof(comm)) == -1) {
		if (errno == 0 || errno == ENOENT || errno == ESRCH ||
		    errno == EACCES || errno == EPERM)
			return 0;
		return -1;
	}
	len = strlen(comm);
	for (p = names;; p = end + 1) {
		end = strchrnul(p, ',');
		n = (size_t)(end - p);
		if (n > COMM_LEN && len == COMM_LEN)
			n = COMM_LEN;
		if (n == len && memcmp(p, comm, len) == 0)
			return 1;
		if (*end == '\0')
			return 0;
	}
}

/* The list of processes as it is gathered, for add_pid(). */
struct list {
	const struct opts *o;
	struct cand *pids;
	size_t n, cap;
};

/* A process of the list (-C: of the names given): 0, or -1 and errno. */
static int
add_pid(void *arg, pid_t pid)
{
	struct list *l = arg;
	struct cand *np;
	int named, nerr;

	named = l->o->comms != NULL ? scan_named(pid, l->o->comms) : 1;
	if (named == 0)
		return 0;
	nerr = named == -1 ? errno : 0;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 1024;
		/* cap is bounded by AUXV_PID_MAX: no overflow. */
		if ((np = realloc(l->pids, l->cap * sizeof(*np))) == NULL)
			return -1;
		l->pids = np;
	}
	l->pids[l->n++] = (struct cand){ pid, nerr };
	return 0;
}

/*
 * Every process of the /proc layer's list (with -C, those of the names
 * given), in ascending PID order, read and handed to fn as scan_pids()
 * does: 0, or -1 and errno when /proc can't be listed or there is no
 * memory for the list.
 */
int
scan_all(const struct opts *o, scan_fn *fn, void *arg)
{
	struct list l = { o, NULL, 0, 0 };
	int rc = -1, e;

	if (proc_pids(add_pid, &l) == 0) {
		if (l.n > 0)
			qsort(l.pids, l.n, sizeof(*l.pids), pid_cmp);
		rc = scan_pids(l.pids, l.n, o, fn, arg);
	}
	e = errno;
	free(l.pids);
	errno = e;
	return rc;
}
