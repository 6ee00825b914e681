/*
 * auxv's own JSON read back (-f FILE that starts with '{', after a UTF-8
 * byte order mark if any): the vector of each object of the file in
 * turn, or of the one whose "pid" is --pid's, is rebuilt as raw bytes in its
 * word size and byte order, and the strings and random bytes it held are
 * served at their addresses, as a core's memory is.  The text is read
 * object by object, each held whole up to AUXV_MAX_JSON_OBJECT, so that
 * a file of JSON Lines of any size takes bounded memory.  The text is not
 * trusted: json_tok.c checks every number, string, key and depth; what is
 * not auxv's is refused with the offset where it fails.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "at.h"
#include "json_names.h"
#include "json_tok.h"
#include "readfile.h"
#include "source.h"
#include "src_json.h"

_Static_assert(
    AUXV_MAX_JSON_OBJECT == 16UL * 1024 * 1024, "message says 16 MiB");
_Static_assert(AUXV_STR_POOL == 64 * 1024, "message says 64 KiB");
_Static_assert(JTOK_KEY_CAP >= JN_ROOM - 1, "a key read holds any name");

/* The text is read on in blocks of this size. */
#define JSON_CHUNK (64 * 1024)

/* What one entry of "entries" held. */
struct jent {
	uint64_t type, value;
	int nnum;        /* of "type" and "value": a key comes once */
	const char *str; /* the JSON text of "string", NULL when absent/null */
	const char *bytes; /* of "bytes" */
	size_t nbytes;     /* the bytes it holds */
};

/* The "entries" array being read into a source. */
struct jents {
	struct source *s;
	struct diag *d;
	uint64_t ws;         /* word size */
	int be;              /* big-endian */
	size_t n, cap, lcap; /* entries; bytes of s->data; loads of s->loads */
};

/* The members of an object that entries() needs once it has them all. */
struct jobj {
	struct source *s;
	const char *order; /* the JSON text of "byte_order" */
	const char *ents;  /* of "entries" */
	uint64_t ws, machine;
	uint64_t err; /* the "errno" of its "error" */
	int failed;   /* an "error": a saved failure */
};

/*
 * A string without a NUL (a C string's text), or null.  For a string,
 * *at is its JSON text, to be decoded later; null leaves *at as it was.
 */
static int
string_or_null(struct jtok *j, const char **at)
{
	const char *p;
	size_t len;

	if (jtok_word(j, "null") == 0)
		return 0;
	p = j->p;
	if (jtok_string(j, NULL, 0, &len, NULL) == -1)
		return -1;
	*at = p;
	return 0;
}

/*
 * Memory given as bytes, or null: 2 hex digits a byte, refused at the
 * first character that is not a digit (the closing quote where a digit
 * is left over).  *n is the number of bytes.
 */
static int
bytes_or_null(struct jtok *j, const char **at, size_t *n)
{
	struct jtok t;
	unsigned int v;
	size_t len;

	if (jtok_word(j, "null") == 0)
		return 0;
	t = *j;
	if (jtok_string(j, NULL, 0, &len, NULL) == -1)
		return -1;
	*at = t.p;
	*n = len / 2;
	/* j->p is past the closing quote. */
	for (t.p++; t.p < j->p - 1;)
		if (jtok_hex(&t, 2, &v) == -1) {
			j->p = t.p - 1;
			return -1;
		}
	return 0;
}

/*
 * A name of the process, comm or exe, or null.  For a string, *set is
 * buf, which it is decoded into (size bytes, NUL added, cut to fit).
 */
static int
proc_name(struct jtok *j, char *buf, size_t size, const char **set)
{
	const char *at = NULL;
	struct jtok t = *j;
	size_t len;

	if (string_or_null(j, &at) == -1)
		return -1;
	if (at != NULL) {
		t.p = at;
		(void)jtok_string(&t, buf, size - 1, &len, NULL);
		buf[len < size ? len : size - 1] = '\0';
		*set = buf;
	}
	return 0;
}

/* A member of an entry. */
static int
entry_member(struct jtok *j, const char *k, size_t klen, void *arg)
{
	struct jent *e = arg;
	enum json_name n = jn_lookup(k, klen);

	switch (n) {
	case JN_TYPE:
	case JN_VALUE:
		e->nnum++;
		return jtok_number(j, n == JN_TYPE ? &e->type : &e->value);
	case JN_STRING:
		return string_or_null(j, &e->str);
	case JN_BYTES:
		return bytes_or_null(j, &e->bytes, &e->nbytes);
	default:
		return jtok_skip(j);
	}
}

/*
 * Adds what an entry pointed to as memory at its value's address: 0, or
 * -1 (*x->d set where the text is not at fault).  No more loads are added
 * than entries() takes, AUXV_MAX_ENTRIES.
 */
static int
add_memory(struct jents *x, const struct jent *e, const char *end)
{
	const char *text = e->str != NULL ? e->str : e->bytes;
	struct source *s = x->s;
	struct elf_load *l;
	struct jtok t;
	unsigned char *p;
	unsigned int v;
	size_t len, off, i, c;

	if (text == NULL)
		return 0;
	jtok_init(&t, text, end);
	if (jtok_string(&t, NULL, 0, &len, NULL) == -1)
		return -1;
	if (e->str == NULL)
		len /= 2;
	if (s->nloads == x->lcap) {
		c = x->lcap ? 2 * x->lcap : 8;
		if ((l = realloc(s->loads, c * sizeof(*l))) == NULL)
			goto nomem;
		s->loads = l;
		x->lcap = c;
	}
	/* A string's NUL is part of its memory; room for one after bytes. */
	if (len + 1 > AUXV_STR_POOL - s->datalen) {
		diag_set(x->d, EFBIG,
		    "too large: more than 64 KiB of strings and bytes");
		return -1;
	}
	off = s->datalen;
	if (off + len + 1 > x->cap) {
		for (c = x->cap ? 2 * x->cap : 4096; c < off + len + 1; c *= 2)
			;
		if ((p = realloc(s->data, c)) == NULL)
			goto nomem;
		s->data = p;
		x->cap = c;
	}
	s->datalen += len + 1;
	if (e->str != NULL) {
		t.p = text;
		(void)jtok_string(&t, (char *)s->data + off, len, &len, NULL);
		s->data[off + len++] = '\0';
	} else {
		/* Digits, as bytes_or_null() found them. */
		for (t.p = text + 1, i = 0; i < len; i++) {
			(void)jtok_hex(&t, 2, &v);
			s->data[off + i] = (unsigned char)v;
		}
	}
	if (e->value <= UINT64_MAX - len)
		s->loads[s->nloads++] = (struct elf_load){ e->value, len, off };
	return 0;
nomem:
	diag_set(x->d, ENOMEM, NULL);
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
 * An element of "entries": its pair into s->rawbuf, what it pointed to
 * into s's memory.  More entries than a vector may have are too large.
 */
static int
entry(struct jtok *j, void *arg)
{
	struct jents *x = arg;
	struct jent e;
	size_t w = 2 * x->n * x->ws;

	if (x->n == AUXV_MAX_ENTRIES) {
		diag_set(x->d, EFBIG, vec_too_large);
		return -1;
	}
	memset(&e, 0, sizeof(e));
	if (jtok_object(j, 1, entry_member, &e) == -1 || e.nnum < 2 ||
	    e.type == 0 ||
	    (x->ws == 4 && (e.type > UINT32_MAX || e.value > UINT32_MAX)))
		return -1;
	/*
	 * AT_RANDOM's bytes are AUXV_RANDOM_LEN, as auxv writes them: more
	 * were cut to them, fewer left unreadable, in silence.
	 */
	if (e.type == AT_NUM_RANDOM && e.bytes != NULL &&
	    e.nbytes != AUXV_RANDOM_LEN) {
		j->p = e.bytes;
		return -1;
	}
	put_word(x->s->rawbuf + w, e.type, x->ws, x->be);
	put_word(x->s->rawbuf + w + x->ws, e.value, x->ws, x->be);
	if (add_memory(x, &e, j->end) == -1)
		return -1;
	x->n++;
	return 0;
}

/*
 * The "entries" array at j->p, in the layout ws and order (the JSON text
 * of "byte_order") give.  Without a layout it is refused where it starts;
 * memory running out is said in *d.
 */
static int
entries(struct jtok *j, struct source *s, uint64_t ws, const char *order,
    struct diag *d)
{
	struct jents x = { s, d, ws, 0, 0, 0, 0 };

	/* Well-formed, but without a member a vector needs: named. */
	if (ws == 0 || order == NULL) {
		diag_set(d, EINVAL,
		    ws == 0 ? "not auxv's JSON: no \"word_size\" member"
		            : "not auxv's JSON: no \"byte_order\" member");
		return -1;
	}
	x.be = strncmp(order, "\"big\"", 5) == 0;
	if (!x.be && strncmp(order, "\"little\"", 8) != 0)
		return -1;
	if (jtok_array(j, entry, &x) == -1)
		return -1;
	memset(s->rawbuf + x.n * 2 * ws, 0, 2 * ws);
	s->vec.raw = s->rawbuf;
	s->vec.rawlen = (x.n + 1) * 2 * ws;
	s->vec.wordsize = (uint8_t)ws;
	s->vec.bigendian = (uint8_t)x.be;
	return 0;
}

/*
 * A member of an "error": its errno and message, kept for a saved
 * failure to be shown again as it was saved (the message in s->why).
 */
static int
error_member(struct jtok *j, const char *k, size_t klen, void *arg)
{
	struct jobj *o = arg;
	const char *set = NULL;

	switch (jn_lookup(k, klen)) {
	case JN_ERRNO:
		return jtok_number(j, &o->err);
	case JN_MESSAGE:
		return proc_name(j, o->s->why, sizeof(o->s->why), &set);
	default:
		return jtok_skip(j);
	}
}

/* A member of the object: what it says of the source, or its layout. */
static int
member(struct jtok *j, const char *k, size_t klen, void *arg)
{
	struct jobj *o = arg;
	struct source *s = o->s;
	size_t len;
	uint64_t v = 0;

	switch (jn_lookup(k, klen)) {
	case JN_SCHEMA: /* a number; a save without it is version 1 */
		return jtok_number(j, &v);
	case JN_WORD_SIZE:
		if (jtok_number(j, &o->ws) == -1 || (o->ws != 4 && o->ws != 8))
			return -1;
		return 0;
	case JN_MACHINE:
		if (jtok_number(j, &o->machine) == -1 || o->machine > 0xffff)
			return -1;
		return 0;
	case JN_BYTE_ORDER:
		jtok_blank(j);
		o->order = j->p;
		return jtok_string(j, NULL, 0, &len, NULL);
	case JN_PID:
		if (jtok_word(j, "null") == -1 && jtok_number(j, &v) == -1)
			return -1;
		s->vec.pid = (pid_t)(v & 0x7fffffff);
		return 0;
	case JN_COMM:
		return proc_name(j, s->comm, sizeof(s->comm), &s->vec.comm);
	case JN_EXE:
		return proc_name(j, s->exe, sizeof(s->exe), &s->vec.exe);
	case JN_ENTRIES:
		/*
		 * The array and its objects are auxv's own levels: a value
		 * inside an entry nests as deep as entries() lets it.
		 */
		jtok_blank(j);
		o->ents = j->p;
		j->depth = -2;
		if (jtok_skip(j) == -1)
			return -1;
		j->depth = 0;
		return 0;
	case JN_ERROR:
		o->failed = 1;
		jtok_blank(j);
		if (j->p < j->end && *j->p == '{')
			return jtok_object(j, 1, error_member, o);
		return jtok_skip(j);
	default:
		return jtok_skip(j);
	}
}

/*
 * The object at j: its vector into s.  0, or -1 where it fails.  Its keys
 * may come in any order (jq -S and Ansible's facts sort them): "entries"
 * is checked as JSON where it stands and read once the object's end has
 * given the layout it needs.
 */
static int
object(struct jtok *j, struct source *s, struct diag *d)
{
	struct jobj o = { s, NULL, NULL, 0, 0, 0, 0 };

	memcpy(s->why, "no vector", sizeof("no vector"));
	if (jtok_object(j, 0, member, &o) == -1)
		return -1;
	if (o.ents == NULL) {
		/*
		 * A saved failure, as it was saved: -a's counts and reports
		 * tell one it may not read from others (DIAG_PERM).
		 */
		if (o.failed) {
			diag_set(d,
			    o.err > 0 && o.err < 4096 ? (int)o.err : ENOENT,
			    s->why);
			d->flags = DIAG_SAVED |
			    (d->err == EACCES || d->err == EPERM ? DIAG_PERM
			                                         : 0);
		}
		return -1;
	}
	j->p = o.ents;
	if (entries(j, s, o.ws, o.order, d) == -1)
		return -1;
	s->vec.machine = (uint16_t)o.machine;
	s->lay = LAY_GIVEN;
	return 0;
}

int
json_is_json(const unsigned char *p, size_t len)
{
	size_t i;

	for (i = jtok_bom(p, len); i < len && jtok_is_blank((char)p[i]); i++)
		;
	return i < len && p[i] == '{';
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
	struct jtok j;

	jtok_init(&j, text, text + len);
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

/* The text being read, object by object. */
struct jbuf {
	char *buf;
	size_t cap, have; /* bytes allocated, bytes held */
	size_t at;        /* where the next object starts */
	uint64_t base;    /* the file offset of buf[0] */
	int fd, eof;
};

/*
 * More of the text into b, the object that starts at b->at moved to the
 * front first: 0, or -1 and *d.  An object is held whole, up to
 * AUXV_MAX_JSON_OBJECT, and no more of the text than it.
 */
static int
more(struct jbuf *b, struct diag *d)
{
	size_t got;
	char *p;

	if (b->have - b->at >= AUXV_MAX_JSON_OBJECT) {
		diag_at(d,
		    "too large: a JSON object of more than 16 MiB at offset",
		    b->base + b->at);
		d->err = EFBIG;
		return -1;
	}
	/*
	 * At the front already (a second pass, the buffer grown), nothing to
	 * move: valgrind takes the fortified memmove of a block onto itself
	 * for a memcpy that overlaps.
	 */
	if (b->at > 0)
		memmove(b->buf, b->buf + b->at, b->have - b->at);
	b->base += b->at;
	b->have -= b->at;
	b->at = 0;
	if (b->have == b->cap) {
		/* Doubled, from a chunk at least, to the bound. */
		b->cap = b->cap < JSON_CHUNK            ? JSON_CHUNK
		    : 2 * b->cap > AUXV_MAX_JSON_OBJECT ? AUXV_MAX_JSON_OBJECT
		                                        : 2 * b->cap;
		if ((p = realloc(b->buf, b->cap)) == NULL) {
			diag_set(d, ENOMEM, NULL);
			return -1;
		}
		b->buf = p;
	}
	if (read_full(b->fd, (unsigned char *)b->buf + b->have,
	        b->cap - b->have, &got) == -1) {
		diag_set(d, errno, NULL);
		return -1;
	}
	b->eof = got == 0;
	b->have += got;
	return 0;
}

/*
 * The next object of the text, from b->at: its length in *n, the rest of
 * the text where it is cut short (the parser says where).  0, or -1 and
 * *d at the end of the text.
 */
static int
next(struct jbuf *b, size_t *n, struct diag *d)
{
	struct jtok_split sp;

	memset(&sp, 0, sizeof(sp));
	for (*n = 0;;) {
		while (sp.pos == 0 && b->at < b->have &&
		    jtok_is_blank(b->buf[b->at]))
			b->at++;
		if (b->at < b->have)
			*n = jtok_split(&sp, b->buf + b->at, b->have - b->at);
		if (*n != 0 || b->eof)
			break;
		if (more(b, d) == -1)
			return -1;
	}
	if (b->at == b->have) {
		diag_set(d, ESRCH, "no object of that --pid in the file");
		return -1;
	}
	if (*n == 0)
		*n = b->have - b->at;
	return 0;
}

/*
 * The next object of the text into s: 0, 1 when it is not pid's (any,
 * when 0), or -1 and *d.  The text is read on past it in any case.
 */
static int
step(struct jbuf *b, struct source *s, pid_t pid, struct diag *d)
{
	size_t n;
	int rc;

	if (next(b, &n, d) == -1)
		return -1;
	rc = one(s, b->buf + b->at, n, b->base + b->at, pid, d);
	b->at += n;
	return rc;
}

/*
 * Reads objects from the text, the first len bytes of which are at head
 * and the rest, if fd is not -1, on fd, until the first one whose "pid"
 * is pid; it goes into s.  0, or -1 and *d ("not auxv's JSON: malformed
 * at offset N", "no object with pid").  With pid 0, the first object,
 * and s keeps the text for json_read_next() where it is a vector or a saved
 * failure (DIAG_SAVED in *d).
 */
int
json_read(struct source *s, const unsigned char *head, size_t len, int fd,
    pid_t pid, struct diag *d)
{
	struct jbuf *b;
	int rc;

	if ((b = malloc(sizeof(*b))) == NULL) {
		diag_set(d, ENOMEM, NULL);
		return -1;
	}
	*b = (struct jbuf){ NULL, len > JSON_CHUNK ? len : JSON_CHUNK, len, 0,
		0, fd, fd == -1 };
	if ((b->buf = malloc(b->cap)) == NULL) {
		free(b);
		diag_set(d, ENOMEM, NULL);
		return -1;
	}
	memcpy(b->buf, head, len);
	b->at = jtok_bom(head, len);
	while ((rc = step(b, s, pid, d)) == 1)
		;
	s->json = b;
	if (pid != 0 || (rc == -1 && !(d->flags & DIAG_SAVED)))
		json_read_close(s);
	return rc;
}

/*
 * Whether another object follows the one json_read() or json_read_next()
 * read: 1, 0 at the end of the text, or -1 and *d where it could not be
 * read.
 */
int
json_read_more(struct source *s, struct diag *d)
{
	struct jbuf *b = s->json;

	if (b == NULL)
		return 0;
	for (;;) {
		while (b->at < b->have && jtok_is_blank(b->buf[b->at]))
			b->at++;
		if (b->at < b->have)
			return 1;
		if (b->eof)
			return 0;
		if (more(b, d) == -1)
			return -1;
	}
}

/*
 * The object after the last one read into s: 0, 1 at the end of the
 * text, or -1 and *d (DIAG_SAVED: a saved failure, and the text reads
 * on).
 */
int
json_read_next(struct source *s, struct diag *d)
{
	int rc;

	if ((rc = json_read_more(s, d)) != 1)
		return rc == 0 ? 1 : -1;
	return step(s->json, s, 0, d);
}

/* Lets go of the text json_read() kept. */
void
json_read_close(struct source *s)
{
	if (s->json == NULL)
		return;
	free(s->json->buf);
	free(s->json);
	s->json = NULL;
}
