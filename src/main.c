/*
 * auxv: show the ELF auxiliary vector of this process, of other
 * processes, of a saved vector or core, or of a command about to run.
 *
 * Options, the loop over sources and the exit status live here; this is
 * the only file that writes to standard error or exits.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch.h"
#include "args.h"
#include "decode.h"
#include "esc.h"
#include "opts.h"
#include "print.h"
#include "scan.h"
#include "source.h"

#ifndef AUXV_VERSION
#define AUXV_VERSION "unknown"
#endif

#define NITEMS(a) (sizeof(a) / sizeof((a)[0]))

enum { AUXV_EXIT_OK = 0, AUXV_EXIT_SOURCE = 1, AUXV_EXIT_USAGE = 2 };

enum {
	OPT_JSON = 256,
	OPT_OD,
	OPT_VALUE,
	OPT_ARCH,
	OPT_WORDSIZE,
	OPT_ENDIAN,
	OPT_VERSION,
};

/* A source named on the command line, in the order given. */
struct srcarg {
	const char *arg;
	int file;
};

/*
 * Everything one source needs while it is shown, and the output buffer:
 * one static object in main, zero-filled by the loader, pages touched
 * only as used.  No allocation on the way of a vector.
 */
struct work {
	struct out out;
	struct out err; /* standard error, for messages naming a source */
	struct source src;
	struct strpool pool;
	struct decoded dec[AUXV_MAX_ENTRIES];
};

/* What the loop over sources tallies for the exit status. */
struct tally {
	int status;
	unsigned long perm; /* -a: processes not ours to read */
};

/* The short options; "f:" takes an argument. */
static const char shortopts[] = "af:ehk:o:v";

static const struct args_long longopts[] = {
	{ "all", ARGS_NO_ARG, 'a' },
	{ "arch", ARGS_NEEDS_ARG, OPT_ARCH },
	{ "endian", ARGS_NEEDS_ARG, OPT_ENDIAN },
	{ "exec", ARGS_NO_ARG, 'e' },
	{ "file", ARGS_NEEDS_ARG, 'f' },
	{ "format", ARGS_NEEDS_ARG, 'o' },
	{ "help", ARGS_NO_ARG, 'h' },
	{ "json", ARGS_NO_ARG, OPT_JSON },
	{ "key", ARGS_NEEDS_ARG, 'k' },
	{ "od", ARGS_NO_ARG, OPT_OD },
	{ "value", ARGS_NO_ARG, OPT_VALUE },
	{ "verbose", ARGS_NO_ARG, 'v' },
	{ "version", ARGS_NO_ARG, OPT_VERSION },
	{ "word-size", ARGS_NEEDS_ARG, OPT_WORDSIZE },
};

static const char synopsis[] =
    "usage: auxv [-v] [-o format] [-k key[,key...]] [--value] [PID ...]\n"
    "       auxv -a [-v] [-o format] [-k key[,key...]]\n"
    "       auxv -f file [--arch arch] [--word-size 4|8]"
    " [--endian little|big] [...]\n"
    "       auxv [options] -e command [arg ...]\n";

static const char help[] =
    "Show the ELF auxiliary vector of this process, of processes, of a\n"
    "saved vector or core dump, or of a command about to run.\n"
    "\n"
    "Sources (default: this process):\n"
    "  PID...                 /proc/PID/auxv of each process\n"
    "  -a, --all              every process in /proc\n"
    "  -f, --file FILE        a raw vector or an ELF core dump; - is stdin\n"
    "  -e, --exec CMD [ARG]   the vector CMD receives; stops it before it\n"
    "                         runs (ends option parsing)\n"
    "\n"
    "Output:\n"
    "  -o, --format FORMAT    human (default), od, json or raw\n"
    "      --json             same as -o json\n"
    "      --od               same as -o od\n"
    "  -k, --key KEY[,KEY]    only these types: AT_PAGESZ, PAGESZ, 6, 0x6\n"
    "      --value            only the value of each kept entry\n"
    "  -v, --verbose          describe each type\n"
    "\n"
    "Decoding:\n"
    "      --arch ARCH        HWCAP tables and AT_ names of ARCH (uname -m)\n"
    "      --word-size 4|8    word size of a raw file (default: host's)\n"
    "      --endian little|big  byte order of a raw file (default: host's)\n"
    "\n"
    "  -h, --help             show this help\n"
    "      --version          show the version\n"
    "\n"
    "Exit status: 0 all sources read, 1 a source failed or a --value key\n"
    "was absent, 2 usage error.  See auxv(1).\n";

/* Bytes to a descriptor, for the messages that don't go through warnx. */
static void
put_mem(int fd, const char *s, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, s, len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		s += n;
		len -= (size_t)n;
	}
}

static void
put_fd(int fd, const char *s)
{
	put_mem(fd, s, strlen(s));
}

static void __attribute__((noreturn)) usage(void)
{
	put_fd(STDERR_FILENO, synopsis);
	exit(AUXV_EXIT_USAGE);
}

static void __attribute__((noreturn))
unknown_arch(struct out *err, const char *name)
{
	const struct arch *a;
	size_t i;

	out_str(err, program_invocation_short_name);
	out_str(err, ": ");
	esc_human(err, name, strlen(name));
	out_str(err, ": unknown architecture; known:");
	for (i = 0; (a = arch_at(i)) != NULL; i++)
		if (arch_by_name(a->name) == a) {
			out_char(err, ' ');
			out_str(err, a->name);
		}
	out_char(err, '\n');
	out_flush(err);
	usage();
}

/* A long option's name, quoted; its array holds no NUL when it is full. */
static void
put_long(int fd, const struct args_long *lo)
{
	put_fd(fd, "'--");
	put_mem(fd, lo->name, name_len(lo->name, sizeof(lo->name)));
	put_fd(fd, "'");
}

/*
 * A parse error, worded as getopt_long(3) words it and prefixed, as it
 * is, with argv[0] unchanged.
 */
static void __attribute__((noreturn)) bad_option(const struct args *a, int rc)
{
	const int fd = STDERR_FILENO;
	const char letter = (char)a->letter;
	size_t i;

	put_fd(fd, a->argv[0]);
	put_fd(fd, ": ");
	switch (rc) {
	case ARGS_BAD_SHORT:
		put_fd(fd, "invalid option -- '");
		put_mem(fd, &letter, 1);
		put_fd(fd, "'\n");
		break;
	case ARGS_MISSING:
		if (a->longidx < 0) {
			put_fd(fd, "option requires an argument -- '");
			put_mem(fd, &letter, 1);
			put_fd(fd, "'\n");
			break;
		}
		put_fd(fd, "option ");
		put_long(fd, &a->longs[a->longidx]);
		put_fd(fd, " requires an argument\n");
		break;
	case ARGS_UNWANTED:
		put_fd(fd, "option ");
		put_long(fd, &a->longs[a->longidx]);
		put_fd(fd, " doesn't allow an argument\n");
		break;
	case ARGS_UNKNOWN:
		put_fd(fd, "unrecognized option '--");
		put_fd(fd, a->opt);
		put_fd(fd, "'\n");
		break;
	default: /* ARGS_AMBIGUOUS */
		put_fd(fd, "option '--");
		put_fd(fd, a->opt);
		put_fd(fd, "' is ambiguous; possibilities:");
		for (i = 0; i < a->nlong; i++)
			if (args_candidate(a, i)) {
				put_fd(fd, " ");
				put_long(fd, &a->longs[i]);
			}
		put_fd(fd, "\n");
		break;
	}
	usage();
}

/*
 * "auxv: WHAT: REASON" where WHAT is untrusted (a file or command name,
 * a process's label): escaped as in human output, so that no escape
 * sequence reaches the terminal.  What was written to stdout goes first.
 */
static void
warn_name(struct work *w, const char *what, const char *reason)
{
	out_flush(&w->out);
	out_str(&w->err, program_invocation_short_name);
	out_str(&w->err, ": ");
	esc_human(&w->err, what, strlen(what));
	out_str(&w->err, ": ");
	out_str(&w->err, reason);
	out_char(&w->err, '\n');
	out_flush(&w->err);
}

/*
 * -k KEY[,KEY...]: an empty key is an error (an empty $KEYS in a script
 * must not select everything), a repeated one counts once.
 */
static void
add_keys(struct work *w, struct opts *o, char *arg)
{
	char *key, *next;
	uint64_t t;
	size_t i;

	for (key = arg;; key = next + 1) {
		if ((next = strchr(key, ',')) != NULL)
			*next = '\0';
		if (*key == '\0') {
			warnx("-k: empty key");
			usage();
		}
		if (at_key(key, &t) == -1) {
			warn_name(w, key, "unknown key");
			usage();
		}
		for (i = 0; i < o->nkeys && o->keys[i] != t; i++)
			;
		if (i == o->nkeys) {
			if (o->nkeys == AUXV_MAX_KEYS) {
				warnx("too many keys (at most %d)",
				    AUXV_MAX_KEYS);
				usage();
			}
			o->keys[o->nkeys++] = t;
		}
		if (next == NULL)
			break;
	}
}

static int
parse_pid(const char *s, pid_t *pid)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v <= 0 || v > 0x3fffffff)
		return -1;
	*pid = (pid_t)v;
	return 0;
}

static int
key_wanted(const struct opts *o, uint64_t type)
{
	size_t i;

	if (o->nkeys == 0)
		return 1;
	for (i = 0; i < o->nkeys; i++)
		if (o->keys[i] == type)
			return 1;
	return 0;
}

/* With --value, every key must be in the vector. */
static int
keys_present(const struct opts *o, const struct auxv_vec *v)
{
	size_t i, j;

	for (i = 0; i < o->nkeys; i++) {
		for (j = 0; j < v->nent; j++)
			if (v->ent[j].type == o->keys[i])
				break;
		if (j == v->nent)
			return 0;
	}
	return 1;
}

/*
 * A source that could not be read: an object in the formats that have a
 * form for it, and a message.  Only what was printed counts as a block
 * for the blank line between blocks.
 */
static void
failed(struct work *w, const struct source *s, struct pr_ctx *c,
    const struct opts *o, const struct diag *d, struct tally *t)
{
	char msg[160];

	diag_message(d, msg, sizeof(msg));
	if (o->printer->failure != NULL) {
		pr_failure(o->printer, &w->out, c, &s->vec, d, msg);
		c->first = 0;
	}
	warn_name(w, s->vec.label, msg);
	t->status = AUXV_EXIT_SOURCE;
}

/*
 * Shows one opened source: parses its bytes, keeps the wanted entries,
 * decodes and prints them.  A vector that breaks off is shown up to the
 * break and then reported.
 */
static void
show(struct work *w, struct source *s, struct pr_ctx *c, const struct opts *o,
    struct tally *t)
{
	struct auxv_vec *v = &s->vec;
	struct diag d = { 0 };
	char msg[160];
	size_t i, n = 0;
	int bad;

	if (o->arch != NULL)
		v->arch = o->arch;
	else
		v->arch = arch_by_elf(v->machine, v->wordsize, v->bigendian);
	bad = vec_parse(v, AUXV_MAX_ENTRIES, &d) == -1;
	if (bad)
		diag_message(&d, msg, sizeof(msg));
	if (bad && v->nent == 0 && (o->printer->flags & PR_DECODE)) {
		failed(w, s, c, o, &d, t);
		return;
	}
	if (o->printer->flags & PR_DECODE) {
		w->pool.used = 0;
		for (i = 0; i < v->nent; i++)
			if (key_wanted(o, v->ent[i].type))
				decode_entry(
				    v, &v->ent[i], &w->dec[n++], &w->pool);
	}
	c->partial = bad ? &d : NULL;
	c->partial_msg = msg;
	o->printer->vector(&w->out, c, v, w->dec, n);
	c->first = 0;
	if (bad) {
		warn_name(w, v->label, msg);
		t->status = AUXV_EXIT_SOURCE;
	} else if (o->value_only && !keys_present(o, v))
		t->status = AUXV_EXIT_SOURCE;
}

static int
pid_cmp(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return (x > y) - (x < y);
}

/* What show_one needs besides the source. */
struct all {
	struct work *w;
	struct pr_ctx *c;
	const struct opts *o;
	struct tally *t;
};

/* One process of -a, as scan_pids hands it over. */
static void
show_one(void *arg, struct source *s, int rc, const struct diag *d)
{
	struct all *a = arg;

	if (rc == 0)
		show(a->w, s, a->c, a->o, a->t);
	else if (d->flags & (DIAG_VANISHED | DIAG_KTHREAD)) {
		/* Not a process with a vector: say nothing. */
	} else if (a->o->printer->failure != NULL) {
		char msg[160];

		diag_message(d, msg, sizeof(msg));
		pr_failure(a->o->printer, &a->w->out, a->c, &s->vec, d, msg);
	} else if (d->flags & DIAG_PERM)
		a->t->perm++;
	else
		failed(a->w, s, a->c, a->o, d, a->t);
}

/*
 * Every process in /proc, in ascending PID order.  Kernel threads and
 * processes that vanish are passed over; those we may not read are
 * counted for one summary line (an error object each in JSON).
 */
static int
show_all(
    struct work *w, struct pr_ctx *c, const struct opts *o, struct tally *t)
{
	pid_t *pids = NULL, *np, pid;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *dir;

	if (o->proc_err != NULL) {
		out_flush(&w->out);
		warnx("-a: %s", o->proc_err);
		return AUXV_EXIT_SOURCE;
	}
	if ((dir = opendir("/proc")) == NULL) {
		warn("/proc");
		return AUXV_EXIT_SOURCE;
	}
	errno = 0;
	while ((de = readdir(dir)) != NULL) {
		if (parse_pid(de->d_name, &pid) == -1)
			continue;
		if (n == cap) {
			/* realloc: reallocarray would cost a version check. */
			if (cap > SIZE_MAX / 2 / sizeof(*pids)) {
				errno = ENOMEM;
				err(AUXV_EXIT_SOURCE, NULL);
			}
			cap = cap ? 2 * cap : 1024;
			if ((np = realloc(pids, cap * sizeof(*pids))) == NULL)
				err(AUXV_EXIT_SOURCE, NULL);
			pids = np;
		}
		pids[n++] = pid;
	}
	if (errno != 0) {
		warn("/proc");
		closedir(dir);
		free(pids);
		return AUXV_EXIT_SOURCE;
	}
	closedir(dir);
	if (n > 0)
		qsort(pids, n, sizeof(*pids), pid_cmp);
	c->multi = 1;
	if (scan_pids(pids, n, o, show_one, &(struct all){ w, c, o, t }) == -1)
		err(AUXV_EXIT_SOURCE, NULL);
	free(pids);
	if (t->perm > 0 && o->printer->failure == NULL) {
		out_flush(&w->out);
		warnx("%lu process%s not readable: permission denied", t->perm,
		    t->perm == 1 ? "" : "es");
	}
	return AUXV_EXIT_OK;
}

/* As util-linux close_stdout(): a failed write is an error at exit. */
static int
close_stdout(struct out *out, int status)
{
	if (out_flush(out) == -1) {
		if (out->err == EPIPE)
			return status;
		errno = out->err;
		warn("write error");
		return AUXV_EXIT_SOURCE;
	}
	return status;
}

/* Room for one more source; allocated only when there are sources. */
static struct srcarg *
add_src(struct srcarg **srcs, size_t n, int argc)
{
	if (*srcs == NULL &&
	    (*srcs = calloc((size_t)argc, sizeof(**srcs))) == NULL)
		err(AUXV_EXIT_SOURCE, NULL);
	return &(*srcs)[n];
}

int
main(int argc, char *argv[], char *envp[])
{
	struct opts o = { .printer = &pr_human, .endian = -1 };
	struct srcarg *srcs = NULL;
	struct tally t = { 0 };
	struct pr_ctx c = { 0 };
	struct diag d = { 0 };
	struct args a = { .shorts = shortopts,
		.longs = longopts,
		.nlong = NITEMS(longopts),
		.argc = argc,
		.argv = argv,
		.ind = 1 };
	size_t nsrc = 0, i;
	static struct work work;
	struct work *w = &work;
	int ch, exec = 0;
	pid_t pid = 0;

	out_init(&w->out, STDOUT_FILENO);
	out_init(&w->err, STDERR_FILENO);
	/* Before anything is opened: a file opened now would be fd 0. */
	o.stdin_closed = fcntl(STDIN_FILENO, F_GETFD) == -1;
	/* Sources come back in order; without arguments there is
	 * nothing to parse. */
	while (argc > 1 && (ch = args_next(&a)) != ARGS_END) {
		/* In "-ev cmd", the letters after e would be options. */
		if (ch == 'e' && a.group != NULL) {
			warnx("-e must end its group of options");
			usage();
		}
		switch (ch) {
		case ARGS_OPERAND:
			if (parse_pid(a.arg, &pid) == -1) {
				warn_name(w, a.arg, "not a process ID");
				usage();
			}
			*add_src(&srcs, nsrc++, argc) =
			    (struct srcarg){ a.arg, 0 };
			break;
		case 'a':
			o.all = 1;
			break;
		case 'e':
			exec = 1;
			goto done; /* COMMAND's own options are not ours. */
		case 'f':
			*add_src(&srcs, nsrc++, argc) =
			    (struct srcarg){ a.arg, 1 };
			break;
		case 'h':
			out_str(&w->out, synopsis);
			out_char(&w->out, '\n');
			out_str(&w->out, help);
			free(srcs);
			return close_stdout(&w->out, AUXV_EXIT_OK);
		case 'k':
			add_keys(w, &o, a.arg);
			break;
		case 'o':
			if ((o.printer = pr_by_name(a.arg)) == NULL) {
				warn_name(w, a.arg,
				    "unknown format (human, od, json, raw)");
				usage();
			}
			break;
		case 'v':
			o.verbose = 1;
			break;
		case OPT_JSON:
			o.printer = &pr_json;
			break;
		case OPT_OD:
			o.printer = &pr_od;
			break;
		case OPT_VALUE:
			o.value_only = 1;
			break;
		case OPT_ARCH:
			if ((o.arch = arch_by_name(a.arg)) == NULL)
				unknown_arch(&w->err, a.arg);
			break;
		case OPT_WORDSIZE:
			if (strcmp(a.arg, "4") != 0 &&
			    strcmp(a.arg, "8") != 0) {
				warnx("%s: word size is 4 or 8", a.arg);
				usage();
			}
			o.wordsize = (unsigned int)(a.arg[0] - '0');
			break;
		case OPT_ENDIAN:
			if (strcmp(a.arg, "little") == 0)
				o.endian = 0;
			else if (strcmp(a.arg, "big") == 0)
				o.endian = 1;
			else {
				warnx("%s: byte order is little or big", a.arg);
				usage();
			}
			break;
		case OPT_VERSION:
			out_str(&w->out, "auxv " AUXV_VERSION "\n");
			free(srcs);
			return close_stdout(&w->out, AUXV_EXIT_OK);
		default:
			bad_option(&a, ch);
		}
	}
	/* After "--", the rest are process IDs. */
	for (; a.ind < argc; a.ind++) {
		if (parse_pid(argv[a.ind], &pid) == -1) {
			warn_name(w, argv[a.ind], "not a process ID");
			usage();
		}
		*add_src(&srcs, nsrc++, argc) =
		    (struct srcarg){ argv[a.ind], 0 };
	}
done:
	if (exec && a.ind < argc && strcmp(argv[a.ind], "--") == 0)
		a.ind++;
	if (exec && a.ind >= argc) {
		warnx("-e needs a command");
		usage();
	}
	if ((exec || o.all) && nsrc > 0) {
		warnx("-%c takes no other source", exec ? 'e' : 'a');
		usage();
	}
	if (exec && o.all) {
		warnx("-e and -a exclude each other");
		usage();
	}
	if ((o.printer->flags & PR_BINARY) && isatty(STDOUT_FILENO)) {
		warnx("refusing to write raw bytes to a terminal");
		usage();
	}
	if (o.value_only && o.printer != &pr_human) {
		warnx("--value prints text: it takes no -o");
		usage();
	}
	if (o.nkeys > 0 && !(o.printer->flags & PR_DECODE)) {
		warnx("-k selects entries: -o %s shows whole bytes",
		    o.printer->name);
		usage();
	}
	for (i = 0; i < nsrc && srcs[i].file; i++)
		;
	if (o.all || exec || i < nsrc)
		o.proc_err = src_proc_check();
	o.deref = (o.printer->flags & PR_DECODE) != 0;
	c.opts = &o;
	c.first = 1;
	c.multi = nsrc > 1;
	src_init(&w->src);
	if (o.all)
		t.status = show_all(w, &c, &o, &t);
	else if (exec) {
		if (src_exec(&w->src, &o, argv + a.ind, &d) == -1)
			failed(w, &w->src, &c, &o, &d, &t);
		else
			show(w, &w->src, &c, &o, &t);
		/* Written while the child is still stopped: a signal that
		 * kills us in a blocked write must take it along. */
		out_flush(&w->out);
		src_close(&w->src);
	} else if (nsrc == 0) {
		if (src_self(&w->src, envp, (o.printer->flags & PR_PID) != 0,
		        &d) == -1)
			failed(w, &w->src, &c, &o, &d, &t);
		else
			show(w, &w->src, &c, &o, &t);
		src_close(&w->src);
	}
	for (i = 0; i < nsrc; i++) {
		int rc;

		src_init(&w->src);
		memset(&d, 0, sizeof(d));
		if (srcs[i].file)
			rc = src_file(&w->src, &o, srcs[i].arg, &d);
		else {
			(void)parse_pid(srcs[i].arg, &pid);
			rc = src_pid(&w->src, &o, pid, &d);
		}
		if (rc == -1)
			failed(w, &w->src, &c, &o, &d, &t);
		else
			show(w, &w->src, &c, &o, &t);
		src_close(&w->src);
	}
	if (srcs != NULL) /* free(NULL) would still cost a symbol lookup */
		free(srcs);
	return close_stdout(&w->out, t.status);
}
