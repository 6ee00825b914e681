# --check's base rule: AT_BASE against the interpreter PT_INTERP names,
# found through maps where its path leads elsewhere now (replaced, a
# chroot, a chain loader, a relative PT_INTERP).

load ../common
load check
load hooks

# glibc's ld.so run as a program (FINDINGS.md) rewrites AT_PHDR, AT_PHNUM,
# AT_ENTRY and AT_EXECFN for the program it loads, not AT_BASE: 0, the
# kernel's for the program it ran, which has no PT_INTERP.
@test "self run by the dynamic loader as a program: base holds, saying why; procauxv fails; the other rules hold" {
	need jq
	local interp real
	interp=$(readelf -lW "$AUXV" |
	    sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
	[ -n "$interp" ] || skip "auxv is linked statically: no interpreter"
	run -1 --separate-stderr "$interp" "$AUXV" --check --json
	# It rewrites them in memory only: /proc/self/auxv keeps the
	# kernel's, ld.so's own AT_PHDR first of all.
	[ "$(fails "$output")" = procauxv ]
	# Every other way reads the same saved vector: each differs too.
	[[ "$(evidence "$output" procauxv)" =~ ^/proc/self/auxv\ differs\ from\ the\ vector\ in\ memory\ from\ entry\ [0-9]+\ \(type\ 3\)(\;\ |$) ]]
	real=$(readlink -f "$interp")
	[[ "$(evidence "$output" base)" =~ ^AT_BASE\ 0x0\;\ the\ dynamic\ linker\ that\ runs,\ ${real//./\\.},\ at\ 0x[0-9a-f]+\ \(its\ link\ map\)\;\ ld\.so\ run\ as\ a\ program:\ AT_BASE\ stays\ 0,\ the\ kernel\'s$ ]]
	# glibc's own view of a program it ran so: AT_BASE 0 (LD_SHOW_AUXV).
	LD_SHOW_AUXV=1 "$interp" /bin/true | grep -qx 'AT_BASE: *0x0'
}

# A long-running process whose interpreter was replaced since its exec
# (an upgrade of libc): the file at PT_INTERP's path is another inode,
# and the mapping at AT_BASE a deleted file's.
@test "a PID whose interpreter was replaced since exec: base has no data, saying so" {
	need jq
	local d interp
	d=$(mktemp -d /tmp/ldXXXX)
	interp=$(readelf -lW /bin/sleep |
	    sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
	[ -n "$interp" ] || skip "/bin/sleep has no interpreter"
	cp "$interp" "$d/ld.so"
	# /bin/sleep with PT_INTERP naming the copy (a shorter path, NUL
	# padded), as python3 writes it.
	python3 -c 'import sys
f = bytearray(open("/bin/sleep", "rb").read())
old = sys.argv[1].encode() + b"\0"
i = f.index(old)
new = sys.argv[2].encode()
f[i:i + len(old)] = new + b"\0" * (len(old) - len(new))
open(sys.argv[3], "wb").write(f)' "$interp" "$d/ld.so" "$d/sleep"
	chmod 755 "$d/sleep"
	start_bg "$d/sleep" 100
	rm "$d/ld.so"
	cp "$interp" "$d/ld.so"
	grep -q "$d/ld.so (deleted)" "/proc/$BG_PID/maps"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	rm -r "$d"
	[[ "$(verdict "$output" base)" =~ ^no\ data:\ AT_BASE\ 0x[0-9a-f]+\;\ a\ deleted\ file\ mapped\ there:\ interpreter\ /tmp/ld[A-Za-z0-9]+/ld\.so\ replaced\ \(changed\ since\ exec\)$ ]]
}

# interp_of EXE: the path PT_INTERP names, as readelf has it.
interp_of() {
	readelf -lW "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p'
}

# with_interp EXE INTERP OUT: EXE with PT_INTERP naming INTERP (no longer
# than EXE's, NUL-padded), as python3 writes it.
with_interp() {
	python3 -c 'import sys
f = bytearray(open(sys.argv[1], "rb").read())
old = sys.argv[2].encode() + b"\0"
i = f.index(old)
new = sys.argv[3].encode()
f[i:i + len(old)] = new + b"\0" * (len(old) - len(new))
open(sys.argv[4], "wb").write(f)' "$1" "$(interp_of "$1")" "$2" "$3"
	chmod 755 "$3"
}

# maps_at PID ADDR: the path of PID's mapping that starts at ADDR.
maps_at() {
	python3 -c 'import sys
for l in open("/proc/%s/maps" % sys.argv[1]):
    f = l.split()
    if int(f[0].split("-")[0], 16) == int(sys.argv[2], 16) and len(f) > 5:
        print(f[5])
        break' "$1" "$2"
}

# base_ok PID: AT_BASE is the start of a mapping at offset 0 of the
# interpreter's file, one of two or more (maps), and --check holds base.
base_ok() {
	local at n
	at=$(at_of "$1" 7)
	n=$(awk -v f="$(readlink -f "$2")" '$6 == f && $3 == "00000000"' \
	    "/proc/$1/maps" | wc -l)
	[ "$n" -ge 2 ]
	awk -v f="$(readlink -f "$2")" '$6 == f && $3 == "00000000" {
	    split($1, r, "-"); print "0x" r[1] }' "/proc/$1/maps" |
	    python3 -c 'import sys; sys.exit(int(sys.argv[1], 16) not in
	        [int(l, 16) for l in sys.stdin])' "$at"
	run -0 --separate-stderr "$AUXV" --check --json "$1"
	[ "$(verdict "$output" base)" = "ok: AT_BASE $at; $2 mapped at $at" ]
}

# bats test_tags=slow
@test "a PID whose interpreter's file is mapped twice (qemu-user's guest ld.so, oddproc mapat): AT_BASE held to either" {
	need jq
	local interp
	interp=$(interp_of "$ODDPROC")
	[ -n "$interp" ] || skip "oddproc is linked statically"
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	start_bg "$ODDPROC" mapat "$interp"
	wait_out mapped
	base_ok "$BG_PID" "$interp"
	[ "$(fails "$output")" = "" ]
	stop_bg
	need_x86_64
	command -v qemu-x86_64 >/dev/null || skip "no qemu-x86_64 (qemu-user)"
	interp=$(interp_of "$(command -v sleep)")
	[ -n "$interp" ] || skip "sleep is linked statically"
	# qemu-user, itself dynamic, loads the guest's interpreter too: the
	# same file, at a lower address.
	start_bg qemu-x86_64 "$(command -v sleep)" 100
	sleep 0.5
	grep -q "$(readlink -f "$interp")" "/proc/$BG_PID/maps"
	[ "$(interp_of "$(readlink "/proc/$BG_PID/exe")")" = "$interp" ] ||
	    skip "qemu-x86_64 is not linked with $interp"
	base_ok "$BG_PID" "$interp"
	stop_bg
}

# chroot(2) since exec (sshd's privilege-separated child): PT_INTERP's
# path leads nowhere in the new root, or to another file; the file at
# AT_BASE is found through maps, by its device and inode.
# bats test_tags=slow
@test "a PID that changed its root since exec: the interpreter at AT_BASE found through maps, base holds" {
	need jq
	local T=$BATS_TEST_TMPDIR interp at real root pre=()
	interp=$(interp_of "$ODDPROC")
	[ -n "$interp" ] || skip "oddproc is linked statically"
	[ "$(id -u)" -eq 0 ] || pre=(unshare -r)
	"${pre[@]}" "$ODDPROC" chroot / </dev/null >"$T/probe" 2>&1 &
	# Until it says it chrooted, or has ended (refused), 5 s at most.
	for _ in $(seq 100); do
		grep -q chrooted "$T/probe" && break
		kill -0 $! 2>/dev/null || break
		sleep 0.05
	done
	kill $! 2>/dev/null || true
	grep -q chrooted "$T/probe" || skip "cannot chroot(2): $(cat "$T/probe")"
	mkdir -p "$T/empty" "$T/copy$(dirname "$interp")"
	cp "$interp" "$T/copy$interp"
	for root in empty copy; do
		start_bg "${pre[@]}" "$ODDPROC" chroot "$T/$root"
		wait_out chrooted
		at=$(at_of "$BG_PID" 7)
		real=$(maps_at "$BG_PID" "$at")
		same_inode "$real" "$interp"
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		echo "$root: $(verdict "$output" base)"
		[ "$(fails "$output")" = "" ]
		if [ "$root" = empty ]; then
			[ "$(verdict "$output" base)" = "ok: AT_BASE $at; $real mapped there, the interpreter (PT_INTERP's path does not resolve now)" ]
		else
			[ "$(verdict "$output" base)" = "ok: AT_BASE $at; $real mapped there, the interpreter (PT_INTERP's path now leads to another file)" ]
		fi
	done
}

# The kernel opens a relative PT_INTERP in the directory of the exec
# (open_exec): gcc -Wl,--dynamic-linker=ld.so, run from there.
# bats test_tags=slow
@test "a program whose PT_INTERP is relative, run from its directory: base holds, for a PID and -e" {
	need jq
	local T=$BATS_TEST_TMPDIR interp at
	interp=$(interp_of "$(command -v sleep)")
	[ -n "$interp" ] || skip "sleep is linked statically"
	cp "$interp" "$T/ld.so"
	with_interp "$(command -v sleep)" ld.so "$T/sleep"
	[ "$(interp_of "$T/sleep")" = ld.so ]
	cd "$T"
	start_bg ./sleep 100
	at=$(at_of "$BG_PID" 7)
	[ "$(maps_at "$BG_PID" "$at")" = "$T/ld.so" ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" base)" = "ok: AT_BASE $at; ld.so mapped at $at" ]
	need ptrace
	run -0 --separate-stderr "$AUXV" --check --json -e ./sleep 0
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" base)" =~ ^ok:\ AT_BASE\ (0x[0-9a-f]+)\;\ ld\.so\ mapped\ at\ (0x[0-9a-f]+)$ ]]
	[ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
}

# A chain-loading interpreter (FINDINGS.md: nix-ld): PT_INTERP names
# tests/exec/chainld, which maps the dynamic linker CHAINLD_TO names and
# jumps there, AT_BASE moved to it in memory or, CHAINLD_BASE=keep, left
# at itself.  glibc's LD_SHOW_AUXV, in the same process, prints the
# vector in memory; a PID's map shows both loaders.
# bats test_tags=slow
@test "self under a chain loader: base holds where it moved AT_BASE to the dynamic linker that runs, fails where it left it at itself; a PID's holds either way" {
	need jq
	[ -n "$CHAINLD" ] || skip "tests/exec/chainld is built for x86-64 only"
	local T=$BATS_TEST_TMPDIR interp real at glibc json
	interp=$(interp_of "$AUXV")
	[ -n "$interp" ] || skip "auxv is linked statically: no interpreter"
	real=$(readlink -f "$interp")
	cp "$CHAINLD" "$T/ld.chain"
	with_interp "$AUXV" ld.chain "$T/auxv"
	with_interp "$(command -v sleep)" ld.chain "$T/sleep"
	cd "$T"
	for mode in fix keep; do
		run --separate-stderr env CHAINLD_TO="$interp" \
		    CHAINLD_BASE=$mode LD_SHOW_AUXV=1 ./auxv --check --json
		glibc=$(awk '$1 == "AT_BASE:" { print $2 }' <<<"$output")
		json=$(grep -v '^AT_' <<<"$output")
		echo "$mode: glibc's AT_BASE $glibc; $(verdict "$json" base); $(verdict "$json" procauxv)"
		[[ "$(evidence "$json" base)" =~ ^AT_BASE\ (0x[0-9a-f]+)\;\ the\ dynamic\ linker\ that\ runs,\ ${real//./\\.},\ at\ (0x[0-9a-f]+)\ \(its\ link\ map\) ]]
		[ "${BASH_REMATCH[1]}" = "$glibc" ]
		if [ "$mode" = fix ]; then
			[ "$status" -eq 0 ]
			[ "$(fails "$json")" = "" ]
			[ "${BASH_REMATCH[2]}" = "$glibc" ]
			# The saved vector keeps the kernel's AT_BASE, the
			# chain loader's: procauxv sets that entry aside.
			[[ "$(evidence "$json" procauxv)" == *"AT_BASE aside, which is the dynamic linker that runs in memory (its link map), another in the saved vector: a chain loader moved it"* ]]
		else
			[ "$status" -eq 1 ]
			[ "$(fails "$json")" = base ]
			[ "${BASH_REMATCH[2]}" != "$glibc" ]
			[[ "$(evidence "$json" base)" == *"(its link map); $T/ld.chain mapped at AT_BASE" ]]
		fi
		# A PID's vector is the kernel's: AT_BASE at the chain
		# loader, which its map shows there, the real one elsewhere.
		start_bg env CHAINLD_TO="$interp" CHAINLD_BASE=$mode ./sleep 100
		at=$(at_of "$BG_PID" 7)
		[ "$(maps_at "$BG_PID" "$at")" = "$T/ld.chain" ]
		grep -q " $real\$" "/proc/$BG_PID/maps"
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		[ "$(fails "$output")" = "" ]
		[ "$(verdict "$output" base)" = "ok: AT_BASE $at; ld.chain mapped at $at" ]
		! has ptrace || run -0 --separate-stderr env \
		    CHAINLD_TO="$interp" CHAINLD_BASE=$mode \
		    "$AUXV" --check --json -e ./sleep 0
		! has ptrace || [ "$(fails "$output")" = "" ]
		! has ptrace || [[ "$(verdict "$output" base)" == "ok: AT_BASE 0x"*"; ld.chain mapped at 0x"* ]]
	done
}

# load_elf_interp: AT_BASE is the first PT_LOAD's mapping less PAGESTART
# of its p_vaddr for an ET_DYN interpreter, 0 for an ET_EXEC one.  Here
# interpreters of mkfixture.py's that only wait, linked at 0x200000 and
# at 0x10000000 (ET_EXEC).
# bats test_tags=slow
@test "a PID whose interpreter is not linked at 0 (ET_DYN at 0x200000, ET_EXEC): AT_BASE as load_elf_interp computes it" {
	need_x86_64
	need jq
	local d at lo vaddr type
	[ -n "$(interp_of "$(command -v sleep)")" ] || skip "sleep is linked statically"
	d=$(mktemp -d /tmp/ldXXXX)
	with_interp "$(command -v sleep)" "$d/ld.so" "$d/sleep"
	for layout in dyn-high exec-high; do
		"$MKFIXTURE" pause-program "$d/ld.so" 0x40 "$layout"
		start_bg "$d/sleep" 100
		at=$(at_of "$BG_PID" 7)
		lo=0x$(awk -v f="$d/ld.so" '$6 == f { sub(/-.*/, "", $1); print $1; exit }' "/proc/$BG_PID/maps" | sed 's/^0*//')
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		type=$(readelf_h "$d/ld.so" Type)
		vaddr=$(readelf -lW "$d/ld.so" | awk '$1 == "LOAD" { print $3; exit }')
		echo "$layout: $type $vaddr at $lo; $(verdict "$output" base)"
		[ "$(fails "$output")" = "" ]
		if [ "$type" = DYN ]; then
			[ $((at)) -eq $((lo - (vaddr & -4096))) ]
			[ "$(verdict "$output" base)" = "ok: AT_BASE $at; $d/ld.so mapped at $lo (linked at $(printf '0x%x' "$vaddr"))" ]
		else
			[ "$at" = 0x0 ]
			[ "$(verdict "$output" base)" = "ok: AT_BASE 0x0; $d/ld.so mapped at $lo (ET_EXEC: AT_BASE 0)" ]
		fi
	done
	rm -r "$d"
}
