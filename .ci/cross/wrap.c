/*
 * The cross stage's $AUXV: the cross-built auxv (AUXV_BIN) run under
 * qemu-user-static (QEMU) with the target's libraries (PREFIX), all
 * given with -D when .ci/run builds it.  A static program, not a shell
 * script: a dynamically linked shell would itself print its vector when
 * a test sets LD_SHOW_AUXV, before the guest's loader prints the
 * guest's.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	char **args;

	if ((args = calloc((size_t)argc + 4, sizeof(*args))) == NULL)
		err(127, NULL);
	args[0] = QEMU;
	args[1] = "-L";
	args[2] = PREFIX;
	args[3] = AUXV_BIN;
	memcpy(args + 4, argv + 1, (size_t)argc * sizeof(*args));
	execv(QEMU, args);
	err(127, "%s", QEMU);
}
