/*
 * The error record: set by the modules, worded by main.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"

void
diag_set(struct diag *d, int err, const char *reason)
{
	d->err = err;
	d->reason = reason;
	d->offset = 0;
	d->has_offset = 0;
	d->flags = 0;
}

void
diag_at(struct diag *d, const char *reason, uint64_t offset)
{
	d->err = EINVAL;
	d->reason = reason;
	d->offset = offset;
	d->has_offset = 1;
	d->flags = 0;
}

/* The REASON of "auxv: WHAT: REASON", in buf. */
const char *
diag_message(const struct diag *d, char *buf, size_t size)
{
	if (d->reason != NULL && d->has_offset)
		snprintf(buf, size, "%s %" PRIu64, d->reason, d->offset);
	else if (d->reason != NULL)
		snprintf(buf, size, "%s", d->reason);
	else
		snprintf(buf, size, "%s", strerror(d->err));
	return buf;
}
