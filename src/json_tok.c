/*
 * The tokenizer of auxv's JSON reader: the text is not trusted, and every
 * string, number, key and depth is checked where it stands.  Strings
 * decode esc_json's kept bytes back (ESC_JSON_RAW); what is not valid
 * JSON is refused with j->p where it fails.
 */
#include <string.h>

#include "esc.h"
#include "json_tok.h"

static const char malformed[] = "not auxv's JSON: malformed at offset";
static const char duplicate[] = "not auxv's JSON: duplicate key at offset";

/* The keys of one object so far, to refuse one that comes again. */
struct keyset {
	struct jkey {
		const char *at; /* its opening quote */
		size_t len;     /* decoded */
		uint64_t hash;  /* FNV-1a of the decoded bytes */
	} key[JTOK_MAX_KEYS];
	size_t n;
};

/* The text from p to end, read from its start. */
void
jtok_init(struct jtok *j, const char *p, const char *end)
{
	*j = (struct jtok){ p, p, end, malformed, 0 };
}

int
jtok_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void
jtok_blank(struct jtok *j)
{
	while (j->p < j->end && jtok_is_blank(*j->p))
		j->p++;
}

int
jtok_eat(struct jtok *j, char c)
{
	jtok_blank(j);
	if (j->p < j->end && *j->p == c) {
		j->p++;
		return 0;
	}
	return -1;
}

int
jtok_word(struct jtok *j, const char *w)
{
	size_t n = strlen(w);

	jtok_blank(j);
	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n) != 0)
		return -1;
	j->p += n;
	return 0;
}

/* The n hex digits at j->p, each consumed as it is read. */
int
jtok_hex(struct jtok *j, int n, unsigned int *v)
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
json_char(struct jtok *j, unsigned char *u, size_t *n)
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
	if (jtok_hex(j, 4, &cp) == -1 || (cp >= 0xdc00 && cp <= 0xdfff))
		return -1;
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (j->end - j->p < 2 || j->p[0] != '\\' || j->p[1] != 'u')
			return -1;
		j->p += 2;
		if (jtok_hex(j, 4, &lo) == -1 || lo < 0xdc00 || lo > 0xdfff)
			return -1;
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	*n = cp_bytes(cp, u);
	return 0;
}

/*
 * A string, decoded into out (room for cap bytes) when out is not NULL,
 * its length in *len and, when hash is not NULL, its FNV-1a in *hash.
 * A NUL in it (\u0000) is malformed, at its escape, in every string
 * (a key, a label, a description as much as comm): auxv writes none, and
 * a C string's text would be cut there in silence.
 */
int
jtok_string(struct jtok *j, char *out, size_t cap, size_t *len, uint64_t *hash)
{
	unsigned char u[4];
	uint64_t h = 0xcbf29ce484222325u;
	size_t n = 0, k, m;
	const char *at;

	if (jtok_eat(j, '"') == -1)
		return -1;
	for (;;) {
		at = j->p;
		if (json_char(j, u, &m) == -1)
			return -1;
		if (m == 0)
			break;
		if (m == 1 && u[0] == '\0') {
			j->p = at;
			return -1;
		}
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
int
jtok_number(struct jtok *j, uint64_t *v)
{
	const char *from;
	unsigned int d;

	jtok_blank(j);
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
digits(struct jtok *j)
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
skip_number(struct jtok *j)
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
same_key(const struct jtok *j, const char *a, const char *b)
{
	struct jtok x[2] = { *j, *j };
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
 * A key and its colon.  Its first JTOK_KEY_CAP bytes, decoded, go into
 * kb, and its length into *klen.  A key that the object has had before is
 * refused at its opening quote (RFC 8259 leaves a repeated key's meaning
 * open: auxv's objects have none).
 */
static int
key(struct jtok *j, struct keyset *ks, char *kb, size_t *klen)
{
	uint64_t h;
	size_t n, i;
	const char *at;

	jtok_blank(j);
	at = j->p;
	if (jtok_string(j, kb, JTOK_KEY_CAP, &n, &h) == -1)
		return -1;
	for (i = 0; i < ks->n; i++)
		if (ks->key[i].hash == h && ks->key[i].len == n &&
		    same_key(j, ks->key[i].at, at)) {
			j->why = duplicate;
			break;
		}
	if (i < ks->n || ks->n == JTOK_MAX_KEYS) {
		j->p = at;
		return -1;
	}
	ks->key[ks->n++] = (struct jkey){ at, n, h };
	*klen = n;
	return jtok_eat(j, ':');
}

/*
 * The object at j->p, each member's value read by fn with arg.  Without
 * empty, {} is refused at its '}', where a key was wanted.
 */
int
jtok_object(struct jtok *j, int empty, jtok_member_fn *fn, void *arg)
{
	char kb[JTOK_KEY_CAP];
	struct keyset ks;
	size_t klen;

	ks.n = 0;
	if (jtok_eat(j, '{') == -1)
		return -1;
	if (empty && jtok_eat(j, '}') == 0)
		return 0;
	do {
		if (key(j, &ks, kb, &klen) == -1 || fn(j, kb, klen, arg) == -1)
			return -1;
	} while (jtok_eat(j, ',') == 0);
	return jtok_eat(j, '}');
}

/* The array at j->p, each element read by fn with arg. */
int
jtok_array(struct jtok *j, jtok_element_fn *fn, void *arg)
{
	if (jtok_eat(j, '[') == -1)
		return -1;
	if (jtok_eat(j, ']') == 0)
		return 0;
	do {
		if (fn(j, arg) == -1)
			return -1;
	} while (jtok_eat(j, ',') == 0);
	return jtok_eat(j, ']');
}

static int
skip_member(struct jtok *j, const char *k, size_t klen, void *arg)
{
	(void)k;
	(void)klen;
	(void)arg;
	return jtok_skip(j);
}

static int
skip_element(struct jtok *j, void *arg)
{
	(void)arg;
	return jtok_skip(j);
}

/* Passes over any value, nested at most JTOK_MAX_DEPTH deep. */
int
jtok_skip(struct jtok *j)
{
	size_t len;
	int rc;

	jtok_blank(j);
	if (j->p >= j->end)
		return -1;
	switch (*j->p) {
	case '"':
		return jtok_string(j, NULL, 0, &len, NULL);
	case '{':
	case '[':
		if (++j->depth > JTOK_MAX_DEPTH)
			return -1;
		rc = *j->p == '{' ? jtok_object(j, 1, skip_member, NULL)
		                  : jtok_array(j, skip_element, NULL);
		j->depth--;
		return rc;
	case 't':
		return jtok_word(j, "true");
	case 'f':
		return jtok_word(j, "false");
	case 'n':
		return jtok_word(j, "null");
	default:
		return skip_number(j);
	}
}

/*
 * The length of the value that starts at p (its first byte, after any
 * blank), once its end is within the n bytes: the bracket that closes it,
 * outside strings.  0 while it goes on; *sp carries the scan over calls
 * as more of the text comes, from the same start.
 */
size_t
jtok_split(struct jtok_split *sp, const char *p, size_t n)
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

/* The length of the UTF-8 byte order mark at p, which RFC 8259 allows. */
size_t
jtok_bom(const unsigned char *p, size_t len)
{
	return len >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf ? 3 : 0;
}
