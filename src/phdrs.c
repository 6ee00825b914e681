/*
 * The program headers at AT_PHDR, read through the ELF layer and the
 * vector's memory reader, and the interpreter's path and GNU properties
 * they point to.  GNU property numbers are binutils' include/elf/common.h
 * and the psABIs'.  Nothing here trusts a size, offset, count or string.
 */
#include <string.h>

#include "arch.h"
#include "phdrs.h"

/* PT_ names as readelf prints them, without "PT_". */
static const struct {
	uint32_t type;
	char name[20];
} pt_names[] = {
	{ PT_NULL, "NULL" },
	{ PT_LOAD, "LOAD" },
	{ PT_DYNAMIC, "DYNAMIC" },
	{ PT_INTERP, "INTERP" },
	{ PT_NOTE, "NOTE" },
	{ PT_SHLIB, "SHLIB" },
	{ PT_PHDR, "PHDR" },
	{ PT_TLS, "TLS" },
	{ PT_GNU_EH_FRAME, "GNU_EH_FRAME" },
	{ PT_GNU_STACK, "GNU_STACK" },
	{ PT_GNU_RELRO, "GNU_RELRO" },
	{ PT_GNU_PROPERTY, "GNU_PROPERTY" },
	{ 0x6474e554, "GNU_SFRAME" },
	{ 0x65a3dbe5, "OPENBSD_MUTABLE" },
	{ 0x65a3dbe6, "OPENBSD_RANDOMIZE" },
	{ 0x65a3dbe7, "OPENBSD_WXNEEDED" },
};

const char *
phdr_type_name(uint32_t type)
{
	size_t i;

	for (i = 0; i < NITEMS(pt_names); i++)
		if (pt_names[i].type == type)
			return pt_names[i].name;
	return NULL;
}

/*
 * Keyed by whose they are, arch.c's PROPS_ column (PROPS_GENERIC: any
 * machine's).  Names are arrays, not pointers, so that the table needs
 * no relocation at start.  The types <elf.h> lacks are binutils'
 * include/elf/common.h numbers.
 */
struct prop_def {
	uint8_t props;
	uint32_t type;
	char name[24];
	char bits[16][24];
};

/* clang-format off */
static const struct prop_def props[] = {
	{ PROPS_GENERIC, GNU_PROPERTY_STACK_SIZE, "stack_size", { "" } },
	{ PROPS_GENERIC, GNU_PROPERTY_NO_COPY_ON_PROTECTED, "no_copy_on_protected",
	    { "" } },
	{ PROPS_GENERIC, GNU_PROPERTY_1_NEEDED, "1_needed",
	    { [0] = "indirect-extern-access" } },
	{ PROPS_X86, GNU_PROPERTY_X86_FEATURE_1_AND, "x86_feature_1_and",
	    { [0] = "IBT", [1] = "SHSTK", [2] = "LAM_U48", [3] = "LAM_U57" } },
	{ PROPS_X86, GNU_PROPERTY_X86_ISA_1_NEEDED, "x86_isa_1_needed",
	    { [0] = "x86-64-baseline", [1] = "x86-64-v2", [2] = "x86-64-v3",
	      [3] = "x86-64-v4" } },
	{ PROPS_X86, GNU_PROPERTY_X86_ISA_1_USED, "x86_isa_1_used",
	    { [0] = "x86-64-baseline", [1] = "x86-64-v2", [2] = "x86-64-v3",
	      [3] = "x86-64-v4" } },
	{ PROPS_X86, 0xc0008001, "x86_feature_2_needed",
	    { [0] = "x86", [1] = "x87", [2] = "MMX", [3] = "XMM", [4] = "YMM",
	      [5] = "ZMM", [6] = "FXSR", [7] = "XSAVE", [8] = "XSAVEOPT",
	      [9] = "XSAVEC", [10] = "TMM", [11] = "MASK" } },
	{ PROPS_X86, 0xc0010001, "x86_feature_2_used",
	    { [0] = "x86", [1] = "x87", [2] = "MMX", [3] = "XMM", [4] = "YMM",
	      [5] = "ZMM", [6] = "FXSR", [7] = "XSAVE", [8] = "XSAVEOPT",
	      [9] = "XSAVEC", [10] = "TMM", [11] = "MASK" } },
	{ PROPS_AARCH64, GNU_PROPERTY_AARCH64_FEATURE_1_AND,
	    "aarch64_feature_1_and",
	    { [0] = "BTI", [1] = "PAC", [2] = "GCS" } },
	{ PROPS_RISCV, 0xc0000000, "riscv_feature_1_and",
	    { [0] = "CFI_LP_UNLABELED", [1] = "CFI_SS",
	      [2] = "CFI_LP_FUNC_SIG" } },
};
/* clang-format on */

static const struct prop_def *
prop_def(uint16_t machine, uint32_t type)
{
	/* A machine's rows agree on its GNU properties: its first. */
	const struct arch *a = arch_kernel(machine, 0, 0);
	const unsigned int own = a != NULL ? a->props : PROPS_GENERIC;
	size_t i;

	for (i = 0; i < NITEMS(props); i++)
		if (props[i].type == type &&
		    (props[i].props == PROPS_GENERIC || props[i].props == own))
			return &props[i];
	return NULL;
}

const char *
phdr_prop_name(uint16_t machine, uint32_t type)
{
	const struct prop_def *p = prop_def(machine, type);

	return p != NULL ? p->name : NULL;
}

/* The name of bit in a property's value, or NULL. */
const char *
phdr_prop_bit(uint16_t machine, uint32_t type, unsigned int bit)
{
	const struct prop_def *p = prop_def(machine, type);

	return p != NULL && bit < 16 && p->bits[bit][0] != '\0' ? p->bits[bit]
	                                                        : NULL;
}

/* The first program header of a type, or NULL. */
static const struct elf_phdr *
first(const struct phdrs_info *pi, uint32_t type)
{
	size_t i;

	for (i = 0; i < pi->n; i++)
		if (pi->ph[i].type == type)
			return &pi->ph[i];
	return NULL;
}

/*
 * The load bias, where a segment starts in memory (at) less its p_vaddr:
 * PT_PHDR's, at AT_PHDR, when there is one; else that of the PT_LOAD of
 * file offset 0, at the ELF header at the start of the page that holds
 * the program headers, when its e_phoff says they are where AT_PHDR says.
 */
static void
find_bias(
    const struct memsrc *m, const struct phdrs_where *w, struct phdrs_info *pi)
{
	const struct elf_phdr *ph = first(pi, PT_PHDR);
	unsigned char e[sizeof(Elf64_Ehdr)];
	uint64_t pagesz = w->pagesz, at = w->addr;
	struct elf_id h;
	size_t i;

	if (ph == NULL) {
		if (pagesz == 0 || (pagesz & (pagesz - 1)) != 0)
			pagesz = 4096;
		at = w->addr - w->addr % pagesz;
		if (mem_get(m, at, e, sizeof(e), NULL) < sizeof(e) ||
		    elf_header(e, sizeof(e), &h) == -1 || !h.whole ||
		    h.phoff != w->addr - at)
			return;
		for (i = 0; i < pi->n && ph == NULL; i++)
			if (pi->ph[i].type == PT_LOAD && pi->ph[i].offset == 0)
				ph = &pi->ph[i];
	}
	if (ph != NULL) {
		pi->bias = at - ph->vaddr;
		pi->have_bias = 1;
	}
}

/*
 * A PT_INTERP or PT_GNU_PROPERTY segment's bytes into buf, of size max:
 * 0, or -1 with *st FW_BAD (pi->bad too) or FW_UNREADABLE.
 */
static int
read_seg(const struct memsrc *m, const struct elf_phdr *ph,
    struct phdrs_info *pi, void *buf, size_t max, enum fw_state *st,
    const char *too)
{
	*st = FW_BAD;
	if (ph->filesz > max || (ph->filesz == 0 && ph->type == PT_INTERP)) {
		pi->bad = too;
		return -1;
	}
	*st = FW_UNREADABLE;
	if (!pi->have_bias ||
	    mem_get(m, pi->bias + ph->vaddr, buf, (size_t)ph->filesz, NULL) <
	        ph->filesz)
		return -1;
	*st = FW_OK;
	return 0;
}

/*
 * The GNU property note: NT_GNU_PROPERTY_TYPE_0 owned by "GNU", whose
 * note and properties are padded to the word size (gABI's GNU extension).
 */
static const char *
walk_props(const unsigned char *buf, size_t len, const struct phdrs_where *w,
    struct phdrs_info *pi)
{
	unsigned int align = w->wordsize == 8 ? 8 : 4;
	int be = w->bigendian, rc;
	uint64_t p, end, sz;
	struct elf_reader r;
	struct elf_notes ns;
	struct elf_note n;
	struct phdr_prop *pr;

	elf_reader_mem(&r, buf, len);
	elf_notes_init(&ns, &r, 0, len, align, be, NULL);
	while ((rc = elf_note_next(&ns, &n)) == 1) {
		if (n.type != NT_GNU_PROPERTY_TYPE_0 || n.namesz != 4 ||
		    memcmp(n.name, "GNU", 4) != 0)
			continue;
		end = n.desc + n.descsz;
		for (p = n.desc; elf_inside(p, 8, end);
		     p += 8 + ELF_ALIGN_UP(sz, align)) {
			sz = vec_word(buf + p + 4, 4, be);
			if (!elf_inside(p + 8, sz, end))
				return "GNU property out of range";
			if (pi->nprop == AUXV_MAX_PROPS)
				return "too many GNU properties";
			pr = &pi->prop[pi->nprop++];
			pr->type = (uint32_t)vec_word(buf + p, 4, be);
			pr->datasz = (uint32_t)sz;
			pr->value = vec_word(buf + p + 8,
			    sz < 8 ? (unsigned int)sz / 4 * 4 : 8, be);
		}
	}
	return rc == 0 ? NULL : "GNU property note out of range";
}

/*
 * Reads the program headers that the vector places at w->addr, not 0,
 * through m, which can read, and finds the load bias.  Returns -1 when
 * the headers could not be read; a malformed part is noted in pi->bad.
 */
int
phdrs_read(
    const struct memsrc *m, const struct phdrs_where *w, struct phdrs_info *pi)
{
	unsigned char buf[AUXV_MAX_PHDRS_MEM * sizeof(Elf64_Phdr)];
	size_t need = elf_size(w->wordsize, ELF_PHDR), i, got;
	struct elf_id id = { .wordsize = w->wordsize,
		.bigendian = w->bigendian };

	memset(pi, 0, offsetof(struct phdrs_info, ph));
	pi->machine = w->machine;
	/* The kernel loads only programs whose e_phentsize is this size. */
	if (w->ent != need || w->num == 0 || w->num > AUXV_MAX_PHDRS_MEM ||
	    w->addr > UINT64_MAX - w->num * need) {
		pi->bad = "AT_PHNUM or AT_PHENT out of range";
		return 0;
	}
	got = mem_get(m, w->addr, buf, (size_t)w->num * need, NULL);
	if (got < need)
		return -1;
	if (got < w->num * need)
		pi->bad = "program headers cut short";
	for (i = 0; i < got / need; i++)
		elf_phdr(&id, buf + i * need, &pi->ph[pi->n++]);
	find_bias(m, w, pi);
	return 0;
}

/*
 * Where phdrs_segments() will read, so that the memory can be read ahead
 * in one go: at most two spans into sp.
 */
size_t
phdrs_spans(const struct phdrs_info *pi, struct mem_span *sp)
{
	const struct elf_phdr *ph;
	size_t n = 0;

	if (!pi->have_bias)
		return 0;
	if ((ph = first(pi, PT_INTERP)) != NULL &&
	    ph->filesz <= AUXV_MAX_INTERP)
		sp[n++] = (struct mem_span){ pi->bias + ph->vaddr,
			(size_t)ph->filesz, 0 };
	if ((ph = first(pi, PT_GNU_PROPERTY)) != NULL &&
	    ph->filesz <= AUXV_MAX_PROP_NOTE)
		sp[n++] = (struct mem_span){ pi->bias + ph->vaddr,
			(size_t)ph->filesz, 0 };
	return n;
}

/* The interpreter's path and the GNU properties, after phdrs_read(). */
void
phdrs_segments(
    const struct memsrc *m, const struct phdrs_where *w, struct phdrs_info *pi)
{
	unsigned char buf[AUXV_MAX_PROP_NOTE];
	const struct elf_phdr *ph;
	const char *why;

	/* The path ends at its first NUL, which must be inside it. */
	if ((ph = first(pi, PT_INTERP)) != NULL &&
	    read_seg(m, ph, pi, pi->interp, sizeof(pi->interp),
	        &pi->interp_state, "PT_INTERP size out of range") == 0 &&
	    (pi->interplen = strnlen(pi->interp, (size_t)ph->filesz)) ==
	        ph->filesz) {
		pi->interp_state = FW_BAD;
		pi->bad = "PT_INTERP without NUL";
	}
	if ((ph = first(pi, PT_GNU_PROPERTY)) != NULL &&
	    read_seg(m, ph, pi, buf, sizeof(buf), &pi->prop_state,
	        "PT_GNU_PROPERTY too large") == 0 &&
	    (why = walk_props(buf, (size_t)ph->filesz, w, pi)) != NULL) {
		pi->prop_state = FW_BAD;
		pi->bad = why;
	}
}
