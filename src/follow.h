/*
 * What the first AT_SYSINFO_EHDR and AT_PHDR of a vector point to, read
 * through its memsrc once, before anything is printed, for the formats
 * that show it.
 */
#ifndef AUXV_FOLLOW_H
#define AUXV_FOLLOW_H

#include <stddef.h>

#include "phdrs.h"
#include "vdso.h"
#include "vec.h"

enum follow_state { FOLLOW_ABSENT, FOLLOW_UNREADABLE, FOLLOW_READ };

struct followed {
	enum follow_state vdso, phdrs;
	size_t vdso_at, phdrs_at;  /* their entries' index, or SIZE_MAX */
	int vdso_same, phdrs_same; /* what was read last time, again */
	struct vdso_info vi;
	struct phdrs_info pi;
	struct phdrs_info last;            /* the headers read before pi */
	unsigned char img[AUXV_VDSO_MAX];  /* the vDSO vi was parsed from */
	unsigned char next[AUXV_VDSO_MAX]; /* the vDSO, as read */
};

struct decoded;

size_t follow_spans(const struct auxv_vec *, struct mem_span *, size_t);

void follow_vector(
    const struct auxv_vec *, const struct decoded *, size_t, struct followed *);

#endif
