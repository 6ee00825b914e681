/*
 * auxv's own JSON read back (-f FILE that starts with '{'): the vector of
 * the first object of the file, or of the one whose "pid" is --pid's, is
 * rebuilt as raw bytes in its word size and byte order, and the strings
 * and random bytes it held are served at their addresses, as a core's
 * memory is.  The text is not trusted: every number, string and depth is
 * checked; what is not auxv's is refused with the offset where it fails.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"
#include "src_json.h"

/* Objects and arrays nested deeper than this are not auxv's. */
#define JSON_MAX_DEPTH 16

struct jp {
	const char *start, *p, *end;
	int depth;
};

/* What one entry of "entries" held. */
struct jent {
	uint64_t type, value;
	int has_type, has_value;
	const char *str; /* the JSON text of "string", NULL when absent/null */
	const char *bytes; /* of "bytes" */
};

static void
blank(struct jp *j)
{
	while (j->p < j->end &&
	    (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

static int
eat(struct jp *j, char c)
{
	blank(j);
	if (j->p < j->end && *j->p == c) {
		j->p++;
		return 0;
	}
	return -1;
}

static int
word(struct jp *j, const char *w)
{
	size_t n = strlen(w);

	blank(j);
	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n) != 0)
		return -1;
	j->p += n;
	return 0;
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * A string, decoded into out (room for cap bytes) when out is not NULL,
 * its length in *len.  \u00XX is the byte XX, as auxv writes bytes that
 * are not UTF-8; other \uXXXX are written as UTF-8.
 */
static int
string(struct jp *j, char *out, size_t cap, size_t *len)
{
	size_t n = 0;
	unsigned int cp;
	int i, h;
	char c;

	if (eat(j, '"') == -1)
		return -1;
	while (j->p < j->end && *j->p != '"') {
		c = *j->p++;
		if ((unsigned char)c < 0x20)
			return -1;
		if (c == '\\') {
			if (j->p >= j->end)
				return -1;
			c = *j->p++;
			switch (c) {
			case '"':
			case '\\':
			case '/':
				break;
			case 'b':
				c = '\b';
				break;
			case 'f':
				c = '\f';
				break;
			case 'n':
				c = '\n';
				break;
			case 'r':
				c = '\r';
				break;
			case 't':
				c = '\t';
				break;
			case 'u':
				if (j->end - j->p < 4)
					return -1;
				for (cp = 0, i = 0; i < 4; i++) {
					if ((h = hexval(*j->p++)) == -1)
						return -1;
					cp = cp << 4 | (unsigned int)h;
				}
				if (cp > 0xff) {
					/* As UTF-8: two or three bytes. */
					unsigned char u[3];
					size_t k, m = cp < 0x800 ? 2 : 3;

					if (m == 2) {
						u[0] = (unsigned char)(0xc0 |
						    cp >> 6);
						u[1] = (unsigned char)(0x80 |
						    (cp & 0x3f));
					} else {
						u[0] = (unsigned char)(0xe0 |
						    cp >> 12);
						u[1] = (unsigned char)(0x80 |
						    ((cp >> 6) & 0x3f));
						u[2] = (unsigned char)(0x80 |
						    (cp & 0x3f));
					}
					for (k = 0; k < m; k++, n++)
						if (out != NULL && n < cap)
							out[n] = (char)u[k];
					continue;
				}
				c = (char)cp;
				break;
			default:
				return -1;
			}
		}
		if (out != NULL && n < cap)
			out[n] = c;
		n++;
	}
	if (j->p >= j->end)
		return -1;
	j->p++;
	*len = n;
	return 0;
}

/* An unsigned integer, exactly, as auxv writes them. */
static int
number(struct jp *j, uint64_t *v)
{
	uint64_t x = 0;
	int digits = 0;

	blank(j);
	while (j->p < j->end && *j->p >= '0' && *j->p <= '9') {
		unsigned int d = (unsigned int)(*j->p++ - '0');

		if (x > (UINT64_MAX - d) / 10)
			return -1;
		x = x * 10 + d;
		digits++;
	}
	if (digits == 0)
		return -1;
	*v = x;
	return 0;
}

/* Passes over any value, nested at most JSON_MAX_DEPTH deep. */
static int
skip(struct jp *j)
{
	size_t len;
	uint64_t v;

	blank(j);
	if (j->p >= j->end)
		return -1;
	switch (*j->p) {
	case '"':
		return string(j, NULL, 0, &len);
	case '{':
	case '[': {
		char close = *j->p == '{' ? '}' : ']';

		if (++j->depth > JSON_MAX_DEPTH)
			return -1;
		j->p++;
		if (eat(j, close) == 0) {
			j->depth--;
			return 0;
		}
		do {
			if (close == '}' &&
			    (string(j, NULL, 0, &len) == -1 ||
			        eat(j, ':') == -1))
				return -1;
			if (skip(j) == -1)
				return -1;
		} while (eat(j, ',') == 0);
		j->depth--;
		return eat(j, close);
	}
	case 't':
		return word(j, "true");
	case 'f':
		return word(j, "false");
	case 'n':
		return word(j, "null");
	case '-':
		j->p++;
		if (number(j, &v) == -1)
			return -1;
		/* A fraction or exponent, as any JSON may have. */
		while (j->p < j->end && strchr("0123456789.eE+-", *j->p))
			j->p++;
		return 0;
	default:
		if (number(j, &v) == -1)
			return -1;
		while (j->p < j->end && strchr("0123456789.eE+-", *j->p))
			j->p++;
		return 0;
	}
}

/* A key and its colon: its text as written at *k, unescaped length *klen. */
static int
key_is(struct jp *j, const char **k, size_t *klen)
{
	if (eat(j, '"') == -1)
		return -1;
	j->p--;
	*k = j->p + 1;
	if (string(j, NULL, 0, klen) == -1)
		return -1;
	return eat(j, ':');
}

static int
keyeq(const char *k, size_t klen, const char *want)
{
	/* Keys auxv writes hold no escapes: compare the text itself. */
	return klen == strlen(want) && memcmp(k, want, klen) == 0;
}

/* "string": a string or null; the text is decoded later. */
static int
string_or_null(struct jp *j, const char **at)
{
	size_t len;

	blank(j);
	if (word(j, "null") == 0) {
		*at = NULL;
		return 0;
	}
	*at = j->p;
	return string(j, NULL, 0, &len);
}

static int
entry(struct jp *j, struct jent *e)
{
	const char *k;
	size_t klen;

	memset(e, 0, sizeof(*e));
	if (eat(j, '{') == -1)
		return -1;
	if (eat(j, '}') == 0)
		return -1;
	do {
		if (key_is(j, &k, &klen) == -1)
			return -1;
		if (keyeq(k, klen, "type")) {
			if (number(j, &e->type) == -1)
				return -1;
			e->has_type = 1;
		} else if (keyeq(k, klen, "value")) {
			if (number(j, &e->value) == -1)
				return -1;
			e->has_value = 1;
		} else if (keyeq(k, klen, "string")) {
			if (string_or_null(j, &e->str) == -1)
				return -1;
		} else if (keyeq(k, klen, "bytes")) {
			if (string_or_null(j, &e->bytes) == -1)
				return -1;
		} else if (skip(j) == -1)
			return -1;
	} while (eat(j, ',') == 0);
	if (eat(j, '}') == -1 || !e->has_type || !e->has_value)
		return -1;
	return 0;
}

/* Room in s->data for n more bytes of memory: their offset, or -1. */
static int
grow(struct source *s, size_t *cap, size_t n, size_t *off)
{
	unsigned char *p;
	size_t want;

	if (n > AUXV_STR_POOL - s->datalen)
		return -1;
	want = s->datalen + n;
	if (want > *cap) {
		size_t c = *cap ? 2 * *cap : 4096;

		while (c < want)
			c *= 2;
		if ((p = realloc(s->data, c)) == NULL)
			return -1;
		s->data = p;
		*cap = c;
	}
	*off = s->datalen;
	s->datalen += n;
	return 0;
}

/* Adds what an entry pointed to as memory at its value's address. */
static int
add_memory(struct source *s, const struct jent *e, const char *end, size_t *cap,
    size_t *lcap)
{
	struct jp t = { NULL, NULL, NULL, 0 };
	struct elf_load *l;
	size_t len, off, i;
	const char *text = e->str != NULL ? e->str : e->bytes;

	if (text == NULL)
		return 0;
	t.start = t.p = text;
	t.end = end;
	if (string(&t, NULL, 0, &len) == -1)
		return -1;
	if (e->bytes != NULL && e->str == NULL) {
		if (len % 2 != 0)
			return -1;
		len /= 2;
	}
	if (s->nloads == *lcap) {
		size_t c = *lcap ? 2 * *lcap : 8;

		if (c > AUXV_MAX_ENTRIES ||
		    (l = reallocarray(s->loads, c, sizeof(*l))) == NULL)
			return -1;
		s->loads = l;
		*lcap = c;
	}
	/* A string's NUL is part of its memory. */
	if (grow(s, cap, len + 1, &off) == -1)
		return -1;
	t.p = text;
	if (e->str != NULL) {
		(void)string(&t, (char *)s->data + off, len, &len);
		s->data[off + len] = '\0';
	} else {
		for (i = 0; i < len; i++) {
			int hi = hexval(text[1 + 2 * i]);
			int lo = hexval(text[2 + 2 * i]);

			if (hi == -1 || lo == -1)
				return -1;
			s->data[off + i] = (unsigned char)(hi << 4 | lo);
		}
	}
	l = &s->loads[s->nloads++];
	l->vaddr = e->value;
	l->filesz = e->str != NULL ? len + 1 : len;
	l->offset = off;
	if (l->vaddr > UINT64_MAX - l->filesz)
		s->nloads--;
	return 0;
}

static void
put_word(unsigned char *p, uint64_t v, unsigned int ws, int be)
{
	unsigned int i;

	for (i = 0; i < ws; i++)
		p[be ? ws - 1 - i : i] = (unsigned char)(v >> (8 * i));
}

/* The object at j: its vector into s.  0, or -1 where it fails. */
static int
object(struct jp *j, struct source *s, struct diag *d)
{
	const char *k, *order = NULL;
	size_t klen, cap = 0, lcap = 0, n = 0, len;
	uint64_t ws = 0, machine = 0, v;
	struct jent e;
	int be = 0, has_entries = 0, failed = 0;

	if (eat(j, '{') == -1)
		return -1;
	do {
		if (key_is(j, &k, &klen) == -1)
			return -1;
		if (keyeq(k, klen, "word_size")) {
			if (number(j, &ws) == -1 || (ws != 4 && ws != 8))
				return -1;
		} else if (keyeq(k, klen, "machine")) {
			if (number(j, &machine) == -1 || machine > 0xffff)
				return -1;
		} else if (keyeq(k, klen, "byte_order")) {
			blank(j);
			order = j->p;
			if (string(j, NULL, 0, &len) == -1)
				return -1;
		} else if (keyeq(k, klen, "pid")) {
			blank(j);
			if (word(j, "null") == -1) {
				if (number(j, &v) == -1)
					return -1;
				s->vec.pid = (pid_t)(v & 0x7fffffff);
			}
		} else if (keyeq(k, klen, "comm")) {
			blank(j);
			if (word(j, "null") == -1) {
				if (string(j, s->comm, sizeof(s->comm) - 1,
				        &len) == -1)
					return -1;
				s->comm[len < sizeof(s->comm)
				        ? len
				        : sizeof(s->comm) - 1] = '\0';
				s->vec.comm = s->comm;
			}
		} else if (keyeq(k, klen, "entries")) {
			/* The layout comes first in auxv's own objects. */
			if (ws == 0 || order == NULL)
				return -1;
			be = strncmp(order, "\"big\"", 5) == 0;
			if (!be && strncmp(order, "\"little\"", 8) != 0)
				return -1;
			if (eat(j, '[') == -1)
				return -1;
			has_entries = 1;
			if (eat(j, ']') == 0)
				continue;
			do {
				if (n == AUXV_MAX_ENTRIES ||
				    entry(j, &e) == -1 || e.type == 0 ||
				    (ws == 4 &&
				        (e.type > UINT32_MAX ||
				            e.value > UINT32_MAX)))
					return -1;
				put_word(s->rawbuf + n * 2 * ws, e.type,
				    (unsigned int)ws, be);
				put_word(s->rawbuf + n * 2 * ws + ws, e.value,
				    (unsigned int)ws, be);
				if (add_memory(s, &e, j->end, &cap, &lcap) ==
				    -1)
					return -1;
				n++;
			} while (eat(j, ',') == 0);
			if (eat(j, ']') == -1)
				return -1;
		} else if (keyeq(k, klen, "error")) {
			failed = 1;
			if (skip(j) == -1)
				return -1;
		} else if (skip(j) == -1)
			return -1;
	} while (eat(j, ',') == 0);
	if (eat(j, '}') == -1)
		return -1;
	if (!has_entries) {
		if (failed)
			diag_set(d, ENOENT, "a saved failure: no vector");
		return -1;
	}
	memset(s->rawbuf + n * 2 * ws, 0, 2 * ws);
	s->vec.raw = s->rawbuf;
	s->vec.rawlen = (n + 1) * 2 * ws;
	s->vec.wordsize = (uint8_t)ws;
	s->vec.bigendian = (uint8_t)be;
	s->vec.machine = (uint16_t)machine;
	s->lay = LAY_GIVEN;
	return 0;
}

int
json_is_json(const unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len &&
	     (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r');
	     i++)
		;
	return i < len && p[i] == '{';
}

/*
 * Reads the text's first object whose "pid" is pid (any, when 0) into s:
 * 0, or -1 and *d ("not auxv's JSON at offset N", "no object with pid").
 */
int
json_vector(
    struct source *s, const char *text, size_t len, pid_t pid, struct diag *d)
{
	struct jp j = { text, text, text + len, 0 };

	for (;;) {
		blank(&j);
		if (j.p >= j.end) {
			diag_set(
			    d, ESRCH, "no object of that --pid in the file");
			return -1;
		}
		s->vec.pid = 0;
		s->vec.comm = NULL;
		free(s->loads);
		s->loads = NULL;
		s->nloads = 0;
		s->datalen = 0;
		d->reason = NULL;
		if (object(&j, s, d) == -1) {
			if (d->reason == NULL)
				diag_at(d,
				    "not auxv's JSON: malformed at offset",
				    (uint64_t)(j.p - j.start));
			if (pid == 0 || s->vec.pid == pid)
				return -1;
			/* Another process's failure: on to the next line. */
			if (d->has_offset)
				return -1;
			continue;
		}
		if (pid == 0 || s->vec.pid == pid)
			return 0;
	}
}
