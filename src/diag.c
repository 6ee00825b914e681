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

/*
 * strerror(err) in buf, in the style of auxv's own reasons: its capital
 * lowered ("no such file or directory"), but not an acronym's ("RPC ...").
 */
char *
diag_errtext(int err, char *buf, size_t size)
{
	snprintf(buf, size, "%s", strerror(err));
	if (buf[0] != '\0' && buf[1] >= 'a' && buf[1] <= 'z')
		buf[0] = (char)ascii_lower((unsigned char)buf[0]);
	return buf;
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
		diag_errtext(d->err, buf, size);
	return buf;
}
