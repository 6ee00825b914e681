/*
 * auxv's own JSON read back (-f FILE that starts with '{', after a UTF-8
 * byte order mark if any): the vector of the first object of the file,
 * or of the one whose "pid" is --pid's, is rebuilt as raw bytes in its
 * word size and byte order, and the strings and random bytes it held are
 * served at their addresses, as a core's memory is.  The text is read
 * object by object, each held whole up to AUXV_MAX_JSON_OBJECT, so that
 * a file of JSON Lines of any size takes bounded memory.  The text is not
 * trusted: every number, string, key and depth is checked; what is not
 * auxv's is refused with the offset where it fails.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "esc.h"
#include "source.h"
#include "src_json.h"

_Static_assert(
    AUXV_MAX_JSON_OBJECT == 16UL * 1024 * 1024, "message says 16 MiB");
_Static_assert(AUXV_STR_POOL == 64 * 1024, "message says 64 KiB");

/* Objects and arrays nested deeper than this are not auxv's. */
#define JSON_MAX_DEPTH 16

/* Keys of one object: auxv writes a dozen at most. */
#define JSON_MAX_KEYS 64

/* The text is read on in blocks of this size. */
#define JSON_CHUNK (64 * 1024)

/* The longest key auxv reads, "word_size" or "byte_order", and more. */
#define JSON_KEY_CAP 16

static const char malformed[] = "not auxv's JSON: malformed at offset";
static const char duplicate[] = "not auxv's JSON: duplicate key at offset";

struct jp {
	const char *start, *p, *end;
	const char *why; /* the reason of a failure; malformed by default */
	int depth;
};

/* The keys of one object so far, to refuse one that comes again. */
struct keyset {
	struct jkey {
		const char *at; /* its opening quote */
		size_t len;     /* decoded */
		uint64_t hash;  /* FNV-1a of the decoded bytes */
	} key[JSON_MAX_KEYS];
	size_t n;
};

/* Where the scan for the end of one object is, as more text comes. */
struct json_split {
	size_t pos;   /* bytes scanned, from the object's start */
	size_t depth; /* brackets open */
	int str, esc; /* in a string; just after its backslash */
};

/* What one entry of "entries" held. */
struct jent {
	uint64_t type, value;
	int nnum;        /* of "type" and "value": a key comes once */
	const char *str; /* the JSON text of "string", NULL when absent/null */
	const char *bytes; /* of "bytes" */
};

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void
blank(struct jp *j)
{
	while (j->p < j->end && is_blank(*j->p))
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

/* The n hex digits at j->p, each consumed as it is read. */
static int
hex(struct jp *j, int n, unsigned int *v)
{
	static const char digits[] = "0123456789abcdefABCDEF";
	const char *x;
	unsigned int h;

	for (*v = 0; n > 0; n--) {
		if (j->p >= j->end ||
		    (x = memchr(digits, *j->p++, sizeof(digits) - 1)) == NULL)
			return -1;
		h = (unsigned int)(x - digits);
		*v = *v << 4 | (h < 16 ? h : h - 6);
	}
	return 0;
}

/*
 * The bytes a code point stands for: a raw byte kept by esc_json
 * (ESC_JSON_RAW + B), else its UTF-8.
 */
static size_t
cp_bytes(unsigned int cp, unsigned char *u)
{
	size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4, i;

	if (cp >= ESC_JSON_RAW + 0x80 && cp <= ESC_JSON_RAW + 0xff) {
		u[0] = (unsigned char)(cp - ESC_JSON_RAW);
		return 1;
	}
	for (i = n - 1; i > 0; i--, cp >>= 6)
		u[i] = (unsigned char)(0x80 | (cp & 0x3f));
	/* A lead byte of n > 1 has n high bits set: 0xc0, 0xe0, 0xf0. */
	u[0] = (unsigned char)(n == 1 ? cp : 0xff00 >> n | cp);
	return n;
}

/*
 * One character of a string, j->p just past its opening quote or the
 * character before: its bytes in u, their number in *n, 0 at the closing
 * quote (passed).  A \u escape is the code point (RFC 8259), a surrogate
 * pair one code point and a lone surrogate malformed; the code points
 * U+EF80..U+EFFF, escaped or not, are the bytes esc_json kept.  Other
 * bytes are copied.  0, or -1 where the text is malformed.
 */
static int
json_char(struct jp *j, unsigned char *u, size_t *n)
{
	const unsigned char *q = (const unsigned char *)j->p;
	unsigned int cp, lo;
	size_t len;

	*n = 0;
	if (j->p >= j->end)
		return -1;
	if (*q == '"' || *q < 0x20) {
		j->p++;
		return *q == '"' ? 0 : -1;
	}
	if (*q != '\\') {
		len = esc_utf8_len(q, (size_t)(j->end - j->p));
		*n = len == 0 ? 1 : len;
		memcpy(u, q, *n);
		j->p += *n;
		if (len == 3 && q[0] == 0xee && q[1] >= 0xbe)
			*n = cp_bytes(
			    0xe000u | (q[1] & 0x3fu) << 6 | (q[2] & 0x3fu), u);
		return 0;
	}
	if (++j->p >= j->end)
		return -1;
	*n = 1;
	/* The two-character escapes of RFC 8259, and what each stands for. */
	if (*j->p != 'u') {
		static const char esc[] = "\"\\/bfnrt",
		                  val[] = "\"\\/\b\f\n\r\t";
		const char *e = memchr(esc, *j->p++, sizeof(esc) - 1);

		if (e == NULL)
			return -1;
		u[0] = (unsigned char)val[e - esc];
		return 0;
	}
	j->p++;
	if (hex(j, 4, &cp) == -1 || (cp >= 0xdc00 && cp <= 0xdfff))
		return -1;
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (j->end - j->p < 2 || j->p[0] != '\\' || j->p[1] != 'u')
			return -1;
		j->p += 2;
		if (hex(j, 4, &lo) == -1 || lo < 0xdc00 || lo > 0xdfff)
			return -1;
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	*n = cp_bytes(cp, u);
	return 0;
}

/*
 * A string, decoded into out (room for cap bytes) when out is not NULL,
 * its length in *len and, when hash is not NULL, its FNV-1a in *hash.
 */
static int
string(struct jp *j, char *out, size_t cap, size_t *len, uint64_t *hash)
{
	unsigned char u[4];
	uint64_t h = 0xcbf29ce484222325u;
	size_t n = 0, k, m;

	if (eat(j, '"') == -1)
		return -1;
	for (;;) {
		if (json_char(j, u, &m) == -1)
			return -1;
		if (m == 0)
			break;
		for (k = 0; k < m; k++, n++) {
			if (out != NULL && n < cap)
				out[n] = (char)u[k];
			h = (h ^ u[k]) * 0x100000001b3u;
		}
	}
	*len = n;
	if (hash != NULL)
		*hash = h;
	return 0;
}

/*
 * An unsigned integer, exactly, as auxv writes them.  RFC 8259 writes no
 * leading zero: a 0 is the whole number, and what follows it is not.
 */
static int
number(struct jp *j, uint64_t *v)
{
	const char *from;
	unsigned int d;

	blank(j);
	from = j->p;
	for (*v = 0; j->p < j->end && *j->p >= '0' && *j->p <= '9';) {
		d = (unsigned int)(*j->p++ - '0');
		if (*v > (UINT64_MAX - d) / 10)
			return -1;
		*v = *v * 10 + d;
		if (*v == 0)
			break;
	}
	return j->p == from ? -1 : 0;
}

/* The digits at j->p, passed over: how many. */
static size_t
digits(struct jp *j)
{
	const char *from = j->p;

	while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
		j->p++;
	return (size_t)(j->p - from);
}

/*
 * A number of any size where auxv's JSON has none, as RFC 8259 writes
 * it: a minus, digits (a leading 0 is the whole integer part), then a
 * fraction and an exponent where digits follow their '.' or 'e'.  The
 * number ends where the grammar does, and what follows is the caller's
 * to refuse: the offsets python's json reports.
 */
static int
skip_number(struct jp *j)
{
	const char *from = j->p, *p;

	if (*j->p == '-')
		j->p++;
	p = j->p;
	if (digits(j) == 0) {
		j->p = from;
		return -1;
	}
	if (*p == '0')
		j->p = p + 1;
	p = j->p;
	if (j->p < j->end && *j->p == '.' && (++j->p, digits(j) == 0))
		j->p = p;
	p = j->p;
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		if (++j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		if (digits(j) == 0)
			j->p = p;
	}
	return 0;
}

/* Whether the keys at a and b, their openings quotes, are the same. */
static int
same_key(const struct jp *j, const char *a, const char *b)
{
	struct jp x[2] = { *j, *j };
	unsigned char u[2][4];
	size_t n[2] = { 0, 0 }, i[2] = { 0, 0 }, k;

	x[0].p = a + 1;
	x[1].p = b + 1;
	for (;;) {
		/* Both were read whole before: no failure here. */
		for (k = 0; k < 2; k++)
			if (i[k] == n[k]) {
				(void)json_char(&x[k], u[k], &n[k]);
				i[k] = 0;
			}
		if (n[0] == 0 || n[1] == 0)
			return n[0] == n[1];
		if (u[0][i[0]++] != u[1][i[1]++])
			return 0;
	}
}

/*
 * A key and its colon.  Its first JSON_KEY_CAP bytes, decoded, go into
 * kb, and its length into *klen.  A key that the object has had before is
 * refused at its opening quote (RFC 8259 leaves a repeated key's meaning
 * open: auxv's objects have none).
 */
static int
key(struct jp *j, struct keyset *ks, char *kb, size_t *klen)
{
	uint64_t h;
	size_t n, i;
	const char *at;

	blank(j);
	at = j->p;
	if (string(j, kb, JSON_KEY_CAP, &n, &h) == -1)
		return -1;
	for (i = 0; i < ks->n; i++)
		if (ks->key[i].hash == h && ks->key[i].len == n &&
		    same_key(j, ks->key[i].at, at)) {
			j->why = duplicate;
			break;
		}
	if (i < ks->n || ks->n == JSON_MAX_KEYS) {
		j->p = at;
		return -1;
	}
	ks->key[ks->n++] = (struct jkey){ at, n, h };
	*klen = n;
	return eat(j, ':');
}

static int
keyeq(const char *kb, size_t klen, const char *want)
{
	return klen == strlen(want) && klen <= JSON_KEY_CAP &&
	    memcmp(kb, want, klen) == 0;
}

/* Passes over any value, nested at most JSON_MAX_DEPTH deep. */
static int
skip(struct jp *j)
{
	char kb[JSON_KEY_CAP];
	struct keyset ks;
	size_t len;

	blank(j);
	if (j->p >= j->end)
		return -1;
	switch (*j->p) {
	case '"':
		return string(j, NULL, 0, &len, NULL);
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
		ks.n = 0;
		do {
			if (close == '}' && key(j, &ks, kb, &len) == -1)
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
	default:
		return skip_number(j);
	}
}

/*
 * A string or null.  For a string, *set is buf, which it is decoded into
 * (size bytes, NUL added, cut to fit), or without buf its JSON text, to
 * be decoded later; null leaves *set as it was.
 */
static int
string_or_null(struct jp *j, char *buf, size_t size, const char **set)
{
	const char *at;
	size_t len;

	if (word(j, "null") == 0)
		return 0;
	at = j->p;
	if (string(j, buf, size - 1, &len, NULL) == -1)
		return -1;
	if (buf != NULL)
		buf[len < size ? len : size - 1] = '\0';
	*set = buf != NULL ? buf : at;
	return 0;
}

static int
entry(struct jp *j, struct jent *e)
{
	char k[JSON_KEY_CAP];
	struct keyset ks;
	size_t klen;

	memset(e, 0, sizeof(*e));
	ks.n = 0;
	if (eat(j, '{') == -1 || eat(j, '}') == 0)
		return -1;
	do {
		if (key(j, &ks, k, &klen) == -1)
			return -1;
		if (keyeq(k, klen, "type") || keyeq(k, klen, "value")) {
			if (number(j, k[0] == 't' ? &e->type : &e->value) == -1)
				return -1;
			e->nnum++;
		} else if (keyeq(k, klen, "string")) {
			if (string_or_null(j, NULL, 0, &e->str) == -1)
				return -1;
		} else if (keyeq(k, klen, "bytes")) {
			if (string_or_null(j, NULL, 0, &e->bytes) == -1)
				return -1;
		} else if (skip(j) == -1)
			return -1;
	} while (eat(j, ',') == 0);
	return eat(j, '}') == -1 || e->nnum < 2 ? -1 : 0;
}

/*
 * Adds what an entry pointed to as memory at its value's address: 0, or
 * -1 (*d set where the text is not at fault).  No more loads are added
 * than entries() takes, AUXV_MAX_ENTRIES.
 */
static int
add_memory(struct source *s, const struct jent *e, const char *end, size_t *cap,
    size_t *lcap, struct diag *d)
{
	const char *text = e->str != NULL ? e->str : e->bytes;
	struct jp t = { text, text, end, malformed, 0 };
	struct elf_load *l;
	unsigned char *p;
	unsigned int v;
	size_t len, off, i, c;

	if (text == NULL)
		return 0;
	if (string(&t, NULL, 0, &len, NULL) == -1)
		return -1;
	if (e->str == NULL) {
		if (len % 2 != 0)
			return -1;
		len /= 2;
	}
	if (s->nloads == *lcap) {
		c = *lcap ? 2 * *lcap : 8;
		if ((l = realloc(s->loads, c * sizeof(*l))) == NULL)
			goto nomem;
		s->loads = l;
		*lcap = c;
	}
	/* A string's NUL is part of its memory; room for one after bytes. */
	if (len + 1 > AUXV_STR_POOL - s->datalen) {
		diag_set(d, EFBIG,
		    "too large: more than 64 KiB of strings and bytes");
		return -1;
	}
	off = s->datalen;
	if (off + len + 1 > *cap) {
		for (c = *cap ? 2 * *cap : 4096; c < off + len + 1; c *= 2)
			;
		if ((p = realloc(s->data, c)) == NULL)
			goto nomem;
		s->data = p;
		*cap = c;
	}
	s->datalen += len + 1;
	if (e->str != NULL) {
		t.p = text;
		(void)string(&t, (char *)s->data + off, len, &len, NULL);
		s->data[off + len++] = '\0';
	} else {
		for (t.p = text + 1, i = 0; i < len; i++) {
			if (hex(&t, 2, &v) == -1)
				return -1;
			s->data[off + i] = (unsigned char)v;
		}
	}
	if (e->value <= UINT64_MAX - len)
		s->loads[s->nloads++] = (struct elf_load){ e->value, len, off };
	return 0;
nomem:
	diag_set(d, ENOMEM, NULL);
	return -1;
}

static void
put_word(unsigned char *p, uint64_t v, uint64_t ws, int be)
{
	uint64_t i;

	for (i = 0; i < ws; i++)
		p[be ? ws - 1 - i : i] = (unsigned char)(v >> (8 * i));
}

/*
 * The "entries" array at j->p, in the layout ws and order (the JSON text
 * of "byte_order") give: its pairs into s->rawbuf, what they pointed to
 * into s's memory.  Without a layout it is refused where it starts; more
 * entries than a vector may have are too large, and memory running out
 * is said in *d.
 */
static int
entries(struct jp *j, struct source *s, uint64_t ws, const char *order,
    struct diag *d)
{
	size_t cap = 0, lcap = 0, n = 0;
	struct jent e;
	int be;

	if (ws == 0 || order == NULL)
		return -1;
	be = strncmp(order, "\"big\"", 5) == 0;
	if ((!be && strncmp(order, "\"little\"", 8) != 0) || eat(j, '[') == -1)
		return -1;
	if (eat(j, ']') == 0)
		goto done;
	do {
		if (n == AUXV_MAX_ENTRIES) {
			diag_set(d, EFBIG, vec_too_large);
			return -1;
		}
		if (entry(j, &e) == -1 || e.type == 0 ||
		    (ws == 4 && (e.type > UINT32_MAX || e.value > UINT32_MAX)))
			return -1;
		put_word(s->rawbuf + 2 * n * ws, e.type, ws, be);
		put_word(s->rawbuf + (2 * n + 1) * ws, e.value, ws, be);
		if (add_memory(s, &e, j->end, &cap, &lcap, d) == -1)
			return -1;
		n++;
	} while (eat(j, ',') == 0);
	if (eat(j, ']') == -1)
		return -1;
done:
	memset(s->rawbuf + n * 2 * ws, 0, 2 * ws);
	s->vec.raw = s->rawbuf;
	s->vec.rawlen = (n + 1) * 2 * ws;
	s->vec.wordsize = (uint8_t)ws;
	s->vec.bigendian = (uint8_t)be;
	return 0;
}

/*
 * The object at j: its vector into s.  0, or -1 where it fails.  Its keys
 * may come in any order (jq -S and Ansible's facts sort them): "entries"
 * is checked as JSON where it stands and read once the object's end has
 * given the layout it needs.
 */
static int
object(struct jp *j, struct source *s, struct diag *d)
{
	char k[JSON_KEY_CAP];
	const char *order = NULL, *ents = NULL;
	struct keyset ks;
	size_t klen, len;
	uint64_t ws = 0, machine = 0, v;
	int failed = 0;

	ks.n = 0;
	if (eat(j, '{') == -1)
		return -1;
	do {
		if (key(j, &ks, k, &klen) == -1)
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
			if (string(j, NULL, 0, &len, NULL) == -1)
				return -1;
		} else if (keyeq(k, klen, "pid")) {
			v = 0;
			if (word(j, "null") == -1 && number(j, &v) == -1)
				return -1;
			s->vec.pid = (pid_t)(v & 0x7fffffff);
		} else if (keyeq(k, klen, "comm")) {
			if (string_or_null(j, s->comm, sizeof(s->comm),
			        &s->vec.comm) == -1)
				return -1;
		} else if (keyeq(k, klen, "exe")) {
			if (string_or_null(
			        j, s->exe, sizeof(s->exe), &s->vec.exe) == -1)
				return -1;
		} else if (keyeq(k, klen, "entries")) {
			/*
			 * The array and its objects are auxv's own levels:
			 * a value inside an entry nests as deep as entries()
			 * lets it.
			 */
			blank(j);
			ents = j->p;
			j->depth = -2;
			if (skip(j) == -1)
				return -1;
			j->depth = 0;
		} else {
			failed |= keyeq(k, klen, "error");
			if (skip(j) == -1)
				return -1;
		}
	} while (eat(j, ',') == 0);
	if (eat(j, '}') == -1)
		return -1;
	if (ents == NULL) {
		if (failed)
			diag_set(d, ENOENT, "a saved failure: no vector");
		return -1;
	}
	j->p = ents;
	if (entries(j, s, ws, order, d) == -1)
		return -1;
	s->vec.machine = (uint16_t)machine;
	s->lay = LAY_GIVEN;
	return 0;
}

/* The length of the UTF-8 byte order mark at p, which RFC 8259 allows. */
static size_t
bom(const unsigned char *p, size_t len)
{
	return len >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf ? 3 : 0;
}

int
json_is_json(const unsigned char *p, size_t len)
{
	size_t i;

	for (i = bom(p, len); i < len && is_blank((char)p[i]); i++)
		;
	return i < len && p[i] == '{';
}

/*
 * The length of the value that starts at p (its first byte, after any
 * blank), once its end is within the n bytes: the bracket that closes it,
 * outside strings.  0 while it goes on; *sp carries the scan over calls
 * as more of the text comes, from the same start.
 */
static size_t
split(struct json_split *sp, const char *p, size_t n)
{
	for (; sp->pos < n; sp->pos++) {
		char c = p[sp->pos];

		if (sp->esc)
			sp->esc = 0;
		else if (c == '"')
			sp->str = !sp->str;
		else if (sp->str)
			sp->esc = c == '\\';
		else if (c == '{' || c == '[')
			sp->depth++;
		else if (sp->depth == 0 ||
		    ((c == '}' || c == ']') && --sp->depth == 0))
			/* The object's end; or not an object: the parser says
			 * where. */
			return ++sp->pos;
	}
	return 0;
}

/*
 * One object of the text, len bytes at file offset off: 0 when it is the
 * one wanted (its vector in s), 1 when it is another process's, or -1 and
 * *d.
 */
static int
one(struct source *s, const char *text, size_t len, uint64_t off, pid_t pid,
    struct diag *d)
{
	struct jp j = { text, text, text + len, malformed, 0 };

	s->vec.pid = 0;
	s->vec.comm = NULL;
	s->vec.exe = NULL;
	free(s->loads);
	s->loads = NULL;
	s->nloads = 0;
	s->datalen = 0;
	diag_set(d, 0, NULL);
	if (object(&j, s, d) == 0)
		return pid == 0 || s->vec.pid == pid ? 0 : 1;
	if (d->reason == NULL && d->err != ENOMEM)
		diag_at(d, j.why, off + (uint64_t)(j.p - j.start));
	/*
	 * Another process's saved failure: on to the next object; not past a
	 * malformed one, nor when memory ran out.
	 */
	if (pid == 0 || s->vec.pid == pid || d->has_offset || d->err == ENOMEM)
		return -1;
	return 1;
}

/*
 * Reads objects from the text, the first len bytes of which are at head
 * and the rest, if fd is not -1, on fd, until the first one whose "pid"
 * is pid (any, when 0); it goes into s.  Each object is held whole, up to
 * AUXV_MAX_JSON_OBJECT, and no more of the text than it.  0, or -1 and
 * *d ("not auxv's JSON: malformed at offset N", "no object with pid").
 */
int
json_read(struct source *s, const unsigned char *head, size_t len, int fd,
    pid_t pid, struct diag *d)
{
	struct json_split sp;
	char *buf, *p;
	size_t cap = len > JSON_CHUNK ? len : JSON_CHUNK, have = len, at, n,
	       got;
	uint64_t base = 0; /* the file offset of buf[0] */
	int eof = fd == -1, rc = -1;

	if ((buf = malloc(cap)) == NULL) {
		diag_set(d, ENOMEM, NULL);
		return -1;
	}
	memcpy(buf, head, len);
	at = bom(head, len);
	for (;;) {
		memset(&sp, 0, sizeof(sp));
		for (;;) {
			while (sp.pos == 0 && at < have && is_blank(buf[at]))
				at++;
			if ((at < have &&
			        (n = split(&sp, buf + at, have - at)) != 0) ||
			    eof)
				break;
			if (have - at >= AUXV_MAX_JSON_OBJECT) {
				diag_at(d,
				    "too large: a JSON object of more than 16 "
				    "MiB at offset",
				    base + at);
				d->err = EFBIG;
				goto out;
			}
			/*
			 * Its start to the front; room to read on.  At the
			 * front already (a second pass, the buffer grown),
			 * nothing to move: valgrind takes the fortified memmove
			 * of a block onto itself for a memcpy that overlaps.
			 */
			if (at > 0)
				memmove(buf, buf + at, have - at);
			base += at;
			have -= at;
			at = 0;
			if (have == cap) {
				cap = 2 * cap > AUXV_MAX_JSON_OBJECT
				    ? AUXV_MAX_JSON_OBJECT
				    : 2 * cap;
				if ((p = realloc(buf, cap)) == NULL) {
					diag_set(d, ENOMEM, NULL);
					goto out;
				}
				buf = p;
			}
			if (src_read_full(fd, (unsigned char *)buf + have,
			        cap - have, &got) == -1) {
				diag_set(d, errno, NULL);
				goto out;
			}
			eof = got == 0;
			have += got;
		}
		if (at == have) {
			diag_set(
			    d, ESRCH, "no object of that --pid in the file");
			goto out;
		}
		/* Cut short: the parser says where. */
		if (n == 0)
			n = have - at;
		if ((rc = one(s, buf + at, n, base + at, pid, d)) != 1)
			goto out;
		rc = -1;
		at += n;
	}
out:
	free(buf);
	return rc;
}
