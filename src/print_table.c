/*
 * -o table: one row per source (its PID or label, its name), one column
 * per -k key, values as --value shows them, under a header line.  The
 * columns are as wide as their widest cell, in display columns, so the
 * rows are kept until the last source and laid out then.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include "at.h"
#include "esc.h"
#include "print.h"

/* What a row holds where there is nothing: no entry, no name. */
#define NONE "-"

/* Cells are kept as text, each ended by this byte, which escaped text
 * never holds (esc_human escapes every control character). */
#define CELL_END '\037'

/* The widest PID (pid_max is at most 2^22) and name (TASK_COMM_LEN - 1). */
#define PID_COLS  7
#define COMM_COLS 15

/* -o table without -k. */
static const uint64_t default_keys[] = {
	AT_NUM_SECURE,
	AT_NUM_PLATFORM,
	AT_NUM_HWCAP,
	AT_NUM_HWCAP2,
	AT_NUM_EXECFN,
};

static const uint64_t *
keys(const struct opts *o, size_t *n)
{
	if (o->nkeys > 0) {
		*n = o->nkeys;
		return o->keys;
	}
	*n = NITEMS(default_keys);
	return default_keys;
}

/*
 * The display columns of the character at p, of at most len bytes, and
 * its length in *n: wcwidth(3) under the user's LC_CTYPE, which main
 * sets for this format alone.  Cells are escaped (ASCII and valid UTF-8
 * only); a character the locale can't decode or doesn't know counts one
 * column, as a terminal shows a replacement for it.
 */
static size_t
char_cols(const char *p, size_t len, size_t *n)
{
	mbstate_t st;
	wchar_t wc;
	size_t k;
	int w;

	if ((unsigned char)*p < 0x80) {
		*n = 1;
		return 1;
	}
	memset(&st, 0, sizeof(st));
	k = mbrtowc(&wc, p, len, &st);
	if (k == 0 || k > len) {
		for (k = 1; k < len && ((unsigned char)p[k] & 0xc0) == 0x80;
		     k++)
			;
		w = 1;
	} else if ((w = wcwidth(wc)) < 0)
		w = 1;
	*n = k;
	return (size_t)w;
}

/* The display columns a cell takes. */
static size_t
cols(const char *s, size_t len)
{
	size_t i, k, n = 0;

	for (i = 0; i < len; i += k)
		n += char_cols(s + i, len - i, &k);
	return n;
}

/* Ends the cell that the scratch buffer holds: onto the rows, widened. */
static void
end_cell(struct table *t, size_t col)
{
	struct out *c = &t->cell;
	size_t w = cols(c->buf, c->len);
	char *p;

	if (t->len > SIZE_MAX - c->len - 1)
		c->len = 0;
	if (t->len + c->len + 1 > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 4096;

		while (cap < t->len + c->len + 1)
			cap *= 2;
		if ((p = realloc(t->buf, cap)) == NULL) {
			t->err = 1;
			c->len = 0;
			return;
		}
		t->buf = p;
		t->cap = cap;
	}
	memcpy(t->buf + t->len, c->buf, c->len);
	t->len += c->len;
	t->buf[t->len++] = CELL_END;
	if (col < TABLE_MAX_COLS && w > t->width[col])
		t->width[col] = w;
	c->len = 0;
}

/* The terminal's width, or 0 when standard output is not a terminal. */
static size_t
term_width(int fd)
{
	struct winsize ws;

	if (!isatty(fd) || ioctl(fd, TIOCGWINSZ, &ws) == -1)
		return 0;
	return ws.ws_col;
}

/*
 * A line of cells, each padded to its column's width but the last.  Where
 * there is a terminal, the line is cut at its width, in display columns:
 * whole characters only, and no padding written after the last that fits.
 */
static void
put_row(struct out *f, const struct table *t, const char *p, size_t ncol,
    size_t max)
{
	size_t i, len, w, used = 0, pad = 0, take, k, room;
	const char *end;
	int cut;

	for (i = 0; i < ncol; i++, p = end + 1) {
		end = memchr(p, CELL_END, (size_t)(t->buf + t->len - p));
		len = take = (size_t)(end - p);
		w = cols(p, len);
		if ((cut = max > 0 && used + pad + w > max)) {
			room = max > used + pad ? max - used - pad : 0;
			for (take = 0, w = 0; take < len; take += k) {
				w += char_cols(p + take, len - take, &k);
				if (w > room)
					break;
			}
			if (take == 0)
				break;
		}
		used += pad + w;
		for (; pad > 0; pad--)
			out_char(f, ' ');
		out_mem(f, p, take);
		if (cut)
			break;
		/* Owed before the next cell: this one's padding, the gap. */
		pad = (w < t->width[i] ? t->width[i] - w : 0) + 2;
	}
	out_char(f, '\n');
}

/* The header's cells, as one more row at the end of the buffer. */
static void
header_cells(struct table *t, const struct opts *o)
{
	const struct at_type *a;
	const uint64_t *k;
	size_t nk, i;

	k = keys(o, &nk);
	/* One name whatever the sources, as ps(1) names it: a file's row
	 * holds its name there, self's the word self. */
	out_str(&t->cell, "PID");
	end_cell(t, 0);
	out_str(&t->cell, "COMM");
	end_cell(t, 1);
	for (i = 0; i < nk; i++) {
		if ((a = at_lookup(k[i], AF_ALL)) != NULL)
			pr_name(&t->cell, a, k[i]);
		else {
			out_str(&t->cell, "0x");
			out_hex(&t->cell, k[i]);
		}
		end_cell(t, 2 + i);
	}
}

/*
 * --watch: the row just added, printed at once, under the header at the
 * first.  Later rows are not known, so the columns start as wide as a
 * PID and a name can be, and widen as wider cells come.
 */
static void
stream_row(struct out *f, const struct pr_ctx *c, size_t nk)
{
	struct table *t = c->table;
	size_t max = term_width(f->fd), row = t->len;

	if (t->nrows == 1) {
		if (t->width[0] < PID_COLS)
			t->width[0] = PID_COLS;
		if (t->width[1] < COMM_COLS)
			t->width[1] = COMM_COLS;
		header_cells(t, c->opts);
	}
	if (t->err) {
		t->err = 0;
		t->lost = 1;
		t->len = 0;
		return;
	}
	if (t->len > row)
		put_row(f, t, t->buf + row, 2 + nk, max);
	put_row(f, t, t->buf, 2 + nk, max);
	t->len = 0;
}

static void
table_vector(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	struct table *t = c->table;
	const uint64_t *k;
	size_t nk, i, j;

	(void)f;
	k = keys(c->opts, &nk);
	esc_human(&t->cell, v->label, strlen(v->label));
	end_cell(t, 0);
	if (v->comm != NULL)
		esc_human(&t->cell, v->comm, strlen(v->comm));
	else
		out_str(&t->cell, NONE);
	end_cell(t, 1);
	for (i = 0; i < nk; i++) {
		for (j = 0; j < n && d[j].type != k[i]; j++)
			;
		if (j < n)
			pr_value(&t->cell, &d[j]);
		else
			out_str(&t->cell, NONE);
		end_cell(t, 2 + i);
	}
	t->nrows++;
	if (t->stream)
		stream_row(f, c, nk);
}

/* Prints the rows held, under the header: 0, or -1 and ENOMEM. */
static int
table_finish(struct out *f, const struct pr_ctx *c)
{
	struct table *t = c->table;
	size_t nk, ncol, i, max, hlen = t->len;
	int lost = t->lost;
	char *p;

	if (!t->stream) {
		(void)keys(c->opts, &nk);
		ncol = 2 + nk;
		/* The header, as one more row at the end, printed first. */
		header_cells(t, c->opts);
		lost = t->err;
	}
	if (!t->stream && !lost) {
		max = term_width(f->fd);
		put_row(f, t, t->buf + hlen, ncol, max);
		for (i = 0, p = t->buf; i < t->nrows; i++) {
			put_row(f, t, p, ncol, max);
			for (size_t j = 0; j < ncol; j++)
				p = (char *)memchr(p, CELL_END,
				        (size_t)(t->buf + t->len - p)) +
				    1;
		}
	}
	free(t->buf);
	t->buf = NULL;
	if (!lost)
		return 0;
	errno = ENOMEM;
	return -1;
}

const struct printer pr_table = { "table",
	.flags = PR_DECODE | PR_NAMES | PR_WIDTH, .vector = table_vector,
	.finish = table_finish };
