/*
 * The vDSO behind AT_SYSINFO_EHDR and the program headers behind AT_PHDR,
 * as text after an entry's value (human, -v) and as members of its JSON
 * object: one walk of each, o NULL for text.  Every string from the
 * target goes through esc.c.
 */
#include <string.h>

#include "at.h"
#include "elfdefs.h"
#include "esc.h"
#include "json_names.h"
#include "print.h"
#include "print_follow.h"

static void
put_str(struct out *f, const struct json *o, const char *s, size_t len)
{
	if (o != NULL)
		esc_json(f, s, len);
	else
		esc_human(f, s, len);
}

static void
put_img(struct out *f, const struct json *o, const struct vdso_info *vi,
    const struct fw_str *s)
{
	put_str(f, o, (const char *)vi->img + s->off, s->len);
}

/* Before an item of a list: in text first, then sep; in JSON a comma. */
static void
next(struct json *l, const struct json *o, const char *first, char sep)
{
	if (o != NULL)
		json_next(l);
	else if (l->n++ == 0)
		out_str(l->f, first);
	else
		out_char(l->f, sep);
}

/* A member's key in JSON, the words that stand for it in text. */
#define KEY(o, f, k, text) ((o) != NULL ? jn_key((o), k) : out_str((f), (text)))

/* A name of our tables, or in 0x hex the number that has none. */
static void
put_named(struct out *f, const char *name, uint64_t num)
{
	if (name != NULL)
		out_str(f, name);
	else {
		out_str(f, "0x");
		out_hex(f, num);
	}
}

/* A malformed part: in text after the rest, in JSON an error's value. */
static void
put_bad(struct out *f, const struct json *o, const char *what, int has_off,
    uint64_t off)
{
	struct json e = { f, 0 };
	struct json *eo = o != NULL ? &e : NULL;

	if (what == NULL) {
		if (o != NULL)
			out_str(f, "null");
		return;
	}
	out_str(f, o != NULL ? "{" : " (malformed: ");
	KEY(eo, f, JN_MESSAGE, "");
	put_str(f, o, what, strlen(what));
	if (has_off) {
		KEY(eo, f, JN_OFFSET, " at offset ");
		out_dec(f, off);
	}
	out_char(f, o != NULL ? '}' : ')');
}

/* What a PT_INTERP or PT_GNU_PROPERTY that was not read shows. */
static void
put_state(struct out *f, const struct json *o, enum fw_state st)
{
	if (o != NULL)
		out_str(f, "null");
	else if (st == FW_UNREADABLE)
		out_str(f, "(unreadable)");
	else if (st == FW_BAD)
		out_str(f, "(malformed)");
}

/* The vDSO's soname and build ID: JSON members, or text words. */
static void
put_vdso_ids(struct out *f, struct json *v, const struct vdso_info *vi)
{
	if (v != NULL) {
		jn_key(v, JN_SIZE);
		out_dec(f, vi->len);
		jn_key(v, JN_SONAME);
		json_str(f,
		    vi->has_soname ? (const char *)vi->img + vi->soname.off
		                   : NULL,
		    vi->soname.len);
		jn_key(v, JN_BUILD_ID);
		json_hexbytes(f, vi->build_id, vi->build_id_len);
		return;
	}
	out_char(f, ' ');
	if (vi->has_soname) {
		out_str(f, " soname=");
		put_img(f, v, vi, &vi->soname);
	}
	if (vi->build_id_len > 0) {
		out_str(f, " build-id=");
		out_hexbytes(f, vi->build_id, vi->build_id_len);
	}
}

/* A function: name@@VERSION as readelf (name@VERSION if hidden), or JSON. */
static void
put_vdso_sym(struct out *f, const struct json *o, const struct vdso_info *vi,
    const struct vdso_sym *y)
{
	struct json s = { f, 0 };

	if (o == NULL) {
		put_img(f, o, vi, &y->name);
		if (y->ver >= 0) {
			out_str(f, y->hidden ? "@" : "@@");
			put_img(f, o, vi, &vi->ver[y->ver].name);
		}
		return;
	}
	out_char(f, '{');
	jn_key(&s, JN_NAME);
	put_img(f, o, vi, &y->name);
	jn_key(&s, JN_VERSION);
	if (y->ver >= 0)
		put_img(f, o, vi, &vi->ver[y->ver].name);
	else
		out_str(f, "null");
	jn_key(&s, JN_DEFAULT);
	out_str(f, y->hidden ? "false" : "true");
	jn_key(&s, JN_WEAK);
	out_str(f, y->weak ? "true}" : "false}");
}

static void
put_vdso(struct out *f, struct json *o, const struct vdso_info *vi)
{
	struct json v = { f, 0 }, l = { f, 0 };
	size_t i;

	if (o != NULL) {
		jn_key(o, JN_VDSO);
		out_char(f, '{');
		put_vdso_ids(f, &v, vi);
		jn_key(&v, JN_VERSIONS);
		out_char(f, '[');
	} else
		put_vdso_ids(f, NULL, vi);
	for (i = 0; i < vi->nver; i++) {
		if (vi->ver[i].flags & VER_FLG_BASE)
			continue;
		next(&l, o, " versions=", ',');
		put_img(f, o, vi, &vi->ver[i].name);
	}
	if (o != NULL) {
		out_char(f, ']');
		jn_key(&v, JN_FUNCTIONS);
		out_char(f, '[');
	}
	for (i = 0, l.n = 0; i < vi->nsym; i++) {
		next(&l, o, " functions=", ',');
		put_vdso_sym(f, o, vi, &vi->sym[i]);
	}
	if (o != NULL) {
		out_char(f, ']');
		jn_key(&v, JN_ERROR);
	}
	put_bad(f, o, vi->bad, 1, vi->badoff);
	if (o != NULL)
		out_char(f, '}');
}

/* The names of a GNU property's bits, for struct bits. */
struct prop_key {
	uint16_t machine;
	uint32_t type;
};

static const char *
prop_bit(const void *k, unsigned int bit, size_t *len)
{
	const struct prop_key *p = k;
	const char *name = phdr_prop_bit(p->machine, p->type, bit);

	*len = name != NULL ? strlen(name) : 0;
	return name;
}

static void
put_props(struct out *f, struct json *o, const struct phdrs_info *pi)
{
	struct json l = { f, 0 };
	size_t i;

	if (o != NULL)
		out_char(f, '[');
	for (i = 0; i < pi->nprop; i++) {
		const struct phdr_prop *pr = &pi->prop[i];
		const char *name = phdr_prop_name(pi->machine, pr->type);
		struct prop_key k = { pi->machine, pr->type };
		struct bits w = { prop_bit, &k, 0, pr->value, 0, NULL, 0, 0 };
		int bits = phdr_prop_bit(pi->machine, pr->type, 0) != NULL;
		struct json p = { f, 0 };

		next(&l, o, "", ';');
		if (o != NULL) {
			out_char(f, '{');
			jn_key(&p, JN_TYPE);
			out_dec(f, pr->type);
			jn_key(&p, JN_NAME);
			json_strz(f, name);
			jn_key(&p, JN_VALUE);
			out_dec(f, pr->value);
			if (bits)
				pr_bits_json(&p, &w);
			out_char(f, '}');
			continue;
		}
		put_named(f, name, pr->type);
		out_char(f, ':');
		if (bits)
			pr_bits_text(f, &w, 0, ',');
		else
			out_dec(f, pr->value);
	}
	if (o != NULL)
		out_char(f, ']');
}

/* A segment's flags as readelf's letters, in its order: R, W, X. */
static void
put_pflags(struct out *f, const struct json *o, uint32_t flags)
{
	static const char letters[8][4] = { "", "X", "W", "WX", "R", "RX", "RW",
		"RWX" };
	const char *c = letters[flags & 7];
	struct json l = { f, 0 };

	if (o == NULL) {
		out_char(f, '(');
		out_str(f, c);
		out_char(f, ')');
		return;
	}
	out_char(f, '[');
	for (; *c != '\0'; c++) {
		json_next(&l);
		json_lit(f, c, 1);
	}
	out_char(f, ']');
}

/* What a PT_INTERP, PT_TLS or PT_GNU_PROPERTY holds besides. */
static void
put_phdr_more(struct out *f, struct json *eo, const struct phdrs_info *pi,
    const struct elf_phdr *ph)
{
	switch (ph->type) {
	case PT_INTERP:
		KEY(eo, f, JN_INTERP, "=");
		if (pi->interp_state == FW_OK)
			put_str(f, eo, pi->interp, pi->interplen);
		else
			put_state(f, eo, pi->interp_state);
		break;
	case PT_TLS:
		KEY(eo, f, JN_TLS_SIZE, "=size:");
		out_dec(f, ph->memsz);
		break;
	case PT_GNU_PROPERTY:
		KEY(eo, f, JN_PROPERTIES, "=");
		if (pi->prop_state == FW_OK)
			put_props(f, eo, pi);
		else
			put_state(f, eo, pi->prop_state);
		break;
	default:
		break;
	}
}

/* One program header: TYPE(FLAGS) in text, an object in JSON. */
static void
put_phdr(struct out *f, const struct json *o, const struct phdrs_info *pi,
    const struct elf_phdr *ph)
{
	const char *name = phdr_type_name(ph->type);
	struct json e = { f, 0 };

	if (o == NULL) {
		put_named(f, name, ph->type);
		put_pflags(f, o, ph->flags);
		put_phdr_more(f, NULL, pi, ph);
		return;
	}
	out_char(f, '{');
	jn_key(&e, JN_TYPE);
	out_dec(f, ph->type);
	jn_key(&e, JN_NAME);
	if (name != NULL) {
		out_str(f, "\"PT_");
		out_str(f, name);
		out_char(f, '"');
	} else
		out_str(f, "null");
	jn_key(&e, JN_FLAGS);
	put_pflags(f, o, ph->flags);
	jn_key(&e, JN_OFFSET);
	out_dec(f, ph->offset);
	jn_key(&e, JN_VADDR);
	out_dec(f, ph->vaddr);
	jn_key(&e, JN_FILESZ);
	out_dec(f, ph->filesz);
	jn_key(&e, JN_MEMSZ);
	out_dec(f, ph->memsz);
	jn_key(&e, JN_ALIGN);
	out_dec(f, ph->align);
	put_phdr_more(f, &e, pi, ph);
	out_char(f, '}');
}

static void
put_phdrs(struct out *f, struct json *o, const struct phdrs_info *pi)
{
	struct json l = { f, 0 };
	size_t i;

	if (o != NULL) {
		jn_key(o, JN_PHDRS);
		out_char(f, '[');
	} else
		out_char(f, ' ');
	for (i = 0; i < pi->n; i++) {
		next(&l, o, " ", ' ');
		put_phdr(f, o, pi, &pi->ph[i]);
	}
	if (o != NULL) {
		out_char(f, ']');
		jn_key(o, JN_PHDRS_ERROR);
	}
	put_bad(f, o, pi->bad, 0, 0);
}

/*
 * What an entry points to, when it is the one that was followed: only
 * the first AT_SYSINFO_EHDR and AT_PHDR of a vector are (a crafted
 * vector may repeat them; the memory is read once).  In JSON, every
 * other of these entries has null.
 */
static void
put(struct out *f, struct json *o, const struct followed *fo, int vdso)
{
	if (vdso)
		put_vdso(f, o, &fo->vi);
	else
		put_phdrs(f, o, &fo->pi);
}

/*
 * The vDSO or the program headers, from m where follow_vector() says they
 * are those written last; else written into m first, where they fit.
 */
static void
put_memo(struct out *f, struct json *o, const struct followed *fo, int vdso,
    struct pr_memo_text *m, int same)
{
	int lead = o != NULL && o->n > 0;

	if (m != NULL && (!same || !m->ok || m->lead != lead)) {
		struct json mo = { &m->out, o != NULL ? o->n : 0 };

		m->out.len = 0;
		m->out.err = 0;
		m->out.fd = -1;
		put(&m->out, o != NULL ? &mo : NULL, fo, vdso);
		m->ok = m->out.err == 0 && m->out.len > 0;
		m->lead = lead;
		m->dn = mo.n - (o != NULL ? o->n : 0);
	}
	/* Longer than the memo's buffer: written as it goes. */
	if (m == NULL || !m->ok) {
		put(f, o, fo, vdso);
		return;
	}
	out_mem(f, m->out.buf, m->out.len);
	if (o != NULL)
		o->n += m->dn;
}

void
pr_follow(struct out *f, struct json *o, const struct followed *fo,
    const struct decoded *d, size_t i, struct pr_memo *memo)
{
	if (i == fo->vdso_at && fo->vdso == FOLLOW_READ)
		put_memo(f, o, fo, 1, memo != NULL ? &memo->vdso : NULL,
		    fo->vdso_same);
	else if (i == fo->phdrs_at && fo->phdrs == FOLLOW_READ)
		put_memo(f, o, fo, 0, memo != NULL ? &memo->phdrs : NULL,
		    fo->phdrs_same);
	else if (o != NULL && d->type == AT_NUM_SYSINFO_EHDR) {
		jn_key(o, JN_VDSO);
		out_str(f, "null");
	} else if (o != NULL && d->type == AT_NUM_PHDR) {
		jn_key(o, JN_PHDRS);
		out_str(f, "null");
	} else if (o == NULL && (i == fo->vdso_at || i == fo->phdrs_at))
		out_str(f, "  (unreadable)");
}
