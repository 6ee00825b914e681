/*
 * The vector a command receives: placeholder until the ptrace source lands.
 */
#include <errno.h>
#include <stdio.h>

#include "source.h"

int
src_exec(struct source *s, const struct opts *o, char *const argv[],
    struct diag *d)
{
	(void)o;
	s->vec.kind = SRC_EXEC;
	s->vec.path = argv[0];
	snprintf(s->label, sizeof(s->label), "%s", argv[0]);
	diag_set(d, ENOSYS, NULL);
	return -1;
}
