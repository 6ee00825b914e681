/*
 * auxv's own JSON, read back as a source: -f FILE.
 */
#ifndef AUXV_SRC_JSON_H
#define AUXV_SRC_JSON_H

#include <stddef.h>
#include <sys/types.h>

#include "source.h"

int json_is_json(const unsigned char *, size_t);
int json_read(
    struct source *, const unsigned char *, size_t, int, pid_t, struct diag *);
int json_read_more(struct source *, struct diag *);
int json_read_next(struct source *, struct diag *);
void json_read_close(struct source *);

#endif
