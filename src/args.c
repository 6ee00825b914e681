/*
 * Command-line parsing, in argument order: "-abc" is a group of short
 * options, "-ofmt" and "-o fmt" give an argument, "--name=x" and
 * "--name x" a long option's, and a long name may be shortened to any
 * prefix that no other name shares.  "--" ends the options; "-" and
 * anything not starting with "-" come back as operands where they are.
 * The errors and their wording follow getopt_long(3).
 */
#include "args.h"

/* Whether the first len bytes of s begin the name of lo. */
static int
name_begins(const struct args_long *lo, const char *s, size_t len)
{
	size_t i;

	if (len > sizeof(lo->name))
		return 0;
	for (i = 0; i < len; i++)
		if (lo->name[i] != s[i])
			return 0;
	return 1;
}

static int
name_is(const struct args_long *lo, const char *s, size_t len)
{
	return name_begins(lo, s, len) &&
	    (len == sizeof(lo->name) || lo->name[len] == '\0');
}

/* After "--": an exact name wins, else one that the text begins. */
static int
long_option(struct args *a, char *s)
{
	const struct args_long *lo;
	size_t len, i, n = 0;

	for (len = 0; s[len] != '\0' && s[len] != '='; len++)
		continue;
	a->opt = s;
	a->optlen = len;
	a->longidx = -1;
	for (i = 0; i < a->nlong; i++) {
		if (name_is(&a->longs[i], s, len)) {
			a->longidx = (int)i;
			n = 1;
			break;
		}
		if (name_begins(&a->longs[i], s, len) && n++ == 0)
			a->longidx = (int)i;
	}
	if (n == 0)
		return ARGS_UNKNOWN;
	if (n > 1)
		return ARGS_AMBIGUOUS;
	lo = &a->longs[a->longidx];
	if (lo->has_arg == ARGS_NO_ARG) {
		if (s[len] == '=')
			return ARGS_UNWANTED;
	} else if (s[len] == '=')
		a->arg = s + len + 1;
	else if (a->ind < a->argc)
		a->arg = a->argv[a->ind++];
	else
		return ARGS_MISSING;
	return lo->id;
}

/* The letter's place in shorts, or NULL; ':' is never a letter. */
static const char *
short_spec(const char *shorts, int c)
{
	for (; *shorts != '\0'; shorts++)
		if (*shorts != ':' && (unsigned char)*shorts == c)
			return shorts;
	return NULL;
}

/*
 * The next option's letter or id, ARGS_OPERAND, ARGS_END, or an error
 * (ARGS_ values below -1) that leaves the state unfit to go on with.
 * Once a group's last letter is returned, group is NULL.
 */
int
args_next(struct args *a)
{
	const char *spec;
	char *s;

	a->arg = NULL;
	a->longidx = -1;
	if (a->group == NULL) {
		if (a->ind >= a->argc)
			return ARGS_END;
		s = a->argv[a->ind++];
		if (s[0] != '-' || s[1] == '\0') {
			a->arg = s;
			return ARGS_OPERAND;
		}
		if (s[1] == '-')
			return s[2] == '\0' ? ARGS_END : long_option(a, s + 2);
		a->group = s + 1;
	}
	a->letter = (unsigned char)*a->group++;
	if (*a->group == '\0')
		a->group = NULL;
	if ((spec = short_spec(a->shorts, a->letter)) == NULL)
		return ARGS_BAD_SHORT;
	if (spec[1] == ':') {
		if (a->group != NULL)
			a->arg = a->group;
		else if (a->ind < a->argc)
			a->arg = a->argv[a->ind++];
		else
			return ARGS_MISSING;
		a->group = NULL;
	}
	return a->letter;
}

/* Whether long option i is among those an ambiguous "--opt" begins. */
int
args_candidate(const struct args *a, size_t i)
{
	return i < a->nlong && name_begins(&a->longs[i], a->opt, a->optlen);
}
