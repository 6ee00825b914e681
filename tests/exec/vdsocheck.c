/*
 * vdso.bats' hook into the vdso-image rule: an image file, read and
 * parsed as follow.c does a vDSO, checked for a little-endian vector of
 * e_machine MACHINE and WORDSIZE.  Prints the verdict and its evidence;
 * exits 0 ok, 1 FAIL, 2 no data, 3 on a usage or read error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "follow.h"
#include "vdsocheck.h"

static struct followed fo;

int
main(int argc, char **argv)
{
	static const char *const verdict[] = {
		[CHECK_OK] = "ok",
		[CHECK_FAIL] = "FAIL",
		[CHECK_NODATA] = "no data",
	};
	char ev[512];
	enum check_res res;
	size_t len = 0;
	FILE *f;

	if (argc != 4) {
		fprintf(stderr, "usage: vdsocheck IMAGE|- MACHINE WORDSIZE\n");
		return 3;
	}
	fo.vdso = FOLLOW_UNREADABLE;
	if (strcmp(argv[1], "-") != 0) {
		if ((f = fopen(argv[1], "rb")) == NULL) {
			perror(argv[1]);
			return 3;
		}
		len = fread(fo.img, 1, sizeof(fo.img), f);
		fclose(f);
		vdso_parse(fo.img, len, &fo.vi);
		fo.vdso = FOLLOW_READ;
	}
	res = vdso_image_check(&fo, 0x7f0000000000,
	    (uint16_t)strtoul(argv[2], NULL, 0),
	    (unsigned int)strtoul(argv[3], NULL, 0), 0, ev, sizeof(ev));
	printf("%s: %s\n", verdict[res], ev);
	return (int)res;
}
