/*
 * The AT_ table, built from at.def and indexed by type number.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "at.h"
#include "bounds.h"
#include "near.h"

static const struct at_type at_types[] = {
#define AT_X(num, name, form, fam, desc)                                       \
	[num] = { #name, desc, form, fam, sizeof(#name) - 1, sizeof(desc) - 1 },
#include "at.def"
#undef AT_X
};

/*
 * The type numbered t, if it is generic or one of the architecture
 * families fam defines it (AF_ALL: any); NULL means nobody names it and the
 * caller shows the number.
 */
const struct at_type *
at_lookup(uint64_t t, unsigned int fam)
{
	const struct at_type *a;

	if (t >= NITEMS(at_types) || at_types[t].name[0] == '\0')
		return NULL;
	a = &at_types[t];
	if (a->families != AF_ALL && (a->families & fam) == 0)
		return NULL;
	return a;
}

/*
 * Parses a -k key: AT_PAGESZ, PAGESZ, pagesz, 6 or 0x6.  Names are taken
 * whatever the architecture, so that AT_ADI_BLKSZ can be asked of a core.
 */
int
at_key(const char *s, uint64_t *t)
{
	char *end;
	size_t i;

	if (*s >= '0' && *s <= '9') {
		const char *digits = s;
		unsigned long long v;
		int base = 10;

		/* Decimal unless 0x: "010" is ten, as a user means it. */
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
			digits = s + 2;
			base = 16;
		}
		/* strtoull alone would take a sign or a space. */
		if (*digits == '\0' ||
		    strchr("0123456789abcdefABCDEF", *digits) == NULL)
			return -1;
		errno = 0;
		v = strtoull(digits, &end, base);
		if (errno != 0 || *end != '\0')
			return -1;
		*t = v;
		return 0;
	}
	if (strncasecmp(s, "AT_", 3) == 0)
		s += 3;
	for (i = 0; i < NITEMS(at_types); i++)
		if (at_types[i].name[0] != '\0' &&
		    strcasecmp(s, at_types[i].name) == 0) {
			*t = i;
			return 0;
		}
	return -1;
}

/*
 * The names nearest to a -k key that names no type, for the usage error
 * to suggest (-k PAGESIZE: AT_PAGESZ), into n.
 */
void
at_near(const char *s, struct near *n)
{
	size_t i;

	if (strncasecmp(s, "AT_", 3) == 0)
		s += 3;
	near_init(n, s, strlen(s));
	for (i = 0; i < NITEMS(at_types); i++)
		if (at_types[i].name[0] != '\0')
			near_try(n, at_types[i].name);
}
