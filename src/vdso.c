/*
 * The vDSO image, walked by its section headers through the ELF layer.
 * Nothing here trusts a size, offset, count or string it reads.
 */
#include <string.h>

#include "elfcore.h"
#include "vdso.h"

/* Symbol versioning, as <elf.h> names them in glibc 2.3 and later. */
#define VERSYM_HIDDEN 0x8000
#define VERSYM_INDEX  0x7fff

static void
bad(struct vdso_info *vi, const char *what, uint64_t off)
{
	if (vi->bad == NULL) {
		vi->bad = what;
		vi->badoff = off;
	}
}

/*
 * The bytes of the image a walk of it may need, from the first len read:
 * its section headers and its loaded segments.
 */
size_t
vdso_len(const unsigned char *p, size_t len)
{
	size_t phsz, i;
	uint64_t end = 0;
	struct elf_phdr ph;
	struct elf_id h;

	if (elf_header(p, len, &h) == -1 || !h.whole)
		return 0;
	phsz = elf_size(h.wordsize, ELF_PHDR);
	/* e_shentsize, 16 bits, is below AUXV_VDSO_MAX. */
	if (h.shnum <= AUXV_VDSO_SECTIONS && h.shoff < AUXV_VDSO_MAX)
		end = h.shoff + (uint64_t)h.shnum * h.shentsize;
	if (h.phentsize < phsz ||
	    !elf_inside(h.phoff, (uint64_t)h.phnum * h.phentsize, len))
		return (size_t)end;
	for (i = 0; i < h.phnum; i++) {
		elf_phdr(&h, p + h.phoff + i * h.phentsize, &ph);
		if (ph.type == PT_LOAD && ph.offset < AUXV_VDSO_MAX &&
		    ph.filesz < AUXV_VDSO_MAX && ph.offset + ph.filesz > end)
			end = ph.offset + ph.filesz;
	}
	return (size_t)end;
}

/* Whether PT_DYNAMIC's entries name a symbol hash table, each one read. */
static void
walk_pt_dynamic(
    struct vdso_info *vi, const struct elf_id *h, const struct elf_phdr *ph)
{
	size_t dsz = elf_size(h->wordsize, ELF_DYN);
	const unsigned char *p;
	uint64_t off, tag;

	for (off = 0; elf_inside(off, dsz, ph->filesz) &&
	     elf_inside(ph->offset, off + dsz, vi->len);
	     off += dsz) {
		p = vi->img + ph->offset + off;
		if ((tag = ELF_FIELD(h, p, Dyn, d_tag)) == DT_NULL)
			break;
		if (tag == DT_HASH)
			vi->hash |= VDSO_HASH_SYSV;
		else if (tag == DT_GNU_HASH)
			vi->hash |= VDSO_HASH_GNU;
	}
}

/*
 * The span the PT_LOADs take and the tags of PT_DYNAMIC: where the image
 * was linked and whether it has a hash table.  Headers out of the image
 * are passed over: the section walk says what is malformed.
 */
static void
walk_phdrs(struct vdso_info *vi, const struct elf_id *h)
{
	struct elf_phdr ph;
	uint64_t i;

	if (h->phentsize < elf_size(h->wordsize, ELF_PHDR) ||
	    !elf_inside(h->phoff, (uint64_t)h->phnum * h->phentsize, vi->len))
		return;
	for (i = 0; i < h->phnum; i++) {
		elf_phdr(h, vi->img + h->phoff + i * h->phentsize, &ph);
		if (ph.type == PT_DYNAMIC)
			walk_pt_dynamic(vi, h, &ph);
		if (ph.type != PT_LOAD)
			continue;
		if (vi->nload++ == 0 || ph.vaddr < vi->load_lo)
			vi->load_lo = ph.vaddr;
		/* A sum past 64 bits holds no image: it says so as the top. */
		if (ph.memsz > UINT64_MAX - ph.vaddr)
			vi->load_hi = UINT64_MAX;
		else if (ph.vaddr + ph.memsz > vi->load_hi)
			vi->load_hi = ph.vaddr + ph.memsz;
	}
}

/* A section header, checked to lie in the image. */
static int
get_shdr(const struct vdso_info *vi, const struct elf_id *h, uint64_t i,
    struct elf_shdr *s)
{
	elf_shdr(h, vi->img + h->shoff + i * h->shentsize, s);
	if (s->type == SHT_NOBITS || s->type == SHT_NULL)
		s->size = 0;
	return elf_inside(s->offset, s->size, vi->len) ? 0 : -1;
}

/*
 * A string at off in a string table: it must end, with its NUL, inside
 * the table.
 */
static int
get_str(const struct vdso_info *vi, const struct elf_shdr *strtab, uint64_t off,
    struct fw_str *s)
{
	const unsigned char *p, *nul;

	if (off >= strtab->size)
		return -1;
	p = vi->img + strtab->offset + off;
	if ((nul = memchr(p, '\0', (size_t)(strtab->size - off))) == NULL)
		return -1;
	s->off = (uint32_t)(p - vi->img);
	s->len = (uint32_t)(nul - p);
	return 0;
}

/* The string table a section links to: a section of type SHT_STRTAB. */
static int
get_link(const struct vdso_info *vi, const struct elf_id *h,
    const struct elf_shdr *s, struct elf_shdr *str)
{
	if (s->link == 0 || s->link >= h->shnum ||
	    get_shdr(vi, h, s->link, str) == -1 || str->type != SHT_STRTAB)
		return -1;
	return 0;
}

static void
walk_verdef(
    struct vdso_info *vi, const struct elf_id *h, const struct elf_shdr *s)
{
	struct elf_shdr str;
	uint64_t off = 0, i, aux, next;
	const unsigned char *p;
	struct vdso_ver *v;
	int be = h->bigendian;

	if (get_link(vi, h, s, &str) == -1) {
		bad(vi, "version definitions: bad string table", s->offset);
		return;
	}
	/*
	 * vd_next moves forward only, so the walk ends; sh_info counts the
	 * entries, and each one must lie in the section.  Elf32_Verdef and
	 * Elf64_Verdef are the same.
	 */
	for (i = 0; i < s->info; i++) {
		if (!elf_inside(off, sizeof(Elf32_Verdef), s->size)) {
			bad(vi, "version definition out of range",
			    s->offset + off);
			return;
		}
		if (vi->nver == AUXV_VDSO_VERS) {
			bad(vi, "too many version definitions",
			    s->offset + off);
			return;
		}
		p = vi->img + s->offset + off;
		v = &vi->ver[vi->nver];
		v->flags = (uint16_t)ELF_GET(be, p, Elf32_Verdef, vd_flags);
		v->ndx = (uint16_t)ELF_GET(be, p, Elf32_Verdef, vd_ndx);
		aux = ELF_GET(be, p, Elf32_Verdef, vd_aux);
		next = ELF_GET(be, p, Elf32_Verdef, vd_next);
		if (!elf_inside(off + aux, sizeof(Elf32_Verdaux), s->size) ||
		    get_str(vi, &str,
		        ELF_GET(be, p + aux, Elf32_Verdaux, vda_name),
		        &v->name) == -1) {
			bad(vi, "version name out of range", s->offset + off);
			return;
		}
		vi->nver++;
		if (next == 0)
			break;
		off += next;
	}
}

static void
walk_dynamic(
    struct vdso_info *vi, const struct elf_id *h, const struct elf_shdr *s)
{
	size_t dsz = elf_size(h->wordsize, ELF_DYN);
	const unsigned char *p;
	struct elf_shdr str;
	uint64_t off, tag;

	for (off = 0; elf_inside(off, dsz, s->size); off += dsz) {
		p = vi->img + s->offset + off;
		if ((tag = ELF_FIELD(h, p, Dyn, d_tag)) == DT_NULL)
			break;
		if (tag != DT_SONAME)
			continue;
		if (get_link(vi, h, s, &str) == -1 ||
		    get_str(vi, &str, ELF_FIELD(h, p, Dyn, d_un),
		        &vi->soname) == -1)
			bad(vi, "soname out of range", s->offset + off);
		else
			vi->has_soname = 1;
		break;
	}
}

static void
walk_notes(
    struct vdso_info *vi, const struct elf_id *h, const struct elf_shdr *s)
{
	struct elf_reader r;
	struct elf_notes w;
	struct elf_note n;
	int rc;

	elf_reader_mem(&r, vi->img, vi->len);
	elf_notes_init(&w, &r, s->offset, s->size, 4, h->bigendian, NULL);
	while ((rc = elf_note_next(&w, &n)) == 1) {
		if (n.type != NT_GNU_BUILD_ID || n.namesz != 4 ||
		    memcmp(n.name, "GNU", 4) != 0 || n.descsz == 0)
			continue;
		if (n.descsz > AUXV_BUILD_ID_MAX) {
			bad(vi, "build ID too long", n.at);
			return;
		}
		memcpy(vi->build_id, vi->img + n.desc, n.descsz);
		vi->build_id_len = n.descsz;
	}
	if (rc != 0)
		bad(vi, "note out of range", n.at);
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

/*
 * The range of the values of symbols defined in a section (not SHN_ABS,
 * which holds no address): offsets into an image linked at 0.
 */
static void
def_value(struct vdso_info *vi, const struct elf_id *h, const unsigned char *p)
{
	uint64_t shndx = ELF_FIELD(h, p, Sym, st_shndx);
	uint64_t v = ELF_FIELD(h, p, Sym, st_value);

	if (shndx == SHN_UNDEF || shndx >= SHN_LORESERVE)
		return;
	if (vi->ndef++ == 0 || v < vi->def_lo)
		vi->def_lo = v;
	if (v > vi->def_hi)
		vi->def_hi = v;
}

static void
walk_dynsym(struct vdso_info *vi, const struct elf_id *h,
    const struct elf_shdr *s, const struct elf_shdr *versym)
{
	uint64_t n, i, vs, at, info;
	const unsigned char *p;
	struct elf_shdr str;
	struct vdso_sym *y;

	if (s->entsize < elf_size(h->wordsize, ELF_SYM) ||
	    get_link(vi, h, s, &str) == -1) {
		bad(vi, "symbol table: bad entry size or string table",
		    s->offset);
		return;
	}
	n = s->size / s->entsize;
	for (i = 1; i < n; i++) {
		at = s->offset + i * s->entsize;
		p = vi->img + at;
		info = ELF_FIELD(h, p, Sym, st_info);
		def_value(vi, h, p);
		if (ELF64_ST_TYPE(info) != STT_FUNC ||
		    ELF_FIELD(h, p, Sym, st_shndx) == SHN_UNDEF ||
		    (ELF64_ST_BIND(info) != STB_GLOBAL &&
		        ELF64_ST_BIND(info) != STB_WEAK))
			continue;
		if (vi->nsym == AUXV_VDSO_SYMS) {
			bad(vi, "too many symbols", at);
			return;
		}
		y = &vi->sym[vi->nsym];
		if (get_str(vi, &str, ELF_FIELD(h, p, Sym, st_name),
		        &y->name) == -1) {
			bad(vi, "symbol name out of range", at);
			return;
		}
		y->weak = ELF64_ST_BIND(info) == STB_WEAK;
		y->ver = -1;
		y->hidden = 0;
		if (versym != NULL && elf_inside(2 * i, 2, versym->size)) {
			at = versym->offset + 2 * i;
			vs = vec_word(vi->img + at, 2, h->bigendian);
			y->hidden = (vs & VERSYM_HIDDEN) != 0;
			vs &= VERSYM_INDEX;
			if (vs > VER_NDX_GLOBAL &&
			    (y->ver = (int16_t)ver_index(vi, vs)) == -1)
				bad(vi, "symbol version out of range", at);
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
	struct elf_shdr s, dynsym = { 0 }, versym = { 0 };
	struct elf_id h;
	uint64_t i;

	memset(vi, 0, offsetof(struct vdso_info, build_id));
	vi->img = img;
	vi->len = len;
	if (elf_header(img, len, &h) == -1 || !h.whole)
		bad(vi, "not an ELF image", 0);
	else
		walk_phdrs(vi, &h);
	if (vi->bad != NULL)
		return;
	if (h.shnum == 0)
		bad(vi, "no section headers", 0);
	else if (h.shnum > AUXV_VDSO_SECTIONS ||
	    h.shentsize < elf_size(h.wordsize, ELF_SHDR) ||
	    !elf_inside(h.shoff, (uint64_t)h.shnum * h.shentsize, len))
		bad(vi, "section headers out of range", h.shoff);
	if (vi->bad != NULL)
		return;
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
			vi->dynsym_ndx = (uint16_t)i;
			break;
		case SHT_GNU_versym:
			versym = s;
			vi->versym_ndx = (uint16_t)i;
			break;
		default:
			break;
		}
	}
	if (dynsym.type == SHT_DYNSYM)
		walk_dynsym(vi, &h, &dynsym,
		    versym.type == SHT_GNU_versym ? &versym : NULL);
}

/* Whether a string of the image is the C string s. */
static int
str_is(const struct vdso_info *vi, const struct fw_str *f, const char *s)
{
	size_t n = strlen(s);

	return f->len == n && memcmp(vi->img + f->off, s, n) == 0;
}

/*
 * Whether the image exports name, a function or a symbol without a type
 * (the form of assembly entry points: arm64's __kernel_rt_sigreturn,
 * ppc64's before Linux 5.x), defined, global or weak, of version ver
 * (any when NULL).  The symbol table parsed by vdso_parse() is walked
 * again, each entry checked as there.
 */
int
vdso_find(const struct vdso_info *vi, const char *name, const char *ver)
{
	struct elf_shdr s, str, vs = { 0 };
	struct fw_str f;
	struct elf_id h;
	uint64_t n, i, info, v;
	const unsigned char *p;
	int k;

	if (vi->dynsym_ndx == 0 || elf_header(vi->img, vi->len, &h) == -1 ||
	    !h.whole || get_shdr(vi, &h, vi->dynsym_ndx, &s) == -1 ||
	    s.entsize < elf_size(h.wordsize, ELF_SYM) ||
	    get_link(vi, &h, &s, &str) == -1)
		return 0;
	if (vi->versym_ndx != 0 && get_shdr(vi, &h, vi->versym_ndx, &vs) == -1)
		vs.size = 0;
	n = s.size / s.entsize;
	for (i = 1; i < n; i++) {
		p = vi->img + s.offset + i * s.entsize;
		info = ELF_FIELD(&h, p, Sym, st_info);
		if ((ELF64_ST_TYPE(info) != STT_FUNC &&
		        ELF64_ST_TYPE(info) != STT_NOTYPE) ||
		    ELF_FIELD(&h, p, Sym, st_shndx) == SHN_UNDEF ||
		    (ELF64_ST_BIND(info) != STB_GLOBAL &&
		        ELF64_ST_BIND(info) != STB_WEAK) ||
		    get_str(vi, &str, ELF_FIELD(&h, p, Sym, st_name), &f) ==
		        -1 ||
		    !str_is(vi, &f, name))
			continue;
		if (ver == NULL)
			return 1;
		if (!elf_inside(2 * i, 2, vs.size))
			continue;
		v = vec_word(vi->img + vs.offset + 2 * i, 2, h.bigendian);
		if ((k = ver_index(vi, v & VERSYM_INDEX)) != -1 &&
		    str_is(vi, &vi->ver[k].name, ver))
			return 1;
	}
	return 0;
}
