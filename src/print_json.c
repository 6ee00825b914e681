/*
 * One JSON object per source, one per line.  Integers are printed exactly
 * (JSON has no size limit; a reader that wants exactness parses them as
 * such), and every string goes through esc_json.
 */
#include <inttypes.h>
#include <string.h>

#include "arch.h"
#include "esc.h"
#include "print.h"

static const char *const kinds[] = {
	[SRC_SELF] = "self",
	[SRC_PID] = "pid",
	[SRC_FILE] = "file",
	[SRC_CORE] = "core",
	[SRC_EXEC] = "exec",
};

static void
put_str(FILE *f, const char *s)
{
	if (s == NULL)
		fputs("null", f);
	else
		esc_json(f, s, strlen(s));
}

static void
json_head(FILE *f, const struct auxv_vec *v)
{
	fputs("{\"source\":", f);
	put_str(f, kinds[v->kind]);
	fputs(",\"label\":", f);
	put_str(f, v->label);
	if (v->kind == SRC_SELF || v->kind == SRC_PID || v->kind == SRC_EXEC) {
		if (v->pid > 0)
			fprintf(f, ",\"pid\":%ld", (long)v->pid);
		else
			fputs(",\"pid\":null", f);
	}
	if (v->kind == SRC_FILE || v->kind == SRC_CORE) {
		fputs(",\"path\":", f);
		put_str(f, v->path);
	}
	if (v->kind == SRC_EXEC) {
		fputs(",\"command\":", f);
		put_str(f, v->path);
	}
}

static void
json_layout(FILE *f, const struct auxv_vec *v)
{
	fputs(",\"arch\":", f);
	put_str(f, v->arch != NULL ? v->arch->name : NULL);
	fprintf(f, ",\"machine\":%u,\"word_size\":%u,\"byte_order\":\"%s\"",
	    v->machine, v->wordsize, v->bigendian ? "big" : "little");
}

static void
json_entry(FILE *f, const struct decoded *d)
{
	unsigned int i;
	const char *sep = "";

	fprintf(f, "{\"type\":%" PRIu64 ",\"name\":", d->type);
	if (d->at != NULL)
		fprintf(f, "\"AT_%s\"", d->at->name);
	else
		fputs("null", f);
	fprintf(f, ",\"value\":%" PRIu64 ",\"hex\":\"0x%" PRIx64 "\"", d->value,
	    d->value);
	switch (d->form) {
	case F_STR:
		fputs(",\"string\":", f);
		if (d->readable)
			esc_json(f, d->str, d->strlen);
		else
			fputs("null", f);
		if (d->readable && d->truncated)
			fputs(",\"truncated\":true", f);
		break;
	case F_RANDOM:
		fputs(",\"bytes\":", f);
		if (!d->readable) {
			fputs("null", f);
			break;
		}
		putc('"', f);
		for (i = 0; i < sizeof(d->bytes); i++)
			fprintf(f, "%02x", d->bytes[i]);
		putc('"', f);
		break;
	case F_HWCAP:
	case F_HWCAP2:
	case F_HWCAP3:
	case F_HWCAP4:
		fputs(",\"flags\":[", f);
		for (i = 0; i < 64; i++)
			if ((d->value >> i & 1) &&
			    decode_bit_name(d, i) != NULL) {
				fputs(sep, f);
				put_str(f, decode_bit_name(d, i));
				sep = ",";
			}
		fprintf(f, "],\"unknown_bits\":%" PRIu64, d->unknown_bits);
		break;
	default:
		break;
	}
	if (d->at != NULL) {
		fputs(",\"description\":", f);
		put_str(f, d->at->desc);
	}
	putc('}', f);
}

static void
json_error(FILE *f, const struct diag *dg, const char *msg)
{
	fprintf(f, ",\"error\":{\"errno\":%d,\"message\":", dg->err);
	put_str(f, msg);
	if (dg->has_offset)
		fprintf(f, ",\"offset\":%" PRIu64, dg->offset);
	putc('}', f);
}

static void
json_vector(FILE *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	size_t i;

	json_head(f, v);
	json_layout(f, v);
	fputs(",\"entries\":[", f);
	for (i = 0; i < n; i++) {
		if (i > 0)
			putc(',', f);
		json_entry(f, &d[i]);
	}
	putc(']', f);
	if (c->partial != NULL)
		json_error(f, c->partial, c->partial_msg);
	fputs("}\n", f);
}

static void
json_failure(FILE *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct diag *dg, const char *msg)
{
	(void)c;
	json_head(f, v);
	json_error(f, dg, msg);
	fputs("}\n", f);
}

const struct printer pr_json = {
	"json",
	PR_DECODE,
	json_vector,
	json_failure,
};
