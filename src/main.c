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
#include <locale.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "arch.h"
#include "at.h"
#include "bounds.h"
#include "esc.h"
#include "opts.h"
#include "out.h"
#include "print.h"
#include "proc.h"
#include "run_diff.h"
#include "run_scan.h"
#include "run_show.h"
#include "run_watch.h"

enum { AUXV_EXIT_OK = 0, AUXV_EXIT_SOURCE = 1, AUXV_EXIT_USAGE = 2 };

/* --diff's statuses, as cmp(1)'s: trouble includes a write error. */
enum { AUXV_EXIT_DIFF_DIFFERENT = 1, AUXV_EXIT_DIFF_TROUBLE = 2 };

enum {
	OPT_OPERAND = 1, /* getopt_long's code for an operand, with "-" */
	OPT_JSON = 256,
	OPT_OD,
	OPT_VALUE,
	OPT_ARCH,
	OPT_WORDSIZE,
	OPT_ENDIAN,
	OPT_VERSION,
	OPT_DIFF,
	OPT_DIFF_ALL,
	OPT_PID,
	OPT_COUNT,
	OPT_CHECK,
};

/* The command line, and the state of showing what it names. */
struct work {
	struct run r;
	struct opts o;
	struct srcarg *srcs; /* the sources named, in order */
	size_t nsrc;
};

/*
 * "-" first: operands come back in order, as code 1; then ":": a missing
 * argument is ':', told from an unknown option ('?').
 */
static const char shortopts[] = "-:aC:f:ehk:o:vw";

static const struct option longopts[] = {
	{ "all", no_argument, NULL, 'a' },
	{ "arch", required_argument, NULL, OPT_ARCH },
	{ "check", no_argument, NULL, OPT_CHECK },
	{ "count", required_argument, NULL, OPT_COUNT },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "diff-all", no_argument, NULL, OPT_DIFF_ALL },
	{ "endian", required_argument, NULL, OPT_ENDIAN },
	{ "exec", no_argument, NULL, 'e' },
	{ "file", required_argument, NULL, 'f' },
	{ "format", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "key", required_argument, NULL, 'k' },
	{ "od", no_argument, NULL, OPT_OD },
	{ "pid", required_argument, NULL, OPT_PID },
	{ "value", no_argument, NULL, OPT_VALUE },
	{ "verbose", no_argument, NULL, 'v' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "watch", no_argument, NULL, 'w' },
	{ "word-size", required_argument, NULL, OPT_WORDSIZE },
	{ NULL, 0, NULL, 0 },
};

/*
 * The options that name sources, and the groups of them that exclude each
 * other, as lscpu's excl[]: at most one option of a group may be given.
 * So -a, -C, -e and -w exclude every other source, but -C (a filter of
 * names) goes with -w; files and PIDs mix.
 */
enum {
	EXCL_FILE = 0x1,
	EXCL_PID = 0x2,
	EXCL_WFILE = 0x4,
	EXCL_WPID = 0x8,
	EXCL_ALL = 0xf,
	NEXCL = 4
};

static const struct srcopt {
	const char *name;
	int c;
	unsigned int excl; /* EXCL_*: the groups it is in */
} srcopts[] = {
	{ "-a", 'a', EXCL_ALL },
	{ "-C", 'C', EXCL_FILE | EXCL_PID },
	{ "-e", 'e', EXCL_ALL },
	{ "-f", 'f', EXCL_FILE | EXCL_WFILE },
	{ "-w", 'w', EXCL_WFILE | EXCL_WPID },
	{ "a process ID", OPT_OPERAND, EXCL_PID | EXCL_WPID },
};

static const char synopsis[] =
    "usage: auxv [-v] [-o format] [-k key[,key...]] [--value] [PID ...]\n"
    "       auxv -a [-v] [-o format] [-k key[,key...]]\n"
    "       auxv -C name[,name...] [-v] [-o format] [-k key[,key...]]\n"
    "       auxv -f file [--arch arch] [--word-size 4|8]"
    " [--endian little|big] [...]\n"
    "       auxv -w [-C name[,name...]] [--count n] [-v] [-o format]"
    " [-k key[,key...]]\n"
    "       auxv [options] -e command [arg ...]\n"
    "       auxv --diff|--diff-all [--json] A B\n"
    "       auxv --check [--json] [PID | -a | -C name | -f file | -e "
    "command]\n";

static const char help[] =
    "\n"
    "Show the ELF auxiliary vector of this process, of processes, of a\n"
    "saved vector or core dump, or of a command about to run.\n"
    "\n"
    "Sources (default: this process):\n"
    "  PID...                 /proc/PID/auxv of each process\n"
    "  -a, --all              every process in /proc\n"
    "  -C NAME[,NAME]         every process of these names (as ps -C)\n"
    "  -f, --file FILE        a raw vector, an ELF core dump or auxv's JSON;\n"
    "                         - is stdin\n"
    "      --pid PID          the object of PID in a JSON Lines -f file\n"
    "  -e, --exec CMD [ARG]   the vector CMD receives; stops it before it\n"
    "                         runs (ends option parsing)\n"
    "  -w, --watch            every program as it starts, until interrupted\n"
    "                         (with -C: those of these names); counts on\n"
    "                         stderr at the end\n"
    "      --count N          with -w: stop after N programs shown\n"
    "\n"
    "Output:\n"
    "  -o, --format FORMAT    human (default), od, json, raw or table\n"
    "      --json             same as -o json\n"
    "      --od               same as -o od\n"
    "  -k, --key KEY[,KEY]    only these types: AT_PAGESZ, PAGESZ, 6, 0x6\n"
    "      --value            only the value of each kept entry\n"
    "  -v, --verbose          describe each type\n"
    "      --diff A B         only what differs between two sources (PID,\n"
    "                         self, -f FILE); status 0 same, 1 different,\n"
    "                         2 trouble (a write error included)\n"
    "      --diff-all         the same, addresses and random bytes too\n"
    "      --check            hold each vector to its process and the\n"
    "                         kernel's rules: a line per rule, ok or FAIL;\n"
    "                         status 1 when one fails\n"
    "\n"
    "Decoding:\n"
    "      --arch ARCH        HWCAP tables and AT_ names of ARCH (uname -m)\n"
    "      --word-size 4|8    word size of a raw file (default: host's)\n"
    "      --endian little|big  byte order of a raw file (default: host's)\n"
    "\n"
    "  -h, --help             show this help\n"
    "      --version          show the version\n"
    "\n"
    "Exit status: 0 all sources read, 1 a source failed, a --value key\n"
    "was absent or output failed, 2 usage error.  See auxv(1).\n";

/*
 * A message on standard error as warn(3) writes it, "auxv: " first
 * whatever name auxv was run by (argv[0] may hold any bytes), and
 * strerror(e) last where e is not 0: one write(2), and no stdio stream.
 */
static void __attribute__((format(printf, 2, 3)))
say(int e, const char *fmt, ...)
{
	char small[256], *buf = small;
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
	iov[3] = (struct iovec){ e != 0 ? strerror(e) : "", 0 };
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

/* The synopsis after a usage error, and exit status 2. */
static void __attribute__((noreturn)) synopsis_exit(void)
{
	/* No stdio: its stderr would cost a symbol lookup at every start. */
	if (write(STDERR_FILENO, synopsis, sizeof(synopsis) - 1) == -1)
		exit(AUXV_EXIT_USAGE);
	exit(AUXV_EXIT_USAGE);
}

/* A usage error: what is wrong, as say() writes it, then the synopsis. */
#define usage(...) (say(0, __VA_ARGS__), synopsis_exit())

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
	synopsis_exit();
}

/*
 * -k KEY[,KEY...]: an empty key is an error (an empty $KEYS in a script
 * must not select everything), a repeated one counts once.
 */
static void
add_keys(struct work *w, struct opts *o, char *arg)
{
	char *key;
	uint64_t t;
	size_t i;

	while ((key = strsep(&arg, ",")) != NULL) {
		if (*key == '\0')
			usage("-k: empty key");
		if (at_key(key, &t) == -1)
			usage_name(w, key, "unknown key");
		for (i = 0; i < o->nkeys && o->keys[i] != t; i++)
			;
		if (i == AUXV_MAX_KEYS)
			usage("too many keys (at most %d)", AUXV_MAX_KEYS);
		if (i == o->nkeys)
			o->keys[o->nkeys++] = t;
	}
}

/*
 * -C NAME[,NAME...]: each -C adds its names to those of the others, as
 * with ps -C; an empty name is an error, as for -k.
 */
static void
add_comms(struct opts *o, const char *arg)
{
	size_t len, n;
	char *c;

	n = strlen(arg);
	if (n == 0 || arg[0] == ',' || arg[n - 1] == ',' ||
	    strstr(arg, ",,") != NULL)
		usage("-C: empty name");
	len = o->comms != NULL ? strlen(o->comms) : 0;
	if ((c = realloc(o->comms, len + n + 2)) == NULL)
		die(NULL);
	if (len > 0)
		c[len++] = ',';
	memcpy(c + len, arg, n + 1);
	o->comms = c;
}

static void __attribute__((noreturn))
unknown_arch(struct out *esc, const char *name)
{
	const struct arch *a;
	size_t i;

	esc->len = 0;
	esc_human(esc, name, strlen(name));
	out_str(esc, ": unknown architecture; known:");
	for (i = 0; (a = arch_at(i)) != NULL; i++)
		if (arch_by_name(a->name) == a) {
			out_char(esc, ' ');
			out_str(esc, a->name);
		}
	usage("%.*s", (int)esc->len, esc->buf);
}

/* The first source option of each group, and its name as given. */
struct seen {
	const struct srcopt *opt[NEXCL];
	const char *name[NEXCL];
};

/*
 * Refuses a source option that an earlier one of its groups excludes.
 * An operand is named as what it is: self is not a process ID.
 */
static void
check_excl(int c, const char *arg, struct seen *seen)
{
	const struct srcopt *so;
	const char *name;
	size_t i;

	for (so = srcopts; so < srcopts + NITEMS(srcopts) && so->c != c; so++)
		;
	if (so == srcopts + NITEMS(srcopts))
		return; /* not an option that names a source */
	name = c == OPT_OPERAND && strcmp(arg, "self") == 0 ? "self" : so->name;
	for (i = 0; i < NEXCL; i++) {
		if (!(so->excl & 1u << i))
			continue;
		if (seen->opt[i] == NULL) {
			seen->opt[i] = so;
			seen->name[i] = name;
		} else if (seen->opt[i] != so)
			usage("%s and %s exclude each other", seen->name[i],
			    name);
	}
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
 * getopt_long's complaint about arg, the element of argv it was reading
 * when it returned c ('?' or ':'), in auxv's words: opterr is 0, since
 * glibc would write argv[0] and the option's bytes as they are.  The
 * texts are glibc's; the option is escaped as a name in a message is.
 */
static void __attribute__((noreturn))
bad_option(struct work *w, int c, const char *arg)
{
	const struct option *lo, *first = NULL;
	const char *name = arg + 2;
	struct out *e = &w->r.esc;
	size_t len = strcspn(name, "="), more = 0;
	char ch = (char)optopt;

	e->len = 0;
	if (strncmp(arg, "--", 2) != 0) {
		out_str(e,
		    c == ':' ? "option requires an argument -- '"
		             : "invalid option -- '");
		esc_human(e, &ch, 1);
		out_char(e, '\'');
	} else if (c == ':' || optopt != 0) {
		/* Named as typed, up to its '=': an option it matched. */
		out_str(e, "option '--");
		esc_human(e, name, len);
		out_str(e,
		    c == ':' ? "' requires an argument"
		             : "' doesn't allow an argument");
	} else {
		/*
		 * Unknown, or ambiguous: glibc's rule (posix/getopt.c,
		 * process_long_option) lists the first option that the name
		 * begins and each other one that differs from it.
		 */
		for (lo = longopts; lo->name != NULL; lo++)
			if (strncmp(lo->name, name, len) == 0) {
				if (first == NULL)
					first = lo;
				else if (lo->has_arg != first->has_arg ||
				    lo->val != first->val)
					more++;
			}
		out_str(e, more > 0 ? "option '" : "unrecognized option '");
		esc_human(e, arg, strlen(arg));
		out_char(e, '\'');
		if (more > 0)
			out_str(e, " is ambiguous; possibilities:");
		for (lo = longopts; more > 0 && lo->name != NULL; lo++)
			if (strncmp(lo->name, name, len) == 0 &&
			    (lo == first || lo->has_arg != first->has_arg ||
			        lo->val != first->val)) {
				out_str(e, " '--");
				out_str(e, lo->name);
				out_char(e, '\'');
			}
	}
	usage("%.*s", (int)e->len, e->buf);
}

/*
 * A decimal number from 1 to max: a process ID, or --count N.  0, -1
 * where s is not a positive number, or -2 where it is digits alone but
 * greater than max.
 */
static int
parse_num(const char *s, unsigned long max, unsigned long *n)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*n = strtoul(s, &end, 10);
	if (*end != '\0' || (*n == 0 && errno == 0))
		return -1;
	return errno != 0 || *n > max ? -2 : 0;
}

/*
 * As util-linux close_stdout(): a failed write is an error at exit,
 * status werr (1, or 2 for --diff as cmp(1) has it).  A reader that went
 * away is not.
 */
static int
close_stdout(struct out *out, int status, int werr)
{
	if (out_flush(out) == 0 || out->err == EPIPE)
		return status;
	errno = out->err;
	say(errno, "write error");
	return werr;
}

/* An operand: "self" or a process ID. */
static void
add_operand(struct work *w, int argc, char *arg, char *envp[])
{
	unsigned long pid;

	if (strcmp(arg, "self") == 0)
		*add_src(w, argc) =
		    (struct srcarg){ SRC_SELF, "self", envp, 0 };
	else if (parse_num(arg, AUXV_PID_MAX, &pid) == 0)
		*add_src(w, argc) =
		    (struct srcarg){ SRC_PID, arg, NULL, (pid_t)pid };
	else
		usage_name(w, arg, "not a process ID");
}

/*
 * Fills w->o and w->srcs from the command line; exits for --help,
 * --version and usage errors.  -e ends the options: what follows is
 * COMMAND and its own.
 */
static void
parse_args(struct work *w, int argc, char *argv[], char *envp[])
{
	struct opts *o = &w->o;
	struct seen seen = { { NULL }, { NULL } };
	unsigned long n;
	char why[64];
	int c, at, rc;

	opterr = 0; /* bad_option() says what is wrong */
	for (at = optind;
	     (c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1;
	     at = optind) {
		check_excl(c, optarg, &seen);
		switch (c) {
		case OPT_OPERAND:
			add_operand(w, argc, optarg, envp);
			break;
		case 'a':
			o->all = 1;
			break;
		case 'C':
			add_comms(o, optarg);
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
				argv[optind], argv + optind, 0 };
			return;
		case 'f':
			*add_src(w, argc) =
			    (struct srcarg){ SRC_FILE, optarg, NULL, 0 };
			break;
		case 'h':
			out_str(&w->r.out, synopsis);
			out_str(&w->r.out, help);
			exit(close_stdout(
			    &w->r.out, AUXV_EXIT_OK, AUXV_EXIT_SOURCE));
		case 'k':
			add_keys(w, o, optarg);
			break;
		case 'o':
			if ((o->printer = pr_by_name(optarg)) == NULL)
				usage_name(w, optarg,
				    "unknown format (human, od, json, raw, "
				    "table)");
			break;
		case 'v':
			o->verbose = 1;
			break;
		case 'w':
			o->watch = 1;
			o->all = 1;
			break;
		case OPT_COUNT:
			if ((rc = parse_num(optarg, ULONG_MAX, &o->count)) ==
			    -1)
				usage_name(w, optarg,
				    "--count: not a positive number");
			if (rc == -2) {
				snprintf(why, sizeof(why),
				    "--count: too large (at most %lu)",
				    ULONG_MAX);
				usage_name(w, optarg, why);
			}
			break;
		case OPT_JSON:
		case OPT_OD:
			o->printer = c == OPT_JSON ? &pr_json : &pr_od;
			break;
		case OPT_VALUE:
			o->value_only = 1;
			break;
		case OPT_ARCH:
			if ((o->arch = arch_by_name(optarg)) == NULL)
				unknown_arch(&w->r.esc, optarg);
			break;
		case OPT_WORDSIZE:
			if (strcmp(optarg, "4") != 0 &&
			    strcmp(optarg, "8") != 0)
				usage("%s: word size is 4 or 8", optarg);
			o->wordsize = (unsigned int)(optarg[0] - '0');
			break;
		case OPT_ENDIAN:
			if (strcmp(optarg, "little") == 0)
				o->endian = 0;
			else if (strcmp(optarg, "big") == 0)
				o->endian = 1;
			else
				usage(
				    "%s: byte order is little or big", optarg);
			break;
		case OPT_PID:
			if (parse_num(optarg, AUXV_PID_MAX, &n) != 0)
				usage_name(w, optarg, "not a process ID");
			o->json_pid = (pid_t)n;
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
			    &w->r.out, AUXV_EXIT_OK, AUXV_EXIT_SOURCE));
		default:
			bad_option(w, c, argv[at]);
		}
	}
	/* After "--", the rest are process IDs. */
	for (; optind < argc; optind++) {
		check_excl(OPT_OPERAND, argv[optind], &seen);
		add_operand(w, argc, argv[optind], envp);
	}
}

/* The checks that need the whole command line. */
static void
check_args(struct work *w)
{
	struct opts *o = &w->o;
	unsigned int f = o->printer->flags;
	size_t i, nfile = 0;

	if ((f & PR_BINARY) && isatty(STDOUT_FILENO))
		usage("refusing to write raw bytes to a terminal");
	if (o->value_only && !(f & PR_VALUE))
		usage("--value prints text: it takes no -o");
	/* -a, -C and -w exclude every other source: with them, nsrc is 0. */
	if (o->diff && (w->nsrc != 2 || o->printer->diff == NULL))
		usage("--diff compares two sources, in human or json");
	if (o->check && o->printer->check == NULL)
		usage("--check shows its rules in human or json, not -o %s",
		    o->printer->name);
	if (o->check && (o->diff || o->watch || o->value_only || o->nkeys))
		usage("--check takes no --diff, -w, -k or --value");
	if (o->count > 0 && !o->watch)
		usage("--count counts the programs of -w");
	if (o->watch && !(f & PR_DECODE))
		usage("-w shows decoded vectors: -o %s shows whole bytes",
		    o->printer->name);
	for (i = 0; i < w->nsrc; i++)
		nfile += w->srcs[i].kind == SRC_FILE;
	/* Whether a -f file is JSON is known when it is read (src_file). */
	if (o->json_pid != 0 && nfile == 0)
		usage("--pid chooses an object of a JSON file: it needs -f");
	if (o->nkeys > 0 && !(f & PR_DECODE))
		usage("-k selects entries: -o %s shows whole bytes",
		    o->printer->name);
	/*
	 * The user's LC_CTYPE for the formats that count display columns
	 * alone: setlocale weighs on every run that calls it.
	 */
	if (f & PR_WIDTH)
		setlocale(LC_CTYPE, "");
	o->deref = (f & PR_DECODE) != 0;
	o->follow = (f & PR_FOLLOW) ||
	    (o->verbose && !o->value_only && (f & PR_FOLLOW_VERBOSE));
	/* Names where they are shown: JSON, and the headers of blocks. */
	w->r.c.multi = o->all || w->nsrc > 1;
	if (f & PR_PID)
		o->names = NAMES_EXE;
	else if ((f & PR_NAMES) || ((f & PR_DECODE) && w->r.c.multi))
		o->names = NAMES_COMM;
	if (o->all || nfile < w->nsrc)
		o->proc_err = proc_check(&o->proc_errno);
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

/* The sources -a, -C or -w name, as the options ask: the exit status. */
static int
show_scan(struct run *r)
{
	const struct opts *o = r->o;

	if (o->proc_err != NULL) {
		say(0, "%s: %s",
		    o->watch ? "-w" : (o->comms != NULL ? "-C" : "-a"),
		    o->proc_err);
		return AUXV_EXIT_SOURCE;
	}
	if (o->watch)
		return run_watch(r) == -1 ? AUXV_EXIT_SOURCE : AUXV_EXIT_OK;
	if (run_scan(r) != RUN_SCAN_DONE)
		return AUXV_EXIT_SOURCE;
	/*
	 * -C, asked for processes by name, fails where one could not be
	 * shown or failed a rule; -a --check where a process fails a rule,
	 * not where one could not be read (exec in progress, on a busy
	 * machine), as -a.
	 */
	if (o->comms != NULL)
		return r->failed > 0 || r->checkfail > 0 ? AUXV_EXIT_SOURCE
		                                         : AUXV_EXIT_OK;
	return o->check && r->checkfail > 0 ? AUXV_EXIT_SOURCE : AUXV_EXIT_OK;
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
		return show_scan(r);
	if (w->nsrc == 0)
		run_source(r, self);
	for (i = 0; i < w->nsrc; i++)
		run_source(r, &w->srcs[i]);
	return r->failed > 0 || r->checkfail > 0 ? AUXV_EXIT_SOURCE
	                                         : AUXV_EXIT_OK;
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
	r->src[0].proc = &r->proc[0];
	r->src[1].proc = &r->proc[1];
}

int
main(int argc, char *argv[], char *envp[])
{
	static struct work work;
	struct work *w = &work;
	struct run *r = &w->r;
	const struct opts *o = &w->o; /* zero-filled, as work is */
	struct srcarg self = { SRC_SELF, "self", envp, 0 };
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
	if (argc > 1) /* else there is nothing to parse */
		parse_args(w, argc, argv, envp);
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
	    o->diff != DIFF_OFF ? AUXV_EXIT_DIFF_TROUBLE : AUXV_EXIT_SOURCE);
}
