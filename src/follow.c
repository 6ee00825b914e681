/*
 * The vDSO image and the program headers, read through a memsrc.  Field
 * layouts are those of the ELF gABI (Elf32_* and Elf64_* in <elf.h>);
 * GNU property numbers are binutils' include/elf/common.h and the
 * psABIs'.  Nothing here trusts a size, offset, count or string it reads.
 */
#include <elf.h>
#include <string.h>

#include "at.h"
#include "decode.h"
#include "follow.h"

/* Symbol versioning, as <elf.h> names them in glibc 2.3 and later. */
#define FW_VERSYM_HIDDEN 0x8000
#define FW_VERSYM_INDEX  0x7fff

static uint64_t
get(const unsigned char *p, unsigned int size, int be)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < size; i++)
		v |= (uint64_t)p[i] << (8 * (be ? size - 1 - i : i));
	return v;
}

/*
 * The first NUL in n bytes at p, or NULL.  A loop, and the structs below
 * set field by field, not memchr and memset: a libc function the default
 * run does not call would still cost a symbol lookup at every start.
 */
static const unsigned char *
find_nul(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] == '\0')
			return p + i;
	return NULL;
}

static void
vdso_init(struct vdso_info *vi, const unsigned char *img, size_t len)
{
	vi->img = img;
	vi->len = len;
	vi->class64 = 0;
	vi->bigendian = 0;
	vi->machine = 0;
	vi->has_soname = 0;
	vi->soname.off = vi->soname.len = 0;
	vi->build_id_len = 0;
	vi->nver = 0;
	vi->nsym = 0;
	vi->bad = NULL;
	vi->badoff = 0;
}

/* Whether [off, off + len) lies within a buffer of size bytes. */
static int
inside(uint64_t off, uint64_t len, uint64_t size)
{
	return len <= size && off <= size - len;
}

/*
 * Reads len bytes at addr a block at a time, so that a read never runs
 * from a readable page into an unreadable one; returns how many were
 * read, up to the first that could not be.
 */
static size_t
read_mem(const struct memsrc *m, uint64_t addr, unsigned char *buf, size_t len)
{
	size_t got = 0;

	if (m->read == NULL || addr > UINT64_MAX - len)
		return 0;
	while (got < len) {
		size_t want =
		    FOLLOW_BLOCK - (size_t)((addr + got) % FOLLOW_BLOCK);
		ssize_t n;

		if (want > len - got)
			want = len - got;
		n = m->read(m, addr + got, buf + got, want);
		if (n <= 0)
			break;
		got += (size_t)n > want ? want : (size_t)n;
	}
	return got;
}

/* The vDSO: its ELF header's fields that a walk needs. */
struct ehdr {
	unsigned int w; /* word size */
	int be;
	uint64_t phoff, shoff;
	uint64_t phentsize, phnum, shentsize, shnum;
};

static int
get_ehdr(const unsigned char *p, size_t len, struct ehdr *h)
{
	size_t need;

	if (len < EI_NIDENT || memcmp(p, ELFMAG, SELFMAG) != 0)
		return -1;
	if (p[EI_CLASS] != ELFCLASS32 && p[EI_CLASS] != ELFCLASS64)
		return -1;
	if (p[EI_DATA] != ELFDATA2LSB && p[EI_DATA] != ELFDATA2MSB)
		return -1;
	h->w = p[EI_CLASS] == ELFCLASS64 ? 8 : 4;
	h->be = p[EI_DATA] == ELFDATA2MSB;
	need = h->w == 8 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
	if (len < need)
		return -1;
	/* e_phoff follows e_entry; the 16-bit fields follow e_flags. */
	h->phoff = get(p + 24 + h->w, h->w, h->be);
	h->shoff = get(p + 24 + 2 * h->w, h->w, h->be);
	h->phentsize = get(p + 30 + 3 * h->w, 2, h->be);
	h->phnum = get(p + 32 + 3 * h->w, 2, h->be);
	h->shentsize = get(p + 34 + 3 * h->w, 2, h->be);
	h->shnum = get(p + 36 + 3 * h->w, 2, h->be);
	return 0;
}

/* The bytes of the image a walk of it may need: headers and segments. */
static size_t
image_len(const unsigned char *p, size_t len, const struct ehdr *h)
{
	uint64_t end = 0, i;
	size_t phsz = h->w == 8 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr);

	if (h->shnum <= FOLLOW_MAX_SECTIONS && h->shoff < FOLLOW_MAX_IMAGE &&
	    h->shentsize <= FOLLOW_MAX_IMAGE)
		end = h->shoff + h->shnum * h->shentsize;
	if (h->phentsize < phsz ||
	    !inside(h->phoff, h->phnum * h->phentsize, len))
		return end;
	for (i = 0; i < h->phnum; i++) {
		const unsigned char *ph = p + h->phoff + i * h->phentsize;
		uint64_t off, filesz;

		if (get(ph, 4, h->be) != PT_LOAD)
			continue;
		off = get(ph + (h->w == 8 ? 8 : 4), h->w, h->be);
		filesz = get(ph + (h->w == 8 ? 32 : 16), h->w, h->be);
		if (off < FOLLOW_MAX_IMAGE && filesz < FOLLOW_MAX_IMAGE &&
		    off + filesz > end)
			end = off + filesz;
	}
	return end;
}

static void
bad(struct vdso_info *vi, const char *what, uint64_t off)
{
	if (vi->bad == NULL) {
		vi->bad = what;
		vi->badoff = off;
	}
}

/* A section header's fields, checked to lie in the image. */
struct shdr {
	uint32_t type, link, info;
	uint64_t off, size, entsize;
};

static int
get_shdr(const struct vdso_info *vi, const struct ehdr *h, uint64_t i,
    struct shdr *s)
{
	const unsigned char *p = vi->img + h->shoff + i * h->shentsize;
	unsigned int w = h->w;

	s->type = (uint32_t)get(p + 4, 4, h->be);
	s->off = get(p + 8 + 2 * w, w, h->be);
	s->size = get(p + 8 + 3 * w, w, h->be);
	s->link = (uint32_t)get(p + 8 + 4 * w, 4, h->be);
	s->info = (uint32_t)get(p + 12 + 4 * w, 4, h->be);
	s->entsize = get(p + 16 + 5 * w, w, h->be);
	if (s->type == SHT_NOBITS || s->type == SHT_NULL)
		s->size = 0;
	return inside(s->off, s->size, vi->len) ? 0 : -1;
}

/*
 * A string at off in a string table: it must end, with its NUL, inside
 * the table.
 */
static int
get_str(const struct vdso_info *vi, const struct shdr *strtab, uint64_t off,
    struct fw_str *s)
{
	const unsigned char *p, *nul;

	if (strtab == NULL || off >= strtab->size)
		return -1;
	p = vi->img + strtab->off + off;
	if ((nul = find_nul(p, (size_t)(strtab->size - off))) == NULL)
		return -1;
	s->off = (uint32_t)(p - vi->img);
	s->len = (uint32_t)(nul - p);
	return 0;
}

/* The string table a section links to: a section of type SHT_STRTAB. */
static int
get_link(const struct vdso_info *vi, const struct ehdr *h, const struct shdr *s,
    struct shdr *str)
{
	if (s->link == 0 || s->link >= h->shnum ||
	    get_shdr(vi, h, s->link, str) == -1 || str->type != SHT_STRTAB)
		return -1;
	return 0;
}

static void
walk_verdef(struct vdso_info *vi, const struct ehdr *h, const struct shdr *s)
{
	struct shdr str;
	uint64_t off = 0, i;

	if (get_link(vi, h, s, &str) == -1) {
		bad(vi, "version definitions: bad string table", s->off);
		return;
	}
	/*
	 * vd_next moves forward only, so the walk ends; sh_info counts the
	 * entries, and each one must lie in the section.
	 */
	for (i = 0; i < s->info; i++) {
		const unsigned char *p;
		uint64_t aux, next;
		struct vdso_ver *v;

		if (!inside(off, sizeof(Elf32_Verdef), s->size)) {
			bad(vi, "version definition out of range",
			    s->off + off);
			return;
		}
		if (vi->nver == FOLLOW_MAX_VERS) {
			bad(vi, "too many version definitions", s->off + off);
			return;
		}
		p = vi->img + s->off + off;
		v = &vi->ver[vi->nver];
		v->flags = (uint16_t)get(p + 2, 2, h->be);
		v->ndx = (uint16_t)get(p + 4, 2, h->be);
		aux = get(p + 12, 4, h->be);
		next = get(p + 16, 4, h->be);
		if (!inside(off + aux, sizeof(Elf32_Verdaux), s->size) ||
		    get_str(vi, &str,
		        get(vi->img + s->off + off + aux, 4, h->be),
		        &v->name) == -1) {
			bad(vi, "version name out of range", s->off + off);
			return;
		}
		vi->nver++;
		if (next == 0)
			break;
		off += next;
	}
}

static void
walk_dynamic(struct vdso_info *vi, const struct ehdr *h, const struct shdr *s)
{
	uint64_t off, tag, val;
	struct shdr str;

	for (off = 0; inside(off, 2 * h->w, s->size); off += 2 * h->w) {
		tag = get(vi->img + s->off + off, h->w, h->be);
		val = get(vi->img + s->off + off + h->w, h->w, h->be);
		if (tag == DT_NULL)
			break;
		if (tag != DT_SONAME)
			continue;
		if (get_link(vi, h, s, &str) == -1 ||
		    get_str(vi, &str, val, &vi->soname) == -1)
			bad(vi, "soname out of range", s->off + off);
		else
			vi->has_soname = 1;
		break;
	}
}

/* Notes are padded to 4 bytes, in 32- and 64-bit objects alike. */
#define PAD4(x) (((x) + 3) & ~(uint64_t)3)

/* x rounded up to a multiple of a, a power of two; x is below 2^33. */
#define ALIGN_UP(x, a) (((x) + (a)-1) & ~(uint64_t)((a)-1))

static void
walk_notes(struct vdso_info *vi, const struct ehdr *h, const struct shdr *s)
{
	const unsigned char *p = vi->img + s->off;
	uint64_t off = 0, namesz, descsz, type, desc;

	while (inside(off, 12, s->size)) {
		namesz = get(p + off, 4, h->be);
		descsz = get(p + off + 4, 4, h->be);
		type = get(p + off + 8, 4, h->be);
		desc = off + 12 + PAD4(namesz);
		if (!inside(off + 12, namesz, s->size) ||
		    !inside(desc, descsz, s->size)) {
			bad(vi, "note out of range", s->off + off);
			return;
		}
		if (type == NT_GNU_BUILD_ID && namesz == 4 &&
		    memcmp(p + off + 12, "GNU", 4) == 0 && descsz > 0) {
			if (descsz > FOLLOW_MAX_BUILD_ID) {
				bad(vi, "build ID too long", s->off + off);
				return;
			}
			memcpy(vi->build_id, p + desc, (size_t)descsz);
			vi->build_id_len = (size_t)descsz;
		}
		off = desc + PAD4(descsz);
	}
}

/* The index in vi->ver of version definition ndx, or -1. */
static int
ver_index(const struct vdso_info *vi, uint64_t ndx)
{
	size_t i;

	for (i = 0; i < vi->nver; i++)
		if (vi->ver[i].ndx == ndx)
			return (int)i;
	return -1;
}

static void
walk_dynsym(struct vdso_info *vi, const struct ehdr *h, const struct shdr *s,
    const struct shdr *versym)
{
	size_t symsz = h->w == 8 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
	uint64_t n, i;
	struct shdr str;

	if (s->entsize < symsz || get_link(vi, h, s, &str) == -1) {
		bad(vi, "symbol table: bad entry size or string table", s->off);
		return;
	}
	n = s->size / s->entsize;
	for (i = 1; i < n; i++) {
		const unsigned char *p = vi->img + s->off + i * s->entsize;
		unsigned int info = p[h->w == 8 ? 4 : 12];
		uint64_t shndx = get(p + (h->w == 8 ? 6 : 14), 2, h->be);
		struct vdso_sym *y;
		uint64_t vs;

		if (ELF64_ST_TYPE(info) != STT_FUNC || shndx == SHN_UNDEF ||
		    (ELF64_ST_BIND(info) != STB_GLOBAL &&
		        ELF64_ST_BIND(info) != STB_WEAK))
			continue;
		if (vi->nsym == FOLLOW_MAX_SYMS) {
			bad(vi, "too many symbols", s->off + i * s->entsize);
			return;
		}
		y = &vi->sym[vi->nsym];
		if (get_str(vi, &str, get(p, 4, h->be), &y->name) == -1) {
			bad(vi, "symbol name out of range",
			    s->off + i * s->entsize);
			return;
		}
		y->weak = ELF64_ST_BIND(info) == STB_WEAK;
		y->ver = -1;
		y->hidden = 0;
		if (versym != NULL && inside(2 * i, 2, versym->size)) {
			vs = get(vi->img + versym->off + 2 * i, 2, h->be);
			y->hidden = (vs & FW_VERSYM_HIDDEN) != 0;
			vs &= FW_VERSYM_INDEX;
			if (vs > VER_NDX_GLOBAL &&
			    (y->ver = (int16_t)ver_index(vi, vs)) == -1)
				bad(vi, "symbol version out of range",
				    versym->off + 2 * i);
		}
		vi->nsym++;
	}
}

/*
 * Walks the image's section headers: the dynamic section for the soname,
 * notes for the build ID, version definitions, then the symbols.  What
 * is malformed is noted in vi->bad and the rest still walked.
 */
void
vdso_parse(const unsigned char *img, size_t len, struct vdso_info *vi)
{
	struct shdr s, dynsym = { 0 }, versym = { 0 };
	int have_dynsym = 0, have_versym = 0;
	struct ehdr h;
	uint64_t i;

	vdso_init(vi, img, len);
	if (get_ehdr(img, len, &h) == -1) {
		bad(vi, "not an ELF image", 0);
		return;
	}
	vi->class64 = h.w == 8;
	vi->bigendian = (uint8_t)h.be;
	vi->machine = (uint16_t)get(img + 18, 2, h.be);
	if (h.shnum == 0) {
		bad(vi, "no section headers", 0);
		return;
	}
	if (h.shnum > FOLLOW_MAX_SECTIONS ||
	    h.shentsize <
	        (h.w == 8 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr)) ||
	    !inside(h.shoff, h.shnum * h.shentsize, len)) {
		bad(vi, "section headers out of range", h.shoff);
		return;
	}
	/* Version definitions first: symbols are matched against them. */
	for (i = 1; i < h.shnum; i++) {
		if (get_shdr(vi, &h, i, &s) == -1) {
			bad(vi, "section out of range",
			    h.shoff + i * h.shentsize);
			continue;
		}
		switch (s.type) {
		case SHT_GNU_verdef:
			walk_verdef(vi, &h, &s);
			break;
		case SHT_DYNAMIC:
			walk_dynamic(vi, &h, &s);
			break;
		case SHT_NOTE:
			walk_notes(vi, &h, &s);
			break;
		case SHT_DYNSYM:
			dynsym = s;
			have_dynsym = 1;
			break;
		case SHT_GNU_versym:
			versym = s;
			have_versym = 1;
			break;
		default:
			break;
		}
	}
	if (have_dynsym)
		walk_dynsym(vi, &h, &dynsym, have_versym ? &versym : NULL);
}

/*
 * Reads the vDSO at addr into buf (size bytes, at most FOLLOW_MAX_IMAGE
 * are used): its first block, then as far as its headers say it goes,
 * each byte once.  Returns -1 when not even its ELF header could be read.
 */
int
vdso_read(const struct memsrc *m, uint64_t addr, unsigned char *buf,
    size_t size, struct vdso_info *vi)
{
	size_t len, want;
	struct ehdr h;

	if (size > FOLLOW_MAX_IMAGE)
		size = FOLLOW_MAX_IMAGE;
	want = FOLLOW_BLOCK - (size_t)(addr % FOLLOW_BLOCK);
	if (want > size)
		want = size;
	len = read_mem(m, addr, buf, want);
	if (get_ehdr(buf, len, &h) == -1) {
		if (len < EI_NIDENT) {
			vdso_init(vi, buf, 0);
			return -1;
		}
	} else if (len == want) {
		want = image_len(buf, len, &h);
		if (want > size)
			want = size;
		if (want > len)
			len += read_mem(m, addr + len, buf + len, want - len);
	}
	vdso_parse(buf, len, vi);
	return 0;
}

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
	{ FOLLOW_PT_GNU_PROPERTY, "GNU_PROPERTY" },
	{ 0x6474e554, "GNU_SFRAME" },
	{ 0x65a3dbe5, "OPENBSD_MUTABLE" },
	{ 0x65a3dbe6, "OPENBSD_RANDOMIZE" },
	{ 0x65a3dbe7, "OPENBSD_WXNEEDED" },
};

const char *
phdr_type_name(uint32_t type)
{
	size_t i;

	for (i = 0; i < sizeof(pt_names) / sizeof(pt_names[0]); i++)
		if (pt_names[i].type == type)
			return pt_names[i].name;
	return NULL;
}

/*
 * e_machine 0 is any machine: generic GNU properties.  Names are arrays,
 * not pointers, so that the table needs no relocation at start.  The
 * types <elf.h> lacks are binutils' include/elf/common.h numbers.
 */
struct prop_def {
	uint16_t machine;
	uint32_t type;
	char name[24];
	char bits[16][24];
};

/* clang-format off */
static const struct prop_def props[] = {
	{ 0, GNU_PROPERTY_STACK_SIZE, "stack_size", { "" } },
	{ 0, GNU_PROPERTY_NO_COPY_ON_PROTECTED, "no_copy_on_protected",
	    { "" } },
	{ 0, GNU_PROPERTY_1_NEEDED, "1_needed",
	    { [0] = "indirect-extern-access" } },
	{ EM_X86_64, GNU_PROPERTY_X86_FEATURE_1_AND, "x86_feature_1_and",
	    { [0] = "IBT", [1] = "SHSTK", [2] = "LAM_U48", [3] = "LAM_U57" } },
	{ EM_X86_64, GNU_PROPERTY_X86_ISA_1_NEEDED, "x86_isa_1_needed",
	    { [0] = "x86-64-baseline", [1] = "x86-64-v2", [2] = "x86-64-v3",
	      [3] = "x86-64-v4" } },
	{ EM_X86_64, GNU_PROPERTY_X86_ISA_1_USED, "x86_isa_1_used",
	    { [0] = "x86-64-baseline", [1] = "x86-64-v2", [2] = "x86-64-v3",
	      [3] = "x86-64-v4" } },
	{ EM_X86_64, 0xc0008001, "x86_feature_2_needed",
	    { [0] = "x86", [1] = "x87", [2] = "MMX", [3] = "XMM", [4] = "YMM",
	      [5] = "ZMM", [6] = "FXSR", [7] = "XSAVE", [8] = "XSAVEOPT",
	      [9] = "XSAVEC", [10] = "TMM", [11] = "MASK" } },
	{ EM_X86_64, 0xc0010001, "x86_feature_2_used",
	    { [0] = "x86", [1] = "x87", [2] = "MMX", [3] = "XMM", [4] = "YMM",
	      [5] = "ZMM", [6] = "FXSR", [7] = "XSAVE", [8] = "XSAVEOPT",
	      [9] = "XSAVEC", [10] = "TMM", [11] = "MASK" } },
	{ EM_AARCH64, GNU_PROPERTY_AARCH64_FEATURE_1_AND,
	    "aarch64_feature_1_and",
	    { [0] = "BTI", [1] = "PAC", [2] = "GCS" } },
	{ EM_RISCV, 0xc0000000, "riscv_feature_1_and",
	    { [0] = "CFI_LP_UNLABELED", [1] = "CFI_SS",
	      [2] = "CFI_LP_FUNC_SIG" } },
};
/* clang-format on */

static const struct prop_def *
prop_def(uint16_t machine, uint32_t type)
{
	size_t i;

	/* i386 and x32 share x86-64's properties. */
	if (machine == EM_386)
		machine = EM_X86_64;
	for (i = 0; i < sizeof(props) / sizeof(props[0]); i++)
		if (props[i].type == type &&
		    (props[i].machine == 0 || props[i].machine == machine))
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

/*
 * The load bias: from PT_PHDR when there is one, else from the ELF
 * header at the start of the page that holds the program headers, when
 * its e_phoff says they are where AT_PHDR says.
 */
static void
find_bias(
    const struct memsrc *m, const struct phdrs_where *w, struct phdrs_info *pi)
{
	unsigned char e[sizeof(Elf64_Ehdr)];
	uint64_t pagesz = w->pagesz, hdr;
	struct ehdr h;
	size_t i;

	for (i = 0; i < pi->n; i++)
		if (pi->ph[i].type == PT_PHDR) {
			pi->bias = w->addr - pi->ph[i].vaddr;
			pi->have_bias = 1;
			return;
		}
	if (pagesz == 0 || (pagesz & (pagesz - 1)) != 0)
		pagesz = 4096;
	hdr = w->addr - w->addr % pagesz;
	if (read_mem(m, hdr, e, sizeof(e)) < sizeof(e) ||
	    get_ehdr(e, sizeof(e), &h) == -1 || h.phoff != w->addr - hdr)
		return;
	for (i = 0; i < pi->n; i++)
		if (pi->ph[i].type == PT_LOAD && pi->ph[i].offset == 0) {
			pi->bias = hdr - pi->ph[i].vaddr;
			pi->have_bias = 1;
			return;
		}
}

static void
read_interp(
    const struct memsrc *m, const struct phdr_ent *ph, struct phdrs_info *pi)
{
	size_t got;
	const char *nul;

	pi->interp_state = FW_BAD;
	if (ph->filesz == 0 || ph->filesz > sizeof(pi->interp)) {
		pi->bad = "PT_INTERP size out of range";
		return;
	}
	pi->interp_state = FW_UNREADABLE;
	if (!pi->have_bias)
		return;
	got = read_mem(m, pi->bias + ph->vaddr, (unsigned char *)pi->interp,
	    (size_t)ph->filesz);
	if (got < ph->filesz)
		return;
	/* The path ends at its first NUL, which must be inside it. */
	if ((nul = (const char *)find_nul(
	         (const unsigned char *)pi->interp, got)) == NULL) {
		pi->interp_state = FW_BAD;
		pi->bad = "PT_INTERP without NUL";
		return;
	}
	pi->interplen = (size_t)(nul - pi->interp);
	pi->interp_state = FW_OK;
}

/*
 * The GNU property note: NT_GNU_PROPERTY_TYPE_0 owned by "GNU", whose
 * properties are padded to the word size (gABI's GNU extension).
 */
static void
read_props(const struct memsrc *m, const struct phdr_ent *ph,
    const struct phdrs_where *w, struct phdrs_info *pi)
{
	unsigned char buf[FOLLOW_MAX_NOTE];
	uint64_t off = 0, namesz, descsz, type, desc, p, end, sz;
	unsigned int align = w->wordsize == 8 ? 8 : 4;
	int be = w->bigendian;
	size_t len;

	pi->prop_state = FW_BAD;
	if (ph->filesz > sizeof(buf)) {
		pi->bad = "PT_GNU_PROPERTY too large";
		return;
	}
	pi->prop_state = FW_UNREADABLE;
	if (!pi->have_bias)
		return;
	len = read_mem(m, pi->bias + ph->vaddr, buf, (size_t)ph->filesz);
	if (len < ph->filesz)
		return;
	pi->prop_state = FW_OK;
	while (inside(off, 12, len)) {
		namesz = get(buf + off, 4, be);
		descsz = get(buf + off + 4, 4, be);
		type = get(buf + off + 8, 4, be);
		/* Aligned from the note's start, which is aligned itself. */
		desc = off + ALIGN_UP(12 + namesz, align);
		if (!inside(off + 12, namesz, len) ||
		    !inside(desc, descsz, len)) {
			pi->prop_state = FW_BAD;
			pi->bad = "GNU property note out of range";
			return;
		}
		if (type == NT_GNU_PROPERTY_TYPE_0 && namesz == 4 &&
		    memcmp(buf + off + 12, "GNU", 4) == 0) {
			end = desc + descsz;
			for (p = desc; inside(p, 8, end);) {
				struct phdr_prop *pr;

				sz = get(buf + p + 4, 4, be);
				if (!inside(p + 8, sz, end)) {
					pi->prop_state = FW_BAD;
					pi->bad = "GNU property out of range";
					return;
				}
				if (pi->nprop == FOLLOW_MAX_PROPS) {
					pi->prop_state = FW_BAD;
					pi->bad = "too many GNU properties";
					return;
				}
				pr = &pi->prop[pi->nprop++];
				pr->type = (uint32_t)get(buf + p, 4, be);
				pr->datasz = (uint32_t)sz;
				pr->value = get(buf + p + 8,
				    sz >= 8       ? 8
				        : sz >= 4 ? 4
				                  : 0,
				    be);
				p += 8 + ALIGN_UP(sz, align);
			}
		}
		off = desc + ALIGN_UP(descsz, align);
	}
}

/*
 * Reads the program headers that the vector places at w->addr, then
 * the interpreter's path and the GNU properties they point to.  Returns
 * -1 when the headers could not be read; a malformed part is noted in
 * pi->bad.
 */
int
phdrs_read(
    const struct memsrc *m, const struct phdrs_where *w, struct phdrs_info *pi)
{
	unsigned char buf[FOLLOW_MAX_PHDRS * sizeof(Elf64_Phdr)];
	size_t need =
	    w->wordsize == 8 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr);
	int be = w->bigendian;
	size_t i, got;

	pi->n = 0;
	pi->have_bias = 0;
	pi->bias = 0;
	pi->interp_state = pi->prop_state = FW_NONE;
	pi->interplen = 0;
	pi->nprop = 0;
	pi->bad = NULL;
	pi->machine = w->machine;
	pi->class64 = need == sizeof(Elf64_Phdr);
	if (m->read == NULL || w->addr == 0)
		return -1;
	/* The kernel loads only programs whose e_phentsize is this size. */
	if (w->ent != need || w->num == 0 || w->num > FOLLOW_MAX_PHDRS ||
	    w->addr > UINT64_MAX - w->num * need) {
		pi->bad = "AT_PHNUM or AT_PHENT out of range";
		return 0;
	}
	got = read_mem(m, w->addr, buf, (size_t)w->num * need);
	if (got < need)
		return -1;
	if (got < w->num * need)
		pi->bad = "program headers cut short";
	for (i = 0; i < got / need; i++) {
		const unsigned char *p = buf + i * need;
		struct phdr_ent *ph = &pi->ph[i];

		ph->type = (uint32_t)get(p, 4, be);
		if (pi->class64) {
			ph->flags = (uint32_t)get(p + 4, 4, be);
			ph->offset = get(p + 8, 8, be);
			ph->vaddr = get(p + 16, 8, be);
			ph->filesz = get(p + 32, 8, be);
			ph->memsz = get(p + 40, 8, be);
			ph->align = get(p + 48, 8, be);
		} else {
			ph->offset = get(p + 4, 4, be);
			ph->vaddr = get(p + 8, 4, be);
			ph->filesz = get(p + 16, 4, be);
			ph->memsz = get(p + 20, 4, be);
			ph->flags = (uint32_t)get(p + 24, 4, be);
			ph->align = get(p + 28, 4, be);
		}
		pi->n++;
	}
	find_bias(m, w, pi);
	for (i = 0; i < pi->n; i++) {
		if (pi->ph[i].type == PT_INTERP && pi->interp_state == FW_NONE)
			read_interp(m, &pi->ph[i], pi);
		else if (pi->ph[i].type == FOLLOW_PT_GNU_PROPERTY &&
		    pi->prop_state == FW_NONE)
			read_props(m, &pi->ph[i], w, pi);
	}
	return 0;
}

/* The vector's value of a type, or 0 when it has none. */
static uint64_t
vec_value(const struct auxv_vec *v, uint64_t type)
{
	size_t i;

	for (i = 0; i < v->nent; i++)
		if (v->ent[i].type == type)
			return v->ent[i].value;
	return 0;
}

/*
 * Reads what the first AT_SYSINFO_EHDR and AT_PHDR among the n entries
 * kept point to, through the vector's memory reader.
 */
void
follow_vector(const struct auxv_vec *v, const struct decoded *d, size_t n,
    struct followed *fo)
{
	struct phdrs_where w;
	size_t i;

	fo->vdso = fo->phdrs = FOLLOW_ABSENT;
	fo->vdso_at = fo->phdrs_at = SIZE_MAX;
	for (i = 0; i < n; i++) {
		int mem = v->mem.read != NULL && d[i].value != 0;

		if (d[i].type == AT_NUM_SYSINFO_EHDR &&
		    fo->vdso == FOLLOW_ABSENT) {
			fo->vdso_at = i;
			fo->vdso = mem &&
			        vdso_read(&v->mem, d[i].value, fo->img,
			            sizeof(fo->img), &fo->vi) == 0
			    ? FOLLOW_READ
			    : FOLLOW_UNREADABLE;
		} else if (d[i].type == AT_NUM_PHDR &&
		    fo->phdrs == FOLLOW_ABSENT) {
			fo->phdrs_at = i;
			w.addr = d[i].value;
			w.num = vec_value(v, AT_NUM_PHNUM);
			w.ent = vec_value(v, AT_NUM_PHENT);
			w.pagesz = vec_value(v, AT_NUM_PAGESZ);
			w.machine = v->machine;
			w.wordsize = v->wordsize;
			w.bigendian = v->bigendian;
			fo->phdrs = mem && phdrs_read(&v->mem, &w, &fo->pi) == 0
			    ? FOLLOW_READ
			    : FOLLOW_UNREADABLE;
		}
	}
}
