/*
 * The table of formats and what the formats share.
 */
#include "print.h"
#include <string.h>

#include "arch.h"
#include "check.h"
#include "esc.h"
#include "json_names.h"

static const struct printer *const printers[] = {
	&pr_human,
	&pr_od,
	&pr_json,
	&pr_raw,
	&pr_table,
};

const char pr_check_words[][8] = {
	[CHECK_OK] = "ok",
	[CHECK_FAIL] = "FAIL",
	[CHECK_NODATA] = "no data",
};

const struct printer *
pr_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(printers) / sizeof(printers[0]); i++)
		if (strcmp(printers[i]->name, name) == 0)
			return printers[i];
	return NULL;
}

/* Names the source when there are several, as head(1) does. */
void
pr_header(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v)
{
	if (!c->multi)
		return;
	if (!c->first)
		out_char(f, '\n');
	out_str(f, "==> ");
	pr_label(f, v);
	out_str(f, " <==\n");
}

/* The source's label, and its program's name where known. */
void
pr_label(struct out *f, const struct auxv_vec *v)
{
	esc_human(f, v->label, strlen(v->label));
	if (v->comm != NULL) {
		out_str(f, " (");
		esc_human(f, v->comm, strlen(v->comm));
		out_char(f, ')');
	}
}

/* A type's name; one nobody names as "AT_??? (0xTYPE)". */
void
pr_name(struct out *f, const struct at_type *a, uint64_t type)
{
	char *p;

	if (a == NULL) {
		out_str(f, "AT_??? (0x");
		out_hex(f, type);
		out_char(f, ')');
		return;
	}
	p = out_reserve(f, PR_NAME_MAX);
	f->len += (size_t)(pr_at_name(p, a) - p);
}

/*
 * The value text of an entry: decimal for sizes and IDs, 0x hex, the
 * string for a readable string; bare is what F_HEX and F_HWCAP's hex
 * starts with, "" as glibc's LD_SHOW_AUXV prints them.
 */
static void
put_value(struct out *f, const struct decoded *d, const char *bare)
{
	/* A type nobody names shows 0x hex, as on its AT_??? line. */
	switch (d->at == NULL ? F_ADDR : d->form) {
	case F_DEC:
	case F_ID:
	case F_BOOL:
		out_dec(f, d->value);
		break;
	case F_HEX:
	case F_HWCAP:
		out_str(f, bare);
		out_hex(f, d->value);
		break;
	case F_STR:
		if (d->readable) {
			esc_human(f, d->str, d->strlen);
			break;
		}
		out_str(f, "0x");
		out_hex(f, d->value);
		break;
	default:
		out_str(f, "0x");
		out_hex(f, d->value);
		break;
	}
}

/* The value as the human format and the table show it, glibc's text. */
void
pr_value(struct out *f, const struct decoded *d)
{
	put_value(f, d, "");
}

/*
 * The value as --value prints it for a script: every hex number after
 * 0x, one form that shell arithmetic reads ($((v & 0x10))).
 */
void
pr_script_value(struct out *f, const struct decoded *d)
{
	put_value(f, d, "0x");
}

/*
 * The names, then unknown:0x and the bits without one: lead spaces before
 * the first, sep between them.
 */
void
pr_bits_text(struct out *f, struct bits *w, size_t lead, char sep)
{
	static const char spaces[2] = "  ";
	struct bits b = *w; /* not in memory that writes may touch */
	size_t n = 0;

	w = &b;
	while (bits_next(w)) {
		if (w->name == NULL)
			continue;
		if (n++ == 0)
			out_mem(f, spaces, lead);
		else
			out_char(f, sep);
		/* A few stores at a size known when compiled, not memcpy. */
		if (w->width == HWCAP_NAME_LEN)
			out_fixed(f, w->name, HWCAP_NAME_LEN, w->len);
		else
			out_mem(f, w->name, w->len);
	}
	if (w->unknown != 0) {
		if (n == 0)
			out_mem(f, spaces, lead);
		else
			out_char(f, sep);
		out_str(f, "unknown:0x");
		out_hex(f, w->unknown);
	}
}

/* The members "flags", the list of names, and "unknown_bits". */
void
pr_bits_json(struct json *o, struct bits *w)
{
	struct json l = { o->f, 0 };

	jn_key(o, JN_FLAGS);
	out_char(o->f, '[');
	while (bits_next(w)) {
		if (w->name == NULL)
			continue;
		json_next(&l);
		json_lit(o->f, w->name, w->len);
	}
	out_char(o->f, ']');
	jn_key(o, JN_UNKNOWN_BITS);
	out_dec(o->f, w->unknown);
}

static const char kinds[][8] = {
	[SRC_SELF] = "self",
	[SRC_PID] = "pid",
	[SRC_FILE] = "file",
	[SRC_CORE] = "core",
	[SRC_EXEC] = "exec",
};

/* A PID, or null where it is not known. */
void
pr_json_id(struct out *f, pid_t id)
{
	if (id > 0)
		out_dec(f, (uint64_t)id);
	else
		out_str(f, "null");
}

/* The members that say what a vector is, in the order they are written. */
static const uint8_t vec_members[] = { JN_SCHEMA, JN_SOURCE, JN_LABEL, JN_PID,
	JN_COMM, JN_EXE, JN_PATH, JN_COMMAND, JN_ARCH, JN_MACHINE, JN_WORD_SIZE,
	JN_BYTE_ORDER };

/*
 * Writes the members in which (a set of JN_BIT(x)) that say what v is,
 * in the order above: the head of an object, its layout, and each side
 * of --diff.
 */
void
pr_json_vec(struct json *o, const struct auxv_vec *v, uint64_t which)
{
	struct out *f = o->f;
	size_t i;
	unsigned int n;

	for (i = 0; i < NITEMS(vec_members); i++) {
		if ((which & (uint64_t)1 << (n = vec_members[i])) == 0)
			continue;
		jn_key(o, n);
		switch (n) {
		case JN_SCHEMA:
			out_dec(f, PR_JSON_SCHEMA);
			break;
		case JN_SOURCE:
			json_strz(f, kinds[v->kind]);
			break;
		case JN_LABEL:
			json_strz(f, v->label);
			break;
		case JN_PID:
			pr_json_id(f, v->pid);
			break;
		case JN_COMM:
			json_strz(f, v->comm);
			break;
		case JN_EXE:
			json_strz(f, v->exe);
			break;
		case JN_ARCH:
			json_strz(f, v->arch != NULL ? v->arch->name : NULL);
			break;
		case JN_MACHINE:
			out_dec(f, v->machine);
			break;
		case JN_WORD_SIZE:
			out_dec(f, v->wordsize);
			break;
		case JN_BYTE_ORDER:
			out_str(f, v->bigendian ? "\"big\"" : "\"little\"");
			break;
		default: /* JN_PATH, JN_COMMAND: the file, or the command run */
			json_strz(f, v->path);
			break;
		}
	}
}
