/*
 * The command line's words: the option tables, the help, and each check
 * of what the options say, a refusal worded for main.c to write.
 */
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch.h"
#include "args.h"
#include "at.h"
#include "bounds.h"
#include "esc.h"
#include "near.h"
#include "print.h"
#include "proc.h"

/*
 * "-" first: operands come back in order, as code 1; then ":": getopt says
 * nothing itself (args_bad_option() does), and a missing
 * argument is ':', told from an unknown option ('?').
 */
const char args_shortopts[] = "-:aC:f:ehk:o:vw";

const struct option args_longopts[] = {
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

const char args_synopsis[] =
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

const char args_help[] =
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
    "      --pid PID          of the JSON Lines -f before it, only the\n"
    "                         object of PID\n"
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
    "      --value            a value per line, in -k's order, hex as 0x\n"
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
    "was absent or output failed, 2 usage error, 126 -e's command not\n"
    "run, 127 not found (as env(1)).  See auxv(1).\n";

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
	EXCL_ALL = 0xf
};
_Static_assert(EXCL_ALL == (1u << ARGS_NEXCL) - 1, "a bit per group");

static const struct args_srcopt {
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

/* The message for --arch NAME that names no architecture, in esc. */
void
args_unknown_arch(struct out *esc, const char *name)
{
	const struct arch *a;
	size_t i;

	esc->len = 0;
	esc_human(esc, name, strlen(name));
	out_str(esc, ": unknown architecture; known:");
	for (i = 0; (a = arch_at(i)) != NULL; i++)
		if (arch_by_name(a->name, NULL) == a) {
			out_char(esc, ' ');
			out_str(esc, a->name);
		}
}

/*
 * Refuses a source option that an earlier one of its groups excludes.
 * An operand is named as what it is: self is not a process ID.  0, or -1
 * and the two options' names in why[0] and why[1].
 */
int
args_excl(int c, const char *arg, struct args_seen *seen, const char *why[2])
{
	const struct args_srcopt *so;
	const char *name;
	size_t i;

	for (so = srcopts; so < srcopts + NITEMS(srcopts) && so->c != c; so++)
		;
	if (so == srcopts + NITEMS(srcopts))
		return 0; /* not an option that names a source */
	name = c == OPT_OPERAND && strcmp(arg, "self") == 0 ? "self" : so->name;
	for (i = 0; i < ARGS_NEXCL; i++) {
		if (!(so->excl & 1u << i))
			continue;
		if (seen->opt[i] == NULL) {
			seen->opt[i] = so;
			seen->name[i] = name;
		} else if (seen->opt[i] != so) {
			why[0] = seen->name[i];
			why[1] = name;
			return -1;
		}
	}
	return 0;
}

/*
 * " (did you mean X?)" after a usage error's message, X each of the
 * names in n, prefix first: "X or Y", "X, Y or Z".
 */
static void
suggest(struct out *e, const struct near *n, const char *prefix)
{
	size_t i;

	for (i = 0; i < n->n; i++) {
		out_str(e,
		    i == 0              ? " (did you mean "
		        : i + 1 == n->n ? " or "
		                        : ", ");
		out_str(e, prefix);
		out_str(e, n->name[i]);
	}
	if (n->n > 0)
		out_str(e, "?)");
}

/*
 * getopt_long's complaint about arg, the element of argv it was reading
 * when it returned c ('?' or ':'), in auxv's words, into e for main.c:
 * the ':' that begins args_shortopts (after its '-') keeps getopt from
 * writing its own, argv[0] and the option's bytes as they are.  The texts are
 * glibc's; the option is escaped as a name in a message is.
 */
void
args_bad_option(struct out *e, int c, const char *arg)
{
	const struct option *lo, *first = NULL;
	const char *name = arg + 2;
	struct near n;
	size_t len = (size_t)(strchrnul(name, '=') - name), more = 0;
	char ch = (char)optopt;

	e->len = 0;
	if (strncmp(arg, "--", 2) != 0) {
		out_str(e,
		    c == ':' ? "option requires an argument -- '"
		             : "invalid option -- '");
		esc_human(e, &ch, 1);
		out_char(e, '\'');
	} else if (c == ':' || optopt != 0) {
		/*
		 * Named as typed, up to its '=', then the option it matched
		 * where the name was cut short (--ar: --arch).
		 */
		out_str(e, "option '--");
		esc_human(e, name, len);
		out_str(e,
		    c == ':' ? "' requires an argument"
		             : "' doesn't allow an argument");
		for (lo = args_longopts; lo->name != NULL; lo++)
			if (lo->val == optopt && strlen(lo->name) != len &&
			    strncmp(lo->name, name, len) == 0) {
				out_str(e, " (--");
				out_str(e, lo->name);
				out_char(e, ')');
				break;
			}
	} else {
		/*
		 * Unknown, or ambiguous: glibc's rule (posix/getopt.c,
		 * process_long_option) lists the first option that the name
		 * begins and each other one that differs from it.
		 */
		for (lo = args_longopts; lo->name != NULL; lo++)
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
		if (more == 0) {
			near_init(&n, name, len);
			for (lo = args_longopts; lo->name != NULL; lo++)
				near_try(&n, lo->name);
			suggest(e, &n, "--");
		} else
			out_str(e, " is ambiguous; possibilities:");
		for (lo = args_longopts; more > 0 && lo->name != NULL; lo++)
			if (strncmp(lo->name, name, len) == 0 &&
			    (lo == first || lo->has_arg != first->has_arg ||
			        lo->val != first->val)) {
				out_str(e, " '--");
				out_str(e, lo->name);
				out_char(e, '\'');
			}
	}
}

/*
 * A decimal number from 1 to max: a process ID, or --count N.  0, -1
 * where s is not a positive number, or -2 where it is digits alone but
 * greater than max.
 */
int
args_num(const char *s, unsigned long max, unsigned long *n)
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
 * The checks that need the whole command line, nsrc sources named of
 * which nfile are files: NULL, or why the options refuse each other
 * (in buf, or a constant).
 */
const char *
args_conflict(
    const struct opts *o, size_t nsrc, size_t nfile, char *buf, size_t size)
{
	unsigned int f = o->printer->flags;

	if ((f & PR_BINARY) && isatty(STDOUT_FILENO))
		return "refusing to write raw bytes to a terminal";
	if (o->value_only && !(f & PR_VALUE))
		return "--value prints text: it takes no -o";
	/* -a, -C and -w exclude every other source: with them, nsrc is 0. */
	if (o->diff != DIFF_OFF && (nsrc != 2 || o->printer->diff == NULL))
		return "--diff compares two sources, in human or json";
	if (o->diff != DIFF_OFF && o->value_only)
		return "--diff shows what differs: it takes no --value";
	/* Vectors one after another would read back as the first alone. */
	if ((f & PR_BINARY) && (o->all || nsrc > 1)) {
		snprintf(buf, size,
		    "-o %s writes one vector: it takes one source",
		    o->printer->name);
		return buf;
	}
	if (o->check && o->printer->check == NULL) {
		snprintf(buf, size,
		    "--check shows its rules in human or json, not -o %s",
		    o->printer->name);
		return buf;
	}
	if (o->check &&
	    (o->diff != DIFF_OFF || o->watch || o->value_only || o->nkeys))
		return "--check takes no --diff, -w, -k or --value";
	if (o->count > 0 && !o->watch)
		return "--count counts the programs of -w";
	if (o->watch && !(f & PR_DECODE)) {
		snprintf(buf, size,
		    "-w shows decoded vectors: -o %s shows whole bytes",
		    o->printer->name);
		return buf;
	}
	/* Whether a -f file is JSON is known when it is read (src_file). */
	if (o->json_pid != 0 && nfile == 0)
		return "--pid chooses an object of a JSON file: it needs -f";
	if (o->nkeys > 0 && !(f & PR_DECODE)) {
		snprintf(buf, size,
		    "-k selects entries: -o %s shows whole bytes",
		    o->printer->name);
		return buf;
	}
	return NULL;
}

/*
 * What the options imply, once they are all known: what is read of each
 * source, and the user's LC_CTYPE for the formats that count display
 * columns alone (setlocale weighs on every run that calls it).  Whether
 * there are several sources, to name each one.
 */
int
args_settle(struct opts *o, size_t nsrc, size_t nfile)
{
	unsigned int f = o->printer->flags;
	int multi = o->all || nsrc > 1;

	if (f & PR_WIDTH)
		setlocale(LC_CTYPE, "");
	o->deref = (f & PR_DECODE) != 0;
	o->follow = (f & PR_FOLLOW) ||
	    (o->verbose && !o->value_only && (f & PR_FOLLOW_VERBOSE));
	/* Names where they are shown: JSON, and the headers of blocks
	 * (human and od alike; -o raw takes one source). */
	if (f & PR_PID)
		o->names = NAMES_EXE;
	else if ((f & PR_NAMES) || multi)
		o->names = NAMES_COMM;
	if (o->all || nfile < nsrc)
		o->proc_err = proc_check(&o->proc_errno);
	return multi;
}

/* "NAME: REASON" in e, NAME escaped: -1. */
static int
refuse(struct out *e, const char *name, const char *reason)
{
	esc_human(e, name, strlen(name));
	out_str(e, ": ");
	out_str(e, reason);
	return -1;
}

/*
 * -C NAME[,NAME...]: each -C adds its names to those of the others, as
 * with ps -C; an empty name is an error, as for -k.  -2 where memory ran
 * out.
 */
static int
add_comms(struct opts *o, const char *arg, struct out *e)
{
	size_t len, n;
	char *c;

	n = strlen(arg);
	if (n == 0 || arg[0] == ',' || arg[n - 1] == ',' ||
	    strstr(arg, ",,") != NULL) {
		out_str(e, "-C: empty name");
		return -1;
	}
	len = o->comms != NULL ? strlen(o->comms) : 0;
	if ((c = realloc(o->comms, len + n + 2)) == NULL)
		return -2;
	if (len > 0)
		c[len++] = ',';
	memcpy(c + len, arg, n + 1);
	o->comms = c;
	o->all = 1;
	return 0;
}

/*
 * -k KEY[,KEY...]: an empty key is an error (an empty $KEYS in a script
 * must not select everything), a repeated one counts once.
 */
static int
add_keys(struct opts *o, char *arg, struct out *e)
{
	char *key;
	uint64_t t;
	size_t i;

	while ((key = strsep(&arg, ",")) != NULL) {
		if (*key == '\0') {
			out_str(e, "-k: empty key");
			return -1;
		}
		if (at_key(key, &t) == -1) {
			struct near n;

			refuse(e, key, "unknown key");
			at_near(key, &n);
			suggest(e, &n, "AT_");
			return -1;
		}
		for (i = 0; i < o->nkeys && o->keys[i] != t; i++)
			;
		if (i == AUXV_MAX_KEYS) {
			out_str(e, "too many keys (at most ");
			out_dec(e, AUXV_MAX_KEYS);
			out_char(e, ')');
			return -1;
		}
		if (i == o->nkeys)
			o->keys[o->nkeys++] = t;
	}
	return 0;
}

/*
 * The value arg of option c (-C, -k, -o, --arch, --word-size,
 * --endian, --count, --pid) into *o: 0, -1 and why in e, or -2 where
 * memory ran out (errno).
 */
int
args_value(struct opts *o, int c, char *arg, struct out *e)
{
	unsigned long n;
	int rc;

	e->len = 0;
	switch (c) {
	case 'C':
		return add_comms(o, arg, e);
	case 'k':
		return add_keys(o, arg, e);
	case 'o':
		if ((o->printer = pr_by_name(arg)) == NULL)
			return refuse(e, arg,
			    "unknown format (human, od, json, raw, table)");
		return 0;
	case OPT_ARCH:
		if ((o->arch = arch_by_name(arg, &o->arch_endian)) != NULL)
			return 0;
		args_unknown_arch(e, arg);
		return -1;
	case OPT_WORDSIZE:
		if (strcmp(arg, "4") != 0 && strcmp(arg, "8") != 0)
			return refuse(e, arg, "word size is 4 or 8");
		o->wordsize = (unsigned int)(arg[0] - '0');
		return 0;
	case OPT_ENDIAN:
		if (strcmp(arg, "little") != 0 && strcmp(arg, "big") != 0)
			return refuse(e, arg, "byte order is little or big");
		o->endian = arg[0] == 'b';
		return 0;
	case OPT_COUNT:
		if ((rc = args_num(arg, ULONG_MAX, &o->count)) == -1)
			return refuse(e, arg, "--count: not a positive number");
		if (rc == 0)
			return 0;
		refuse(e, arg, "--count: too large (at most ");
		out_dec(e, ULONG_MAX);
		out_char(e, ')');
		return -1;
	default:
		if (args_num(arg, AUXV_PID_MAX, &n) != 0)
			return refuse(e, arg, "not a process ID");
		o->json_pid = (pid_t)n;
		return 0;
	}
}
