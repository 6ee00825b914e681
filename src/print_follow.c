/*
 * The vDSO behind AT_SYSINFO_EHDR and the program headers behind AT_PHDR,
 * as text after an entry's value (human, -v) and as members of its JSON
 * object.  Every string from the target goes through esc.c.
 */
#include <elf.h>
#include <string.h>

#include "at.h"
#include "esc.h"
#include "follow.h"
#include "print_follow.h"

/* What becomes of an entry: followed, unreadable, or not for us. */
enum follow_what { FOLLOW_NOT, FOLLOW_NO_MEM, FOLLOW_VDSO, FOLLOW_PHDR };

/*
 * Only the first AT_SYSINFO_EHDR and AT_PHDR of a vector were followed
 * (a crafted vector may repeat them; the memory is read once).
 */
static enum follow_what
to_follow(
    const struct followed *fo, const struct decoded *d, unsigned int *done)
{
	if (d->type == AT_NUM_SYSINFO_EHDR && !(*done & PR_FOLLOWED_VDSO)) {
		*done |= PR_FOLLOWED_VDSO;
		return fo->vdso == FOLLOW_READ ? FOLLOW_VDSO : FOLLOW_NO_MEM;
	}
	if (d->type == AT_NUM_PHDR && !(*done & PR_FOLLOWED_PHDR)) {
		*done |= PR_FOLLOWED_PHDR;
		return fo->phdrs == FOLLOW_READ ? FOLLOW_PHDR : FOLLOW_NO_MEM;
	}
	return FOLLOW_NOT;
}

static void
put_human(struct out *f, const unsigned char *img, const struct fw_str *s)
{
	esc_human(f, (const char *)img + s->off, s->len);
}

static void
put_json(struct out *f, const unsigned char *img, const struct fw_str *s)
{
	esc_json(f, (const char *)img + s->off, s->len);
}

static void
human_bad(struct out *f, const char *what, int has_off, uint64_t off)
{
	out_str(f, " (malformed: ");
	out_str(f, what);
	if (has_off) {
		out_str(f, " at offset ");
		out_dec(f, off);
	}
	out_char(f, ')');
}

/* name@@VERSION as readelf shows it; name@VERSION when hidden. */
static void
human_sym(struct out *f, const struct vdso_info *vi, const struct vdso_sym *y)
{
	put_human(f, vi->img, &y->name);
	if (y->ver < 0)
		return;
	out_str(f, y->hidden ? "@" : "@@");
	put_human(f, vi->img, &vi->ver[y->ver].name);
}

static void
human_vdso(struct out *f, const struct followed *fo)
{
	const struct vdso_info *vi = &fo->vi;
	size_t i;
	int first;

	out_str(f, " ");
	if (vi->has_soname) {
		out_str(f, " soname=");
		put_human(f, vi->img, &vi->soname);
	}
	if (vi->build_id_len > 0) {
		out_str(f, " build-id=");
		out_hexbytes(f, vi->build_id, vi->build_id_len);
	}
	for (i = 0, first = 1; i < vi->nver; i++) {
		if (vi->ver[i].flags & VER_FLG_BASE)
			continue;
		out_str(f, first ? " versions=" : ",");
		put_human(f, vi->img, &vi->ver[i].name);
		first = 0;
	}
	for (i = 0; i < vi->nsym; i++) {
		out_str(f, i == 0 ? " functions=" : ",");
		human_sym(f, vi, &vi->sym[i]);
	}
	if (vi->bad != NULL)
		human_bad(f, vi->bad, 1, vi->badoff);
}

/* Segment flags as readelf's letters, in its order: R, W, then X. */
static void
human_pflags(struct out *f, uint32_t flags)
{
	if (flags & PF_R)
		out_char(f, 'R');
	if (flags & PF_W)
		out_char(f, 'W');
	if (flags & PF_X)
		out_char(f, 'X');
}

static void
human_props(struct out *f, const struct phdrs_info *pi)
{
	size_t i;

	for (i = 0; i < pi->nprop; i++) {
		const struct phdr_prop *pr = &pi->prop[i];
		const char *name = phdr_prop_name(pi->machine, pr->type);
		uint64_t set, unknown = 0;
		int first = 1;

		if (i > 0)
			out_char(f, ';');
		if (name != NULL)
			out_str(f, name);
		else {
			out_str(f, "0x");
			out_hex(f, pr->type);
		}
		out_char(f, ':');
		if (phdr_prop_bit(pi->machine, pr->type, 0) == NULL) {
			out_dec(f, pr->value);
			continue;
		}
		for (set = pr->value; set != 0; set &= set - 1) {
			const char *bit = phdr_prop_bit(pi->machine, pr->type,
			    (unsigned)__builtin_ctzll(set));

			if (bit == NULL) {
				unknown |= set & -set;
				continue;
			}
			if (!first)
				out_char(f, ',');
			out_str(f, bit);
			first = 0;
		}
		if (unknown != 0) {
			out_str(f, first ? "unknown:0x" : ",unknown:0x");
			out_hex(f, unknown);
		}
	}
}

static void
human_state(struct out *f, enum fw_state st)
{
	if (st == FW_UNREADABLE)
		out_str(f, "(unreadable)");
	else if (st == FW_BAD)
		out_str(f, "(malformed)");
}

static void
human_phdrs(struct out *f, const struct followed *fo)
{
	const struct phdrs_info *pi = &fo->pi;
	size_t i;

	out_char(f, ' ');
	for (i = 0; i < pi->n; i++) {
		const struct elf_phdr *ph = &pi->ph[i];
		const char *name = phdr_type_name(ph->type);

		out_char(f, ' ');
		if (name != NULL)
			out_str(f, name);
		else {
			out_str(f, "0x");
			out_hex(f, ph->type);
		}
		out_char(f, '(');
		human_pflags(f, ph->flags);
		out_char(f, ')');
		switch (ph->type) {
		case PT_INTERP:
			out_char(f, '=');
			if (pi->interp_state == FW_OK)
				esc_human(f, pi->interp, pi->interplen);
			else
				human_state(f, pi->interp_state);
			break;
		case PT_TLS:
			out_str(f, "=size:");
			out_dec(f, ph->memsz);
			break;
		case PT_GNU_PROPERTY:
			out_char(f, '=');
			if (pi->prop_state == FW_OK)
				human_props(f, pi);
			else
				human_state(f, pi->prop_state);
			break;
		default:
			break;
		}
	}
	if (pi->bad != NULL)
		human_bad(f, pi->bad, 0, 0);
}

void
pr_follow_human(struct out *f, const struct followed *fo,
    const struct decoded *d, unsigned int *done)
{
	switch (to_follow(fo, d, done)) {
	case FOLLOW_VDSO:
		human_vdso(f, fo);
		break;
	case FOLLOW_PHDR:
		human_phdrs(f, fo);
		break;
	case FOLLOW_NO_MEM:
		out_str(f, "  (unreadable)");
		break;
	default:
		break;
	}
}

static void
json_bad(struct out *f, const char *what, int has_off, uint64_t off)
{
	if (what == NULL) {
		out_str(f, "null");
		return;
	}
	out_str(f, "{\"message\":");
	esc_json(f, what, strlen(what));
	if (has_off) {
		out_str(f, ",\"offset\":");
		out_dec(f, off);
	}
	out_char(f, '}');
}

static void
json_vdso(struct out *f, const struct followed *fo)
{
	const struct vdso_info *vi = &fo->vi;
	size_t i;
	int first;

	out_str(f, ",\"vdso\":{\"size\":");
	out_dec(f, vi->len);
	out_str(f, ",\"soname\":");
	if (vi->has_soname)
		put_json(f, vi->img, &vi->soname);
	else
		out_str(f, "null");
	out_str(f, ",\"build_id\":");
	if (vi->build_id_len > 0) {
		out_char(f, '"');
		out_hexbytes(f, vi->build_id, vi->build_id_len);
		out_char(f, '"');
	} else
		out_str(f, "null");
	out_str(f, ",\"versions\":[");
	for (i = 0, first = 1; i < vi->nver; i++) {
		if (vi->ver[i].flags & VER_FLG_BASE)
			continue;
		if (!first)
			out_char(f, ',');
		put_json(f, vi->img, &vi->ver[i].name);
		first = 0;
	}
	out_str(f, "],\"functions\":[");
	for (i = 0; i < vi->nsym; i++) {
		const struct vdso_sym *y = &vi->sym[i];

		if (i > 0)
			out_char(f, ',');
		out_str(f, "{\"name\":");
		put_json(f, vi->img, &y->name);
		out_str(f, ",\"version\":");
		if (y->ver >= 0)
			put_json(f, vi->img, &vi->ver[y->ver].name);
		else
			out_str(f, "null");
		out_str(
		    f, y->hidden ? ",\"default\":false" : ",\"default\":true");
		out_str(f, y->weak ? ",\"weak\":true}" : ",\"weak\":false}");
	}
	out_str(f, "],\"error\":");
	json_bad(f, vi->bad, 1, vi->badoff);
	out_char(f, '}');
}

static void
json_props(struct out *f, const struct phdrs_info *pi)
{
	size_t i;

	out_str(f, ",\"properties\":");
	if (pi->prop_state != FW_OK) {
		out_str(f, "null");
		return;
	}
	out_char(f, '[');
	for (i = 0; i < pi->nprop; i++) {
		const struct phdr_prop *pr = &pi->prop[i];
		const char *name = phdr_prop_name(pi->machine, pr->type);
		uint64_t set, unknown = 0;
		int first = 1;

		if (i > 0)
			out_char(f, ',');
		out_str(f, "{\"type\":");
		out_dec(f, pr->type);
		out_str(f, ",\"name\":");
		if (name != NULL)
			esc_json(f, name, strlen(name));
		else
			out_str(f, "null");
		out_str(f, ",\"value\":");
		out_dec(f, pr->value);
		if (phdr_prop_bit(pi->machine, pr->type, 0) != NULL) {
			out_str(f, ",\"flags\":[");
			for (set = pr->value; set != 0; set &= set - 1) {
				const char *bit = phdr_prop_bit(pi->machine,
				    pr->type, (unsigned)__builtin_ctzll(set));

				if (bit == NULL) {
					unknown |= set & -set;
					continue;
				}
				if (!first)
					out_char(f, ',');
				esc_json(f, bit, strlen(bit));
				first = 0;
			}
			out_str(f, "],\"unknown_bits\":");
			out_dec(f, unknown);
		}
		out_char(f, '}');
	}
	out_char(f, ']');
}

static void
json_phdrs(struct out *f, const struct followed *fo)
{
	static const char letters[][2] = { "X", "W", "R" };
	const struct phdrs_info *pi = &fo->pi;
	size_t i, b;

	out_str(f, ",\"phdrs\":[");
	for (i = 0; i < pi->n; i++) {
		const struct elf_phdr *ph = &pi->ph[i];
		const char *name = phdr_type_name(ph->type);
		int first = 1;

		if (i > 0)
			out_char(f, ',');
		out_str(f, "{\"type\":");
		out_dec(f, ph->type);
		out_str(f, ",\"name\":");
		if (name != NULL) {
			out_str(f, "\"PT_");
			out_str(f, name);
			out_char(f, '"');
		} else
			out_str(f, "null");
		out_str(f, ",\"flags\":[");
		for (b = 3; b-- > 0;)
			if (ph->flags & (1u << b)) {
				out_str(f, first ? "\"" : ",\"");
				out_str(f, letters[b]);
				out_char(f, '"');
				first = 0;
			}
		out_str(f, "],\"offset\":");
		out_dec(f, ph->offset);
		out_str(f, ",\"vaddr\":");
		out_dec(f, ph->vaddr);
		out_str(f, ",\"filesz\":");
		out_dec(f, ph->filesz);
		out_str(f, ",\"memsz\":");
		out_dec(f, ph->memsz);
		out_str(f, ",\"align\":");
		out_dec(f, ph->align);
		if (ph->type == PT_INTERP) {
			out_str(f, ",\"interp\":");
			if (pi->interp_state == FW_OK)
				esc_json(f, pi->interp, pi->interplen);
			else
				out_str(f, "null");
		} else if (ph->type == PT_TLS) {
			out_str(f, ",\"tls_size\":");
			out_dec(f, ph->memsz);
		} else if (ph->type == PT_GNU_PROPERTY)
			json_props(f, pi);
		out_char(f, '}');
	}
	out_str(f, "],\"phdrs_error\":");
	json_bad(f, pi->bad, 0, 0);
}

void
pr_follow_json(struct out *f, const struct followed *fo,
    const struct decoded *d, unsigned int *done)
{
	switch (to_follow(fo, d, done)) {
	case FOLLOW_VDSO:
		json_vdso(f, fo);
		break;
	case FOLLOW_PHDR:
		json_phdrs(f, fo);
		break;
	default:
		if (d->type == AT_NUM_SYSINFO_EHDR)
			out_str(f, ",\"vdso\":null");
		else if (d->type == AT_NUM_PHDR)
			out_str(f, ",\"phdrs\":null");
		break;
	}
}
