/*
 * Near misses: what a mistyped -k key or long option most likely meant.
 */
#ifndef AUXV_NEAR_H
#define AUXV_NEAR_H

#include <stddef.h>

/* The longest word weighed; a longer one is near nothing. */
#define NEAR_MAX 32

/* The most names a suggestion offers. */
#define NEAR_NAMES 4

/* Gathers the names nearest to a typed word, ties kept in order. */
struct near {
	const char *typed;
	size_t len;
	unsigned int best; /* their distance, or NEAR_MAX + 1: none yet */
	size_t n;
	const char *name[NEAR_NAMES];
};

void near_init(struct near *, const char *, size_t);
void near_try(struct near *, const char *);

#endif
