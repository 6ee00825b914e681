/*
 * auxv: show the ELF auxiliary vector of this process, of other
 * processes, of a saved vector or core, or of a command about to run.
 *
 * Options, the loop over sources and the exit status live here; this is
 * the only file that writes to standard error or exits.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "args.h"
#include "bounds.h"
#include "diag.h"
#include "esc.h"
#include "opts.h"
#include "out.h"
#include "print.h"
#include "proc.h"
#include "run_diff.h"
#include "run_scan.h"
#include "run_show.h"

enum { AUXV_EXIT_OK = 0, AUXV_EXIT_SOURCE = 1, AUXV_EXIT_USAGE = 2 };

/* --diff's statuses, as cmp(1)'s: trouble includes a write error. */
enum { AUXV_EXIT_DIFF_DIFFERENT = 1, AUXV_EXIT_DIFF_TROUBLE = 2 };

/* -e's command not run, as env(1), nice(1) and timeout(1) say it. */
enum { AUXV_EXIT_NOEXEC = 126, AUXV_EXIT_NOCMD = 127 };

/* The command line, and the state of showing what it names. */
struct work {
	struct run r;
	struct opts o;
	struct srcarg *srcs; /* the sources named, in order */
	size_t nsrc;
};

/*
 * A message on standard error as warn(3) writes it, "auxv: " first
 * whatever name auxv was run by (argv[0] may hold any bytes), and
 * strerror(e) last where e is not 0, its capital lowered as in auxv's own
 * reasons: one write(2), and no stdio stream.
 */
static void __attribute__((format(printf, 2, 3)))
say(int e, const char *fmt, ...)
{
	char small[256], *buf = small, err[DIAG_MSG_MAX];
	struct iovec iov[5];
	va_list ap;
	size_t len;
	ssize_t w;
	int n;

	va_start(ap, fmt);
	/* clang-tidy 14's analyzer takes ap for uninitialized: it is not. */
	n = vsnprintf(small, sizeof(small), fmt, ap); // NOLINT(*valist*)
	va_end(ap);
	len = n > 0 ? (size_t)n : 0;
	/* A long name: formatted again where it fits whole, else cut. */
	if (len >= sizeof(small) && (buf = malloc(len + 1)) != NULL) {
		va_start(ap, fmt);
		(void)vsnprintf(buf, len + 1, fmt, ap);
		va_end(ap);
	} else if (len >= sizeof(small)) {
		buf = small;
		len = sizeof(small) - 1;
	}
	iov[0] = (struct iovec){ "auxv: ", 6 };
	iov[1] = (struct iovec){ buf, len };
	iov[2] = (struct iovec){ ": ", e != 0 && len > 0 ? 2 : 0 };
	iov[3] =
	    (struct iovec){ e != 0 ? diag_errtext(e, err, sizeof(err)) : "",
		    0 };
	iov[3].iov_len = strlen(iov[3].iov_base);
	iov[4] = (struct iovec){ "\n", 1 };
	/* Where standard error fails there is nobody left to tell. */
	w = writev(STDERR_FILENO, iov, 5);
	(void)w;
	if (buf != small)
		free(buf);
}

/* What failed (or nothing), errno's text, and exit status 1. */
static void __attribute__((noreturn)) die(const char *what)
{
	say(errno, "%s", what != NULL ? what : "");
	exit(AUXV_EXIT_SOURCE);
}

/*
 * After a usage error, where to read more, and exit status 2: the one line
 * that says what is wrong is not lost above a screen of synopsis.
 */
static void __attribute__((noreturn)) try_help_exit(void)
{
	static const char try[] = "Try 'auxv --help' for more information.\n";

	/* No stdio: its stderr would cost a symbol lookup at every start. */
	if (write(STDERR_FILENO, try, sizeof(try) - 1) == -1)
		exit(AUXV_EXIT_USAGE);
	exit(AUXV_EXIT_USAGE);
}

/* A usage error: what is wrong, as say() writes it, then --help's name. */
#define usage(...) (say(0, __VA_ARGS__), try_help_exit())

/*
 * "auxv: WHAT: REASON" where WHAT is untrusted (a file or command name,
 * a process's label): escaped as in human output, so that no escape
 * sequence reaches the terminal.  What was written to stdout goes first.
 */
static void
warn_name(struct run *r, const char *what, const char *reason)
{
	out_flush(&r->out);
	r->esc.len = 0;
	esc_human(&r->esc, what, strlen(what));
	say(0, "%.*s: %s", (int)r->esc.len, r->esc.buf, reason);
}

static void __attribute__((noreturn))
usage_name(struct work *w, const char *what, const char *reason)
{
	warn_name(&w->r, what, reason);
	try_help_exit();
}

/* A source option that an earlier one excludes is a usage error. */
static void
excl(int c, const char *arg, struct args_seen *seen)
{
	const char *why[2];

	if (args_excl(c, arg, seen, why) == -1)
		usage("%s and %s exclude each other", why[0], why[1]);
}

static struct srcarg *
add_src(struct work *w, int argc)
{
	if (w->srcs == NULL &&
	    (w->srcs = calloc((size_t)argc, sizeof(*w->srcs))) == NULL)
		die(NULL);
	return &w->srcs[w->nsrc++];
}

/*
 * As util-linux close_stdout(): a failed write is an error at exit,
 * status werr (1, or 2 for --diff as cmp(1) has it), a reader that went
 * away (EPIPE, SIGPIPE ignored) included: a script must not take a cut
 * output for a whole one.  Only -w, which runs until something ends it,
 * ends well when its reader goes (pipe_ok).
 */
static int
close_stdout(struct out *out, int status, int werr, int pipe_ok)
{
	if (out_flush(out) == 0 || (pipe_ok && out->err == EPIPE))
		return status;
	errno = out->err;
	say(errno, "write error");
	return werr;
}

/*
 * --pid N: the object of the last -f before it, which may have one only;
 * before any -f, held for the first (o->json_pid).
 */
static void
add_pid(struct work *w, char *arg)
{
	struct srcarg *sa = NULL;
	size_t i;
	int rc;

	for (i = w->nsrc; i > 0 && sa == NULL; i--)
		if (w->srcs[i - 1].kind == SRC_FILE)
			sa = &w->srcs[i - 1];
	if (sa != NULL && sa->pid != 0)
		usage_name(w, sa->arg, "a second --pid for this -f");
	if (sa == NULL && w->o.json_pid != 0)
		usage("a second --pid before -f");
	if ((rc = args_value(&w->o, OPT_PID, arg, &w->r.esc)) == -2)
		die(NULL);
	if (rc == -1)
		usage("%.*s", (int)w->r.esc.len, w->r.esc.buf);
	if (sa != NULL) {
		sa->pid = w->o.json_pid;
		w->o.json_pid = 0;
	}
}

/* An operand: "self" or a process ID. */
static void
add_operand(struct work *w, int argc, char *arg, char *argv[])
{
	unsigned long pid;

	if (strcmp(arg, "self") == 0)
		*add_src(w, argc) =
		    (struct srcarg){ SRC_SELF, "self", argv, 0, argc };
	else if (args_num(arg, AUXV_PID_MAX, &pid) == 0)
		*add_src(w, argc) =
		    (struct srcarg){ SRC_PID, arg, NULL, (pid_t)pid, 0 };
	else
		usage_name(w, arg, "not a process ID");
}

/*
 * Fills w->o and w->srcs from the command line; exits for --help,
 * --version and usage errors.  -e ends the options: what follows is
 * COMMAND and its own.
 */
static void
parse_args(struct work *w, int argc, char *argv[])
{
	struct opts *o = &w->o;
	struct args_seen seen = { { NULL }, { NULL } };
	int c, at, rc;

	for (at = optind; (c = getopt_long(argc, argv, args_shortopts,
	                       args_longopts, NULL)) != -1;
	     at = optind) {
		excl(c, optarg, &seen);
		switch (c) {
		case OPT_OPERAND:
			add_operand(w, argc, optarg, argv);
			break;
		case 'a':
			o->all = 1;
			break;
		case 'e':
			/* In "-ev cmd", the letters after e would be ours. */
			if (optind == at)
				usage("-e must end its group of options");
			if (optind < argc && strcmp(argv[optind], "--") == 0)
				optind++;
			if (optind >= argc)
				usage("-e needs a command");
			*add_src(w, argc) = (struct srcarg){ SRC_EXEC,
				argv[optind], argv + optind, 0, 0 };
			return;
		case 'f':
			/* A --pid before any -f is the first -f's. */
			*add_src(w, argc) = (struct srcarg){ SRC_FILE, optarg,
				NULL, o->json_pid, 0 };
			o->json_pid = 0;
			break;
		case 'h':
			out_str(&w->r.out, args_synopsis);
			out_str(&w->r.out, args_help);
			exit(close_stdout(
			    &w->r.out, AUXV_EXIT_OK, AUXV_EXIT_SOURCE, 0));
		case OPT_PID:
			add_pid(w, optarg);
			break;
		case 'C':
		case 'k':
		case 'o':
		case OPT_ARCH:
		case OPT_COUNT:
		case OPT_ENDIAN:
		case OPT_WORDSIZE:
			if ((rc = args_value(o, c, optarg, &w->r.esc)) == -2)
				die(NULL);
			if (rc == -1)
				usage("%.*s", (int)w->r.esc.len, w->r.esc.buf);
			break;
		case 'v':
			o->verbose = 1;
			break;
		case 'w':
			o->watch = 1;
			o->all = 1;
			break;
		case OPT_JSON:
		case OPT_OD:
			o->printer = c == OPT_JSON ? &pr_json : &pr_od;
			break;
		case OPT_VALUE:
			o->value_only = 1;
			break;
		case OPT_CHECK:
			o->check = 1;
			break;
		case OPT_DIFF:
		case OPT_DIFF_ALL:
			o->diff = c == OPT_DIFF_ALL ? DIFF_ALL : DIFF_STABLE;
			break;
		case OPT_VERSION:
			out_str(&w->r.out, "auxv " AUXV_VERSION "\n");
			exit(close_stdout(
			    &w->r.out, AUXV_EXIT_OK, AUXV_EXIT_SOURCE, 0));
		default:
			args_bad_option(&w->r.esc, c, argv[at]);
			usage("%.*s", (int)w->r.esc.len, w->r.esc.buf);
		}
	}
	/* After "--", the rest are process IDs. */
	for (; optind < argc; optind++) {
		excl(OPT_OPERAND, argv[optind], &seen);
		add_operand(w, argc, argv[optind], argv);
	}
}

/* The checks that need the whole command line, and what it implies. */
static void
check_args(struct work *w)
{
	char why[DIAG_MSG_MAX];
	const char *no;
	size_t i, nfile = 0;

	for (i = 0; i < w->nsrc; i++)
		nfile += w->srcs[i].kind == SRC_FILE;
	if ((no = args_conflict(&w->o, w->nsrc, nfile, why, sizeof(why))))
		usage("%s", no);
	w->r.c.multi = args_settle(&w->o, w->nsrc, nfile);
}

/*
 * Standard input, output and error, where closed, are opened on
 * /dev/null, as musl does for a set-user-ID program: else the first
 * descriptor auxv opens (--watch's socket, a file) would take the place
 * of one, and what is written to standard output would go there.  Opened
 * for reading only, so that a write to a closed standard output or
 * error still fails with EBADF.  Whether standard input was closed, for
 * -f -.
 */
static int
open_std_fds(void)
{
	struct pollfd pfd[3] = { { STDIN_FILENO, 0, 0 },
		{ STDOUT_FILENO, 0, 0 }, { STDERR_FILENO, 0, 0 } };
	size_t i;

	if (poll(pfd, 3, 0) == -1)
		die("poll");
	for (i = 0; i < 3; i++)
		if ((pfd[i].revents & POLLNVAL) &&
		    open("/dev/null", O_RDONLY) != (int)i)
			die("/dev/null");
	return (pfd[0].revents & POLLNVAL) != 0;
}

/* Every source the arguments name (none: self), as the options ask. */
static int
show_sources(struct work *w, const struct srcarg *self)
{
	struct run *r = &w->r;
	size_t i;

	if (w->o.diff != DIFF_OFF)
		switch (run_diff(r, w->srcs)) {
		case RUN_DIFF_SAME:
			return AUXV_EXIT_OK;
		case RUN_DIFF_DIFFERENT:
			return AUXV_EXIT_DIFF_DIFFERENT;
		default:
			return AUXV_EXIT_DIFF_TROUBLE;
		}
	if (w->o.all)
		return run_processes(r) == 0 ? AUXV_EXIT_OK : AUXV_EXIT_SOURCE;
	if (w->nsrc == 0)
		run_source(r, self);
	for (i = 0; i < w->nsrc; i++)
		run_source(r, &w->srcs[i]);
	if (r->notrun != 0)
		return r->notrun & DIAG_NOCMD ? AUXV_EXIT_NOCMD
		                              : AUXV_EXIT_NOEXEC;
	return r->failed > 0 || r->checkfail > 0 ? AUXV_EXIT_SOURCE
	                                         : AUXV_EXIT_OK;
}

/* Asked only where it matters: a start pays no ioctl for it. */
static int
say_tty(void)
{
	return isatty(STDERR_FILENO);
}

/* The run's state, set where zero-filling is not enough. */
static void
init_run(struct work *w)
{
	struct run *r = &w->r;

	out_init(&r->out, STDOUT_FILENO);
	out_init(&r->esc, -1);
	out_init(&r->table.cell, -1);
	r->o = &w->o;
	r->say_name = warn_name;
	r->say = say;
	r->die = die;
	r->say_tty = say_tty;
	r->src[0].proc = &r->proc[0];
	r->src[1].proc = &r->proc[1];
}

int
main(int argc, char *argv[])
{
	static struct work work;
	struct work *w = &work;
	struct run *r = &w->r;
	const struct opts *o = &w->o; /* zero-filled, as work is */
	struct srcarg self = { SRC_SELF, "self", argv, 0, argc };
	int status;

	/*
	 * The bare auxv reads its own memory and opens no descriptor that
	 * could take a closed one's place (procmem.c keeps its pipe above
	 * them): the check is left to every other run.
	 */
	if (argc > 1)
		w->o.stdin_closed = open_std_fds();
	init_run(w);
	w->o.printer = &pr_human;
	w->o.endian = -1;
	w->o.arch_endian = -1;
	if (argc > 1) /* else there is nothing to parse */
		parse_args(w, argc, argv);
	r->c = (struct pr_ctx){
		.opts = o, .first = 1, .table = &r->table, .memo = &r->memo
	};
	check_args(w);
	status = show_sources(w, &self);
	/* What a format held to the end and could not print is a failure. */
	if (o->printer->finish != NULL &&
	    o->printer->finish(&r->out, &r->c) == -1) {
		out_flush(&r->out);
		say(errno, "-o %s", o->printer->name);
		status = AUXV_EXIT_SOURCE;
	}
	/* Not free(NULL): a first call binds free, and here is nothing. */
	if (w->srcs != NULL)
		free(w->srcs);
	if (o->comms != NULL)
		free(o->comms);
	return close_stdout(&r->out, status,
	    o->diff != DIFF_OFF ? AUXV_EXIT_DIFF_TROUBLE : AUXV_EXIT_SOURCE,
	    o->watch);
}
