/*
 * The /proc layer: what a process's /proc directory says of it, read in
 * bounded steps: its memory map (DIR/maps) line by line, its stat line's
 * numbers, a small file whole.
 */
#ifndef AUXV_PROC_H
#define AUXV_PROC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

/*
 * One line of DIR/maps: "lo-hi perms offset major:minor inode   path".
 * path is "" for an anonymous mapping, and holds what the kernel wrote
 * after the inode as it is (" (deleted)" included); it and perms live as
 * long as the call of the callback.
 */
struct proc_map {
	uint64_t lo, hi; /* [lo, hi) */
	uint64_t offset;
	uint64_t inode;
	unsigned int major, minor;
	char perms[5]; /* "r-xp" */
	const char *path;
};

/* Called for each mapping, in the file's (ascending) order; nonzero stops. */
typedef int proc_map_fn(const struct proc_map *, void *);

int proc_maps(const char *, size_t, proc_map_fn *, void *);
ssize_t proc_read(const char *, unsigned char *, size_t);
int proc_stat(const char *, int, uint64_t *);
int proc_stat_path(const char *, struct stat *);
size_t proc_readable(const char *, uint64_t, size_t);

#endif
