/*
 * A tokenizer for JSON text that is not trusted (RFC 8259): blanks,
 * punctuation, literals, strings with their escapes, numbers, the members
 * of an object and the elements of an array, and any value passed over,
 * nested at most JTOK_MAX_DEPTH deep.  Each returns 0, or -1 with j->p
 * where the text fails and j->why the reason, for the message's offset.
 */
#ifndef AUXV_JSON_TOK_H
#define AUXV_JSON_TOK_H

#include <stddef.h>
#include <stdint.h>

/* Objects and arrays nested deeper than this are not auxv's. */
#define JTOK_MAX_DEPTH 16

/* Keys of one object: auxv writes a dozen at most. */
#define JTOK_MAX_KEYS 64

/* The bytes of a key kept for its reader, decoded. */
#define JTOK_KEY_CAP 16

struct jtok {
	const char *start, *p, *end;
	const char *why; /* the reason of a failure; malformed by default */
	int depth;
};

/* Where the scan for the end of one object is, as more text comes. */
struct jtok_split {
	size_t pos;   /* bytes scanned, from the object's start */
	size_t depth; /* brackets open */
	int str, esc; /* in a string; just after its backslash */
};

/* A member's value at j->p, with its key (the first JTOK_KEY_CAP bytes). */
typedef int jtok_member_fn(struct jtok *, const char *, size_t, void *);
/* An element at j->p. */
typedef int jtok_element_fn(struct jtok *, void *);

void jtok_init(struct jtok *, const char *, const char *);
int jtok_is_blank(char);
void jtok_blank(struct jtok *);
int jtok_eat(struct jtok *, char);
int jtok_word(struct jtok *, const char *);
int jtok_hex(struct jtok *, int, unsigned int *);
int jtok_string(struct jtok *, char *, size_t, size_t *, uint64_t *);
int jtok_number(struct jtok *, uint64_t *);
int jtok_object(struct jtok *, int, jtok_member_fn *, void *);
int jtok_array(struct jtok *, jtok_element_fn *, void *);
int jtok_skip(struct jtok *);
size_t jtok_split(struct jtok_split *, const char *, size_t);
size_t jtok_bom(const unsigned char *, size_t);

#endif
