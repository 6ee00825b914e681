/*
 * The one bounded reader of a file: of a descriptor to its end, or of a
 * file named by its path.  Beneath every other module that reads one.
 */
#ifndef AUXV_READFILE_H
#define AUXV_READFILE_H

#include <stddef.h>
#include <sys/types.h>

int read_full(int, unsigned char *, size_t, size_t *);
ssize_t read_path(const char *, void *, size_t, int);

#endif
