/*
 * What every source shares: setting up and tearing down, and settling
 * the layout of the vector read before parsing it.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arch.h"
#include "elfdefs.h"
#include "opts.h"
#include "source.h"
#include "src_json.h"

void
src_init(struct source *s)
{
	memset(&s->vec, 0, sizeof(s->vec));
	s->lay = LAY_HOST;
	s->vec.ent = s->ent;
	s->vec.label = s->label;
	s->label[0] = '\0';
	s->fd = -1;
	s->child = 0;
	procmem_init(&s->pm);
	s->data = NULL;
	s->json = NULL;
	s->datalen = 0;
	s->loads = NULL;
	s->nloads = 0;
}

/* Releases what a source holds; a traced child is killed and reaped. */
void
src_close(struct source *s)
{
	if (s->child > 0) {
		kill(s->child, SIGKILL);
		waitpid(s->child, NULL, __WALL);
		s->child = 0;
	}
	if (s->fd != -1)
		close(s->fd);
	procmem_close(&s->pm);
	json_read_close(s);
	/* Not free(NULL): a call binds free, self has nothing to free. */
	if (s->data != NULL)
		free(s->data);
	if (s->loads != NULL)
		free(s->loads);
	src_init(s);
}

/*
 * The word size, byte order and machine of a source's vector, where the
 * source left them open (s->lay): the host's, or the options'.
 */
void
src_layout(struct source *s, const struct opts *o)
{
	struct auxv_vec *v = &s->vec;
	struct elf_id host;
	unsigned int ws;
	int be;

	if (s->lay == LAY_GIVEN)
		return;
	elf_host(&host);
	v->machine = host.machine;
	ws = host.wordsize;
	be = host.bigendian;
	if (s->lay == LAY_OPTS) {
		if (o->arch != NULL) {
			v->machine = o->arch->machine;
			ws = o->arch->wordsize;
			be = o->arch_endian;
			if (be == -1)
				be = arch_default_bigendian(o->arch);
		}
		if (o->wordsize != 0)
			ws = o->wordsize;
		if (o->endian != -1)
			be = o->endian;
	}
	v->wordsize = (uint8_t)ws;
	v->bigendian = (uint8_t)be;
}

/*
 * Settles the layout of an opened source's vector and parses it, unless
 * the source has.  Then the architecture: --arch, else the one the layout
 * names.  0, or -1 and *d.
 */
int
src_parse(struct source *s, const struct opts *o, struct diag *d)
{
	struct auxv_vec *v = &s->vec;
	int rc = 0;

	if (s->lay != LAY_PARSED) {
		src_layout(s, o);
		rc = vec_parse(v, AUXV_MAX_ENTRIES, d);
	}
	v->arch = o->arch != NULL
	    ? o->arch
	    : arch_by_elf(v->machine, v->wordsize, v->bigendian);
	return rc;
}
