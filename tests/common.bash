# Shared by the bats files: the program is $AUXV; helpers start processes
# the tests read and kill them afterwards.

bats_require_minimum_version 1.5.0

: "${AUXV:?AUXV must name the auxv binary}"

# Starts "$@" in the background with its output in $BATS_TEST_TMPDIR/bg.out
# and waits until it has exec'd (its /proc/PID/exe is no longer bash).
start_bg() {
	"$@" >"$BATS_TEST_TMPDIR/bg.out" 2>&1 &
	BG_PID=$!
	local i
	for i in $(seq 1 200); do
		exe=$(readlink "/proc/$BG_PID/exe" 2>/dev/null) || true
		if [ -n "$exe" ] && [ "$exe" != "$(readlink /proc/$$/exe)" ]; then
			return 0
		fi
		sleep 0.02
	done
	return 0
}

stop_bg() {
	if [ -n "${BG_PID:-}" ]; then
		kill "$BG_PID" 2>/dev/null || true
		wait "$BG_PID" 2>/dev/null || true
		BG_PID=
	fi
}

# Decodes a raw vector file into "type value" lines with python3 struct.
# Usage: pyvec FILE WORDSIZE [ENDIAN(<|>)]
pyvec() {
	python3 - "$1" "$2" "${3:-<}" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
ws = int(sys.argv[2]); fmt = sys.argv[3] + ("Q" if ws == 8 else "I")
for off in range(0, len(data) - 2 * ws + 1, 2 * ws):
    t, = struct.unpack_from(fmt, data, off)
    v, = struct.unpack_from(fmt, data, off + ws)
    if t == 0:
        break
    print(t, v)
PY
}

# Writes a raw vector: mkraw FILE WORDSIZE ENDIAN(<|>) TYPE VALUE ...
# (AT_NULL is appended).
mkraw() {
	python3 - "$@" <<'PY'
import struct, sys
path, ws, end = sys.argv[1], int(sys.argv[2]), sys.argv[3]
fmt = end + ("Q" if ws == 8 else "I")
words = [int(x, 0) for x in sys.argv[4:]] + [0, 0]
open(path, "wb").write(b"".join(struct.pack(fmt, w) for w in words))
PY
}

# A 32-bit static program that sleeps, for the 32-bit paths; empty when
# no 32-bit toolchain is installed.
build_sleep32() {
	local out="$BATS_FILE_TMPDIR/sleep32"
	[ -x "$out" ] && { echo "$out"; return 0; }
	printf '#include <unistd.h>\nint main(void){pause();return 0;}\n' \
	    >"$BATS_FILE_TMPDIR/sleep32.c"
	if gcc -m32 -static -o "$out" "$BATS_FILE_TMPDIR/sleep32.c" \
	    2>/dev/null; then
		echo "$out"
	fi
}
