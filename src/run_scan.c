/*
 * -a and -C: the processes scan_all() reads, each shown, passed over,
 * counted or reported as below.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc.h"
#include "run_scan.h"
#include "run_watch.h"
#include "scan.h"
#include "src_json.h"

/* -C's first room for processes without a vector, doubled as needed. */
enum { NOVEC_FIRST = 16 };

/* -C: a process of the names without a vector, kept for the end. */
static void
keep_novec(struct run_scan *sc, const struct source *s, const struct diag *d)
{
	struct novec *nv;
	size_t cap;

	if (sc->nnovec == sc->capnovec) {
		cap = sc->capnovec ? 2 * sc->capnovec : NOVEC_FIRST;
		/* At most one per process: bounded by AUXV_PID_MAX. */
		if ((nv = realloc(sc->novec, cap * sizeof(*nv))) == NULL)
			sc->r->die(NULL);
		sc->novec = nv;
		sc->capnovec = cap;
	}
	nv = &sc->novec[sc->nnovec++];
	nv->pid = s->vec.pid;
	nv->d = *d;
	nv->comm[0] = '\0';
	if (s->vec.comm != NULL)
		snprintf(nv->comm, sizeof(nv->comm), "%s", s->vec.comm);
}

/* The source of a kept process, in r->src[0], for its report. */
static struct source *
novec_source(struct run *r, const struct novec *nv)
{
	struct source *s = &r->src[0];

	src_init(s);
	s->vec.kind = SRC_PID;
	s->vec.pid = nv->pid;
	snprintf(s->label, sizeof(s->label), "%ld", (long)nv->pid);
	if (nv->comm[0] != '\0') {
		memcpy(s->comm, nv->comm, sizeof(s->comm));
		s->vec.comm = s->comm;
	}
	return s;
}

/*
 * -C where no process of the names had a vector auxv could read: each
 * one that had none, or that it may not read, is reported, as a source
 * that failed, in PID order.
 */
static void
report_novec(struct run_scan *sc)
{
	const struct novec *nv;
	struct source *s;

	for (nv = sc->novec; nv < sc->novec + sc->nnovec; nv++) {
		s = novec_source(sc->r, nv);
		run_failed(sc->r, s, &nv->d);
		src_close(s);
	}
	sc->nnovec = 0;
}

/*
 * -C's first vector: the processes kept before it that auxv may not read
 * are shown as -a shows them (an error object, or counted), in their
 * place; those without a vector are passed over.
 */
static void
pass_novec(struct run_scan *sc)
{
	const struct novec *nv;
	struct source *s;

	for (nv = sc->novec; nv < sc->novec + sc->nnovec; nv++) {
		if (!(nv->d.flags & DIAG_PERM))
			continue;
		sc->vectors++; /* one, not read: --check's count */
		if (sc->r->o->printer->failure == NULL) {
			sc->perm++;
			continue;
		}
		s = novec_source(sc->r, nv);
		run_failure_object(sc->r, s, &nv->d);
		src_close(s);
	}
	sc->nnovec = 0;
}

/*
 * One process of -a or -C, as scan_all hands it over (arg: the struct
 * run_scan).  A process that has gone since the list was made is passed
 * over.  So are kernel threads and zombies, which have no vector: a
 * short-lived process of -C's names is a zombie at some moment, which
 * ps -C lists, and -C reports them only where no process of the names
 * had a vector auxv could read (report_novec), one it may not read
 * counting as none: the user asked for these processes and got no
 * vector.  One that could not be read is an error object where the
 * format has them, or else counted if we may not read it; but for -C,
 * whatever the format, a reason other than permission is a failed
 * source (its message, status 1).
 */
void
run_scan_one(void *arg, struct source *s, int rc, const struct diag *d)
{
	struct run_scan *sc = arg;
	const struct opts *o = sc->r->o;
	int named = o->comms != NULL && !o->watch;
	char msg[DIAG_MSG_MAX];

	if (rc == -1 &&
	    (d->flags & (DIAG_VANISHED | DIAG_EXITED)) == DIAG_VANISHED)
		return;
	sc->there++;
	if (rc == -1 && (d->flags & (DIAG_EXITED | DIAG_KTHREAD))) {
		if (named && sc->vectors == 0)
			keep_novec(sc, s, d);
		return;
	}
	/* Whether another process of the names has a vector is not known. */
	if (named && sc->vectors == 0 && rc == -1 && (d->flags & DIAG_PERM)) {
		keep_novec(sc, s, d);
		return;
	}
	if (named && sc->vectors == 0)
		pass_novec(sc);
	sc->vectors++;
	if (rc == 0) {
		sc->shown++;
		run_show(sc->r, s);
	} else if (o->printer->failure != NULL &&
	    (o->comms == NULL || (d->flags & DIAG_PERM)))
		run_failure_object(sc->r, s, d);
	else if (d->flags & DIAG_PERM)
		sc->perm++;
	else if (named)
		run_failed(sc->r, s, d);
	else
		/* Said, not counted: -a's status is not a process's. */
		sc->r->say_name(
		    sc->r, s->vec.label, diag_message(d, msg, sizeof(msg)));
}

/* The processes counted, not shown, for want of permission: one line. */
static void
say_perm(const struct run_scan *sc)
{
	if (sc->perm > 0) {
		out_flush(&sc->r->out);
		sc->r->say(0, "%lu process%s not readable: permission denied",
		    sc->perm, sc->perm == 1 ? "" : "es");
	}
}

/*
 * --check of -a or -C, which shows nothing of the processes that hold
 * to every rule: how many there were, failed and could not be read, for
 * someone at a terminal (a script has the exit status and the lines).
 */
static void
say_checked(const struct run_scan *sc)
{
	struct run *r = sc->r;

	out_flush(&r->out);
	r->say(0, "--check: %zu process%s, %lu failed, %zu not readable",
	    sc->vectors, sc->vectors == 1 ? "" : "es", r->checkfail,
	    sc->vectors - sc->shown);
}

/*
 * The objects of a JSON Lines file, the first already read into s (rc
 * and *d as src_file() left them), each shown as -a shows a process:
 * labelled by its pid, a saved failure an error object, or counted, or
 * said, and never the file's failure.  What is not auxv's JSON ends the
 * file, a failure; so does dm, where the text after the first could not
 * be read.
 */
void
run_objects(struct run *r, struct source *s, int rc, struct diag *d,
    const struct diag *dm)
{
	struct run_scan sc = { .r = r };
	const char *path = s->vec.label;

	/*
	 * Raw vectors one after another would read back as the first; a
	 * file whose text after its first object could not be read is that
	 * failure, not a file of several.
	 */
	if (r->o->printer->flags & PR_BINARY) {
		if (dm == NULL)
			diag_set(d, EINVAL,
			    "several objects: -o raw writes one; choose it "
			    "with --pid");
		run_failed(r, s, dm != NULL ? dm : d);
		return;
	}
	r->objects = r->c.multi = 1;
	for (;;) {
		if (rc == -1 && !(d->flags & DIAG_SAVED)) {
			s->vec.label = path;
			run_failed(r, s, d);
			break;
		}
		if (s->vec.pid > 0) {
			snprintf(s->label, sizeof(s->label), "%ld",
			    (long)s->vec.pid);
			s->vec.label = s->label;
		} else
			s->vec.label = path;
		run_scan_one(&sc, s, rc, d);
		if (dm != NULL) {
			s->vec.label = path;
			run_failed(r, s, dm);
			break;
		}
		if ((rc = json_read_next(s, d)) == 1)
			break;
	}
	say_perm(&sc);
	r->objects = 0;
	/* Kept only for -C's names, which a file has none of. */
	if (sc.novec != NULL)
		free(sc.novec);
}

/*
 * Every process, in ascending PID order, or with -C those of the names
 * given, each as run_scan_one() has it; those we may not read are
 * counted for one summary line.  -1 where /proc could not be read or -C
 * found no process of the names (said); whether a process's failure
 * fails the run is run_processes()'s to say, from r->failed and
 * r->checkfail.
 */
static int
run_scan(struct run *r)
{
	const struct opts *o = r->o;
	struct run_scan sc = { .r = r };
	int res = 0;

	if (scan_all(o, run_scan_one, &sc) == -1) {
		out_flush(&r->out);
		r->say(errno, "%s", PROC_ROOT);
		res = -1;
	} else if (o->comms != NULL && sc.there == 0) {
		r->say_name(r, o->comms, "no process of that name");
		res = -1;
	} else {
		if (sc.vectors == 0)
			report_novec(&sc);
		/* Counted where the format has no object for a failure only. */
		say_perm(&sc);
		if (o->check && r->say_tty())
			say_checked(&sc);
	}
	/* Not free(NULL): a first call binds free, and here is nothing. */
	if (sc.novec != NULL)
		free(sc.novec);
	return res;
}

/*
 * The processes -a, -C or -w name, as the options ask: 0, or 1 where the
 * run failed.  -C, asked for processes by name, fails where one could not
 * be shown or failed a rule; -a --check where a process fails a rule, not
 * where one could not be read (exec in progress, on a busy machine), as
 * -a.
 */
int
run_processes(struct run *r)
{
	const struct opts *o = r->o;

	if (o->proc_err != NULL) {
		r->say(0, "%s: %s",
		    o->watch ? "-w" : (o->comms != NULL ? "-C" : "-a"),
		    o->proc_err);
		return 1;
	}
	if (o->watch)
		return run_watch(r) == -1;
	if (run_scan(r) == -1)
		return 1;
	if (o->comms != NULL)
		return r->failed > 0 || r->checkfail > 0;
	return o->check && r->checkfail > 0;
}
