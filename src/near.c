/*
 * Near misses: the edit distance between what was typed and each name
 * auxv knows, so that a usage error can say what was likely meant
 * (-k PAGESIZE: AT_PAGESZ; --jsno: --json), as git and dnf do.
 */
#include <string.h>

#include "diag.h"
#include "near.h"

/* A byte as an int, lowered, so that comparing two needs no narrowing. */
static int
fold(char c)
{
	return ascii_lower((unsigned char)c);
}

/*
 * The optimal string alignment distance between a (alen bytes) and b,
 * without case: an insertion, deletion, substitution or swap of two
 * neighbours ("jsno": "json") costs 1.  NEAR_MAX + 1 for words longer
 * than NEAR_MAX.
 */
static unsigned int
dist(const char *a, size_t alen, const char *b)
{
	unsigned int row[3][NEAR_MAX + 1], *p2, *p1, *c, *t, cost, v;
	size_t blen = strlen(b), i, j;

	if (alen > NEAR_MAX || blen > NEAR_MAX)
		return NEAR_MAX + 1;
	p2 = row[0];
	p1 = row[1];
	c = row[2];
	for (j = 0; j <= blen; j++)
		p1[j] = (unsigned int)j;
	for (i = 1; i <= alen; i++) {
		c[0] = (unsigned int)i;
		for (j = 1; j <= blen; j++) {
			cost = fold(a[i - 1]) != fold(b[j - 1]);
			v = p1[j - 1] + cost;
			if (p1[j] + 1 < v)
				v = p1[j] + 1;
			if (c[j - 1] + 1 < v)
				v = c[j - 1] + 1;
			if (i > 1 && j > 1 &&
			    fold(a[i - 1]) == fold(b[j - 2]) &&
			    fold(a[i - 2]) == fold(b[j - 1]) &&
			    p2[j - 2] + 1 < v)
				v = p2[j - 2] + 1;
			c[j] = v;
		}
		/* The rows move up: the oldest is the next to fill. */
		t = p2;
		p2 = p1;
		p1 = c;
		c = t;
	}
	return p1[blen];
}

void
near_init(struct near *n, const char *typed, size_t len)
{
	n->typed = typed;
	n->len = len;
	n->best = NEAR_MAX + 1;
	n->n = 0;
}

/*
 * Weighs name: kept where it is nearest so far, or as near as those
 * kept.  Near enough is an edit for every three letters typed, at least
 * one: PAGESIZE is two from PAGESZ, but "od" is not near "pid".
 */
void
near_try(struct near *n, const char *name)
{
	unsigned int d = dist(n->typed, n->len, name);

	if (d > (n->len / 3 > 1 ? n->len / 3 : 1) || d > n->best)
		return;
	if (d < n->best) {
		n->best = d;
		n->n = 0;
	}
	if (n->n < NEAR_NAMES)
		n->name[n->n++] = name;
}
