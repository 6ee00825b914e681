# --check's rules of the executable: phdr, entry and execfn, and how auxv
# finds the file the kernel ran (its path, inode and device), for self,
# -e and a PID whose files or memory changed since exec.

load ../common
load check
load hooks

# bats test_tags=full
@test "a PID: AT_ENTRY and AT_BASE against readelf and /proc/PID/maps" {
	need jq
	start_bg sleep 100
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	exe=$(readlink "/proc/$BG_PID/exe")
	maps=$(cat "/proc/$BG_PID/maps")
	stop_bg
	[ "$(fails "$output")" = "" ]
	entry=$(readelf_h "$exe" "Entry point address")
	[[ "$(evidence "$output" entry)" == *"e_entry $entry + load bias"* ]]
	# sleep is a PIE: its first mapping is its load bias.
	if readelf_h "$exe" Type | grep -q DYN; then
		bias=0x$(grep -m1 " $exe\$" <<<"$maps" | sed 's/-.*//; s/^0*//')
		[[ "$(evidence "$output" entry)" == *"load bias $bias "* ]]
	fi
	interp=$(readelf -l "$exe" | sed -n 's/.*interpreter: \(.*\)]/\1/p')
	real=$(readlink -f "$interp")
	base=0x$(grep -m1 " $real\$" <<<"$maps" | sed 's/-.*//; s/^0*//')
	[[ "$(evidence "$output" base)" == *"mapped at $base" ]]
}

# same_ino FSTYPE: in a mount namespace, a program on a fresh tmpfs maps,
# below itself, a file of a fresh FSTYPE (tmpfs, or ext2 on a loop
# device) with its own inode number (12: ext2's first file; tmpfs
# numbers from 2), and is checked: $output, and its maps in $maps.
same_ino() {
	local T=$BATS_TEST_TMPDIR s=0
	unshare -m true 2>/dev/null || skip "cannot make a mount namespace (unshare -m)"
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	cp "$ODDPROC" "$T/h"
	mkdir "$T/a" "$T/b"
	if [ "$1" = ext2 ]; then
		command -v mkfs.ext2 >/dev/null || skip "no mkfs.ext2 (e2fsprogs)"
		truncate -s 1M "$T/img"
		mkfs.ext2 -q "$T/img"
	fi
	# The files numbered 2 to 11 of a tmpfs go first: then the program,
	# or the data, 12.
	unshare -m --propagation private sh -ec '
		T=$1
		mount -t tmpfs none "$T/a"
		if [ "$2" = ext2 ]; then
			mount -o loop "$T/img" "$T/b" || exit 3
		else
			mount -t tmpfs none "$T/b"
		fi
		for d in "$T/a" "$T/b"; do
			[ "$(stat -fc %T "$d")" = tmpfs ] || continue
			i=2; while [ $i -lt 12 ]; do : >"$d/$i"; i=$((i + 1)); done
		done
		cp "$T/h" "$T/a/h"
		echo data >"$T/b/data"
		stat -c "%i %D %n" "$T/a/h" "$T/b/data" >"$T/stat"
		"$T/a/h" mapat "$T/b/data" >"$T/h.out" &
		until grep -q mapped "$T/h.out"; do sleep 0.05; done
		cat /proc/$!/maps >"$T/maps"
		readlink /proc/$!/exe >"$T/exe"
		s=0; "$3" --check --json $! >"$T/out" || s=$?
		echo $s >"$T/status"
		kill $!' sh "$T" "$1" "$AUXV" || s=$?
	[ "$s" -ne 3 ] || skip "cannot mount a loop device here"
	[ "$s" -eq 0 ]
	output=$(cat "$T/out")
	status=$(cat "$T/status")
	maps=$(cat "$T/maps")
}

# told_by_device: after same_ino, the two files are of inode 12 and two
# devices, the other one's mapping is below the executable's, and
# --check holds every rule, the load bias the executable's.
told_by_device() {
	local exe
	[ "$(cut -d' ' -f1 "$BATS_TEST_TMPDIR/stat" | uniq)" = 12 ]
	[ "$(cut -d' ' -f2 "$BATS_TEST_TMPDIR/stat" | uniq | wc -l)" -eq 2 ]
	exe=$(cat "$BATS_TEST_TMPDIR/exe")
	# Below it: the other file's mapping, at 0x10000.
	[[ "${maps%%$'\n'*}" == "00010000-00011000 r--p 00000000 "*" 12 "*"/b/data" ]]
	[ "$status" -eq 0 ]
	[ "$(fails "$output")" = "" ]
	[[ "$(evidence "$output" entry)" == *" + load bias $(load_bias "$exe" "$maps" "$BATS_TEST_TMPDIR/h") (from stat's startcode) = "* ]]
}

# bats test_tags=slow
@test "a PID beside another tmpfs's file with its executable's inode number, mapped below it: the executable told by its device" {
	need jq
	same_ino tmpfs
	# The two files: inode 12 both, of two devices of major 0.
	told_by_device
}

@test "a PID beside a file of a block device (ext2 on a loop device) with its executable's inode number, mapped below it: the executable told by its device" {
	need jq
	same_ino ext2
	# The two files: inode 12 both, of a tmpfs (major 0) and of a loop
	# device (major 7).
	told_by_device
}

# AT_EXECFN is the path given to execve (fs/exec.c): the executable, or
# a #! script, or a file binfmt_misc hands to an interpreter (an ELF
# program of another machine); another program of this machine is a
# loader's mistake (argv[0], or the loader's own path).
# bats test_tags=slow
@test "uexec: AT_EXECFN naming another program fails execfn alone; a #! script or another machine's program holds" {
	need jq
	local T=$BATS_TEST_TMPDIR
	uexec_ready
	uexec_check execfile=/bin/sh
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = execfn ]
	[ "$(evidence "$output" execfn)" = 'AT_EXECFN "/bin/sh" is another program than the executable' ]
	printf '#!/bin/sh\n' >"$T/script"
	uexec_check "execfile=$T/script"
	[ "$status" -eq 0 ]
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$T/script\" is a #! script its interpreter runs" ]
	# An ELF header of e_machine 183 (EM_AARCH64), as python writes it.
	python3 -c 'import sys
from mkfixture import Elf
open(sys.argv[1], "wb").write(Elf(8, "little").ehdr(2, 183, 64, 0))' "$T/a64"
	uexec_check "execfile=$T/a64"
	[ "$status" -eq 0 ]
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$T/a64\" is no program of this machine: binfmt_misc's interpreter runs it" ]
}

# A loader that gives argv[0] as AT_EXECFN where the kernel gives the
# path execve was given (a PATH lookup's "/usr/bin/auxv" for a typed
# "auxv"): self fails execfn where nothing since exec explains a name
# that resolves to no file (the directory has no such file: ls).  The
# healthy ways to the same: execv("3") in /proc/self/fd of a descriptor
# closed at exec, a preloaded constructor that changes directory, and
# the executable renamed after exec (stopped there under ptrace): no data.
# bats test_tags=slow
@test "self: AT_EXECFN set to argv[0], a name nothing in the directory has, fails execfn; the healthy ways to such a name have no data" {
	need jq
	local T=$BATS_TEST_TMPDIR
	uexec_ready
	mkdir "$T/empty"
	cd "$T/empty"
	run --separate-stderr "$UEXEC" argv0=auxv "$st" --check --json
	uexec_output
	[ -z "$(ls -A "$T/empty")" ]
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = execfn ]
	[ "$(evidence "$output" execfn)" = 'AT_EXECFN "auxv" is argv[0], relative, and names no file in our working directory (No such file or directory), where exec found it: the kernel gives the path execve was given' ]
	# The same name where the file is: it holds.
	cp "$st" "$T/auxv"
	cd "$T"
	touch -d '1 hour ago' auxv
	run --separate-stderr "$UEXEC" argv0=auxv "$T/auxv" --check --json
	uexec_output
	[ "$(verdict "$output" execfn)" = 'ok: AT_EXECFN "auxv" is the executable' ]
	# execv("3") in /proc/self/fd: AT_EXECFN "3", a descriptor gone.
	run --separate-stderr python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_CLOEXEC)
os.chdir("/proc/self/fd")
os.execv(str(fd), [str(fd), "--check", "--json"])' "$st"
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" execfn)" == "no data: AT_EXECFN \""[0-9]*"\": names no file (a name under /proc, or a file renamed or removed since our exec)" ]]
	# A preloaded constructor that changed directory to /.
	[ -n "$ENVEDIT" ] || skip "envedit.c not built"
	cp "$AUXV" "$T/dyn"
	touch -d '1 hour ago' "$T/dyn"
	run --separate-stderr env ASAN_OPTIONS="verify_asan_link_order=0:${ASAN_OPTIONS:-}" \
	    LD_PRELOAD="$ENVEDIT" ENVEDIT=chdir ./dyn --check --json
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" execfn)" = 'no data: AT_EXECFN "./dyn": names no file (a loader'"'"'s argv[0], or a file removed since our exec)' ]
	# Renamed after exec: stopped at its exec under ptrace, renamed, let go.
	need ptrace
	run --separate-stderr python3 -c 'import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
pid = os.fork()
if pid == 0:
    libc.ptrace(0, 0, 0, 0)
    os.execv("./auxv", ["./auxv", "--check", "--json"])
os.waitpid(pid, 0)
os.rename("auxv", "auxv.old")
libc.ptrace(17, pid, 0, 0)
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))'
	[ ! -e auxv ]
	[ -e auxv.old ]
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" execfn)" = 'no data: AT_EXECFN "./auxv": names no file (a name under /proc, or a file renamed or removed since our exec)' ]
}

@test "uexec: headers in memory that differ from the file's: the header named, by readelf's index" {
	need jq
	local i
	uexec_check phdrmod
	[ "$status" -eq 1 ]
	# uexec changed PT_GNU_STACK (0x6474e551 in the ELF gABI) in memory.
	i=$(readelf -lW "$st" | awk '/^  [A-Z]/ && $1 != "Type" { if ($1 == "GNU_STACK") print n; n++ }')
	[ -n "$i" ]
	[ "$(evidence "$output" phdr)" = "AT_PHDR 0x400040: header $i (type 0x6474e551) differs from the executable's (type 0x6474e551)" ]
}

@test "uexec: a program copied into anonymous memory is held to /proc/self/exe, its loader's file" {
	need jq
	local n m want
	uexec_check anon
	[ "$status" -eq 1 ]
	# No file mapping holds auxv's code: the executable is uexec itself,
	# whose headers, entry and interpreter are not the vector's, nor is
	# AT_EXECFN's file.
	want="phdr entry"
	! readelf -lW "$UEXEC" | grep -q INTERP || want="phdr entry base"
	want+=" execfn"
	[ "$(fails "$output")" = "$want" ]
	n=$(readelf_h "$st" "Number of program headers")
	m=$(readelf_h "$UEXEC" "Number of program headers")
	[ "$n" -eq "$m" ] ||
	    [ "$(evidence "$output" phdr)" = "AT_PHENT 56, AT_PHNUM $n; the executable's e_phentsize 56, e_phnum $m" ]
	[[ "$(evidence "$output" entry)" == "AT_ENTRY $(readelf_h "$st" "Entry point address"); e_entry $(readelf_h "$UEXEC" "Entry point address") + load bias "* ]]
}

# bats test_tags=slow
@test "uexec: the executable's file changed once loaded: what auxv cannot read is no data, a header that differs FAIL" {
	need jq
	local name spec want s cp=$BATS_TEST_TMPDIR/st
	uexec_ready
	# Each case: its name, uexec's patches of a copy of the program (the
	# loaded one left as it was; set= a fault of the vector besides), then
	# the rules that fail and the verdicts of phdr, entry and base, from
	# the ELF file itself (elf.py), "|" between them.
	python3 - "$st" >"$BATS_TEST_TMPDIR/cases" <<'EOF'
import sys
import elf
f = elf.read(sys.argv[1])
entry, phoff, phnum, phent = f.h.entry, f.h.phoff, f.h.phnum, f.h.phentsize
ph = f.phdrs()
loads = [i for i in range(phnum) if ph[i].type == elf.PT_LOAD]
k = [i for i in loads if ph[i].offset <= phoff <
     ph[i].offset + ph[i].filesz][0]
at_phdr = phoff - ph[k].offset + ph[k].vaddr

def p(off, data):
    return "patch=%d:%s" % (off, data.hex())

def hdr(i, name, value):
    return p(f.where("phdr", i, name), f.packfield("phdr", name, value))

def ehdr(name, value):
    return p(f.where("ehdr", 0, name), f.packfield("ehdr", name, value))

# A PT_INTERP at header i naming a path written after the headers,
# where nothing is read at run time, or one past the end of the file.
path, where = b"/nonexistent/interp\0", f.at("phdr", phnum)
interp = lambda i: [hdr(i, "type", elf.PT_INTERP), hdr(i, "offset", where),
                    hdr(i, "filesz", len(path)), p(where, path)]
eof = lambda i: [hdr(i, "type", elf.PT_INTERP),
                 hdr(i, "offset", len(f.data)), hdr(i, "filesz", len(path))]
no = "no data: executable is not a readable ELF file"
ok = ("ok: AT_PHDR 0x%x holds the executable's %d headers of %d bytes, "
      "load bias 0x0 (from where our code runs)" % (at_phdr, phnum, phent),
      "ok: AT_ENTRY 0x%x; e_entry 0x%x + load bias 0x0 (from where our "
      "code runs) = 0x%x"
      % (entry, entry, entry),
      "ok: AT_BASE 0x0; the executable has no PT_INTERP: 0")
differs = lambda i, t: ("FAIL: AT_PHDR 0x%x: header %d (type 0x%x) differs "
                        "from the executable's (type 0x%x)"
                        % (at_phdr, i, ph[i].type, t))
unmapped = "FAIL: AT_BASE 0x0; interpreter /nonexistent/interp not mapped"
last = phnum - 1
for name, patches, fails, verdicts in [
        ("e_phentsize 57", [ehdr("phentsize", 57)], "", (no, no, no)),
        ("e_phnum 200", [ehdr("phnum", 200)], "", (no, no, no)),
        ("e_phoff past the end", [ehdr("phoff", len(f.data))], "",
         (no, no, no)),
        ("EI_CLASS 3", [p(elf.EI_CLASS, b"\3")], "", (no, no, no)),
        ("a PT_INTERP past the end", eof(last), "", (no, no, no)),
        ("a PT_INTERP longer than PATH_MAX",
         interp(last) + [hdr(last, "filesz", 4097)], "", (no, no, no)),
        ("a PT_INTERP of no file", interp(last), "phdr base",
         (differs(last, 3), ok[1], unmapped)),
        ("the first of two PT_INTERPs", interp(last - 1) + eof(last),
         "phdr base", (differs(last - 1, 3), ok[1], unmapped)),
        ("no PT_LOAD", [hdr(i, "type", 0) for i in loads], "phdr",
         (differs(loads[0], 0),
          "no data: the executable has no PT_LOAD", ok[2])),
        ("the headers outside the PT_LOAD",
         [hdr(k, "filesz", phoff - ph[k].offset)], "phdr",
         (differs(k, 1), ok[1], ok[2])),
        # What the kernel gives then since Linux 5.18 (load_elf_binary:
        # the load bias), before it the address above; neither fails.
        ("the headers outside the PT_LOAD, AT_PHDR 0",
         [hdr(k, "filesz", phoff - ph[k].offset), "set=3=0"], "",
         ("ok: AT_PHDR 0x0: no PT_LOAD holds e_phoff 0x%x, the kernel "
          "gives the load bias (Linux 5.18 on)" % phoff, ok[1], ok[2]))]:
    print("|".join([name, ",".join(patches), fails] + list(verdicts)))
EOF
	while IFS='|' read -r name spec want; do
		cp "$st" "$cp"
		run --separate-stderr "$UEXEC" "$spec" "$cp" --check --json
		uexec_output
		echo "$name: status $status"
		s=1
		[ -n "${want%%|*}" ] || s=0
		[ "$status" -eq "$s" ]
		printf '%s\n' "$output" >>"$BATS_TEST_TMPDIR/out"
		printf '%s\n' "$name|$want" >>"$BATS_TEST_TMPDIR/want"
		# The file says what the patches wrote, as readelf reads it.
		[ "$name" != "a PT_INTERP of no file" ] || readelf -lW "$cp" |
		    grep -q 'Requesting program interpreter: /nonexistent/interp'
	done <"$BATS_TEST_TMPDIR/cases"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -eq 11 ]
	# The load bias is from stat's startcode where uexec could set it
	# (PR_SET_MM_MAP), else from where our code runs: the same value.
	diff "$BATS_TEST_TMPDIR/want" <(cut -d'|' -f1 "$BATS_TEST_TMPDIR/cases" |
	    paste -d'|' - <(jq -r '[[.checks[] | select(.result == "FAIL") |
	    .name] | join(" ")] + [.checks[] | select(.name == "phdr" or
	    .name == "entry" or .name == "base") | .result + ": " +
	    .evidence] | join("|")' "$BATS_TEST_TMPDIR/out" |
	    sed "s/(from stat's startcode)/(from where our code runs)/g"))
}

# execfn_of PID: the string AT_EXECFN points to, read from /proc/PID/mem.
execfn_of() {
	python3 - "$1" "$(ws_of "$1")" <<'EOF'
import sys
from oracle import cstring, pairs_of
pid, ws = sys.argv[1], int(sys.argv[2])
at = dict(pairs_of("/proc/%s/auxv" % pid, ws))[31]
with open("/proc/%s/mem" % pid, "rb") as mem:
    print(cstring(mem, at).decode())
EOF
}

# bats test_tags=slow
@test "a PID whose executable's path now names another program (replaced, renamed away, a link flipped, as upgrades do): execfn has no data, never FAIL" {
	need jq
	local T=$BATS_TEST_TMPDIR exe why
	cp "$(command -v sleep)" "$T/s1"
	cp "$(type -P true)" "$T/s2"
	for how in replace rename link; do
		cp "$T/s1" "$T/d"
		[ "$how" != link ] || ln -sfn s1 "$T/l"
		exe=$T/d
		[ "$how" != link ] || exe=$T/l
		start_bg "$exe" 100
		case $how in
		replace) cp "$T/s2" "$T/new" && mv "$T/new" "$T/d" ;;
		rename) mv "$T/d" "$T/d.old" && cp "$T/s2" "$T/d" ;;
		link) ln -sfn s2 "$T/l.new" && mv -T "$T/l.new" "$T/l" ;;
		esac
		# The kernel's AT_EXECFN, and the file at it now another.
		[ "$(execfn_of "$BG_PID")" = "$exe" ]
		! same_inode "$exe" "/proc/$BG_PID/exe"
		why=" $WHY_PATH"
		if [ "$how" = replace ]; then
			[[ "$(readlink "/proc/$BG_PID/exe")" == *" (deleted)" ]]
			why="; the executable's file is deleted $WHY_SEEN"
		fi
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		echo "$how: $(verdict "$output" execfn)"
		[ "$(fails "$output")" = "" ]
		[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"$exe\" is another program than the executable$why" ]
		rm -f "$T/d" "$T/d.old" "$T/l"
	done
}

# fexecve(3) and execveat(2) give AT_EXECFN "/dev/fd/N" or
# "/dev/fd/N/name" (fs/exec.c alloc_bprm), glibc without execveat
# "/proc/self/fd/N", runc's re-exec "/proc/self/exe": names of the
# caller's view, never resolved in auxv's, whatever auxv has open there.
# bats test_tags=slow
@test "a PID started by fexecve, execveat, /proc/self/fd/N or /proc/self/exe: execfn has no data, saying why, whatever auxv holds at that descriptor" {
	need jq
	local T=$BATS_TEST_TMPDIR mode want
	mkdir "$T/other"
	cp "$(type -P true)" "$T/other/$(basename "$ODDPROC")"
	for mode in fexec:"/dev/fd/9" execat:"/dev/fd/9/$(basename "$ODDPROC")" \
	    procfd:/proc/self/fd/9 selfexe:/proc/self/exe; do
		start_odd "${mode%%:*}"
		wait_out waiting
		same_inode "/proc/$BG_PID/exe" "$ODDPROC"
		[ "$(execfn_of "$BG_PID")" = "${mode#*:}" ]
		# auxv's own descriptor 9: another program, or a directory
		# holding one of the name.
		if [ "${mode%%:*}" = execat ]; then
			run -0 --separate-stderr "$AUXV" --check --json "$BG_PID" 9<"$T/other"
		else
			run -0 --separate-stderr "$AUXV" --check --json "$BG_PID" 9<"$T/other/$(basename "$ODDPROC")"
		fi
		stop_bg
		case ${mode%%:*} in
		fexec) want="names a descriptor of the process at exec (fexecve)" ;;
		execat) want="names a file under a directory descriptor of the process at exec (execveat)" ;;
		procfd) want="names a descriptor of the process at exec (fexecve through /proc)" ;;
		selfexe) want="names the executable of the process that called exec (/proc/self/exe), not ours" ;;
		esac
		echo "$mode: $(verdict "$output" execfn)"
		[ "$(fails "$output")" = "" ]
		[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"${mode#*:}\": $want" ]
	done
}

# Why execfn has no data is the real reason: /proc not mounted (nothing
# was replaced), and a long AT_EXECFN is quoted whole up to 200 bytes,
# past that marked as cut with its length (the path's, from bash).
# bats test_tags=slow
@test "self: execfn says /proc is not mounted, and quotes a long AT_EXECFN whole or marked as cut" {
	native_only "copies of auxv run as themselves, with no /proc"
	need mountns
	unsanitized "a mount namespace without /proc (ASan reads its maps at start)"
	need jq
	local T=$BATS_TEST_TMPDIR d75 d300 out
	run -0 unshare -m sh -c 'umount -l /proc && exec "$1" --check --json' \
	    sh "$AUXV"
	[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"$AUXV\"; /proc is not mounted" ]
	[ "$(fails "$output")" = "" ]
	d75=$T/$(printf 'd%.0s' $(seq $((69 - ${#T}))))
	d300=$T/$(printf 'e%.0s' $(seq 200))/$(printf 'f%.0s' $(seq $((93 - ${#T}))))
	mkdir -p "$d75" "$d300"
	cp "$AUXV" "$d75/auxv"
	cp "$AUXV" "$d300/auxv"
	[ "${#d75}" -eq 70 ]
	[ "${#d300}" -eq 295 ]
	run -0 "$d75/auxv" --check --json
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$d75/auxv\" is the executable" ]
	run -0 "$d300/auxv" --check --json
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"${d300:0:200}\"... (cut, 300 bytes) is the executable" ]
}

# startcode_bias PID EXE: the load bias that /proc/PID/stat's startcode
# (field 26: the lowest PF_X PT_LOAD's p_vaddr plus the bias,
# fs/binfmt_elf.c load_elf_binary) gives, with readelf's p_vaddr.
startcode_bias() {
	local sc x
	sc=$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f24)
	x=$(readelf -lW "$2" | awk '$1 == "LOAD" && $(NF - 1) ~ /E/ { print $3; exit }')
	printf '0x%x' $((sc - x))
}

# bias_ok OUTPUT BIAS FROM: nothing fails, and entry holds at load bias
# BIAS, from the fact FROM.
bias_ok() {
	[ "$(fails "$1")" = "" ]
	[[ "$(evidence "$1" entry)" == *"+ load bias $2 (from $3) = "* ]]
	[ "$(rule_field "$1" entry r)" = ok ]
}

# bats test_tags=slow
@test "a PID that maps its own file below exec's mapping, or unmapped its first page: phdr and entry take the load bias from stat's startcode, no FAIL" {
	need jq
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	local bias lo
	start_bg "$ODDPROC" mapat "$ODDPROC"
	wait_out mapped
	bias=$(startcode_bias "$BG_PID" "$ODDPROC")
	# maps (the oracle): the lowest mapping of the file is the new one,
	# at offset 0, below the one exec made at the bias.
	lo=$(grep -m1 " $(readlink -f "$ODDPROC")\$" "/proc/$BG_PID/maps")
	[[ "$lo" == 00010000-*" 00000000 "* ]]
	[ $((0x${lo%%-*})) -lt $((bias)) ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	bias_ok "$output" "$bias" "stat's startcode"
	[[ "$(evidence "$output" phdr)" == *"load bias $bias (from stat's startcode)" ]]
	[ "$(rule_field "$output" phdr r)" = ok ]
	# Its ELF header's page gone: its headers are not in memory to
	# compare (no data), its entry still held.
	start_bg "$ODDPROC" unmapfirst
	wait_out unmapped
	bias=$(startcode_bias "$BG_PID" "$ODDPROC")
	! grep -q "^0*${bias#0x}-" "/proc/$BG_PID/maps"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	bias_ok "$output" "$bias" "stat's startcode"
	[ "$(rule_field "$output" phdr r)" = "no data" ]
	# startcode moved into anonymous memory (PR_SET_MM_MAP, as CRIU
	# restores it): no fact of the file.  The file mapped once more at
	# another bias, nothing says which is exec's: no data; mapped once,
	# its one bias.
	start_bg "$ODDPROC" mapat "$ODDPROC" setcode
	wait_out 'renamed\|refused'
	grep -q renamed "$BATS_TEST_TMPDIR/bg.out" ||
	    skip "PR_SET_MM_MAP refused: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" entry)" = "no data: the executable's file is mapped at more than one load bias (mapped again since exec?), and stat's startcode does not say which" ]
	[ "$(verdict "$output" phdr)" = "no data: the executable's file is mapped at more than one load bias (mapped again since exec?), and stat's startcode does not say which" ]
	start_bg "$ODDPROC" mapat /etc/passwd setcode
	wait_out renamed
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(rule_field "$output" phdr r)" = ok ]
	[ "$(rule_field "$output" entry r)" = ok ]
	[[ "$(evidence "$output" entry)" == *"(from the executable's mappings)"* ]]
}

@test "-a over processes that map their own file below exec's mapping, or unmapped their first page: no FAIL" {
	need pidns
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	run --separate-stderr unshare -p -f --mount-proc sh -c '
		"$1" mapat "$1" >"$2.1" &
		"$1" unmapfirst >"$2.2" &
		for i in $(seq 100); do
			! grep -q . "$2.1" || ! grep -q . "$2.2" || break
			sleep 0.05
		done
		grep -q mapped "$2.1" && grep -q unmapped "$2.2" || exit 3
		"$3" --check -a' sh "$ODDPROC" "$BATS_TEST_TMPDIR/out" "$AUXV"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

# bats test_tags=slow
@test "self, its file mapped again below exec's mapping by a preload: phdr and entry hold at exec's load bias" {
	need jq
	local T=$BATS_TEST_TMPDIR
	ldd "$AUXV" >/dev/null 2>&1 || skip "auxv is linked statically"
	! ldd "$AUXV" | grep -q 'libasan\|libtsan' ||
	    skip "a sanitized build takes no other preload first"
	# The constructor copies the maps it made to $MAPS_OUT: the last
	# program to start (auxv, after env) writes it last.
	cat >"$T/below.c" <<'EOF'
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
__attribute__((constructor)) static void below(void) {
	char b[65536];
	ssize_t n;
	int fd = open("/proc/self/exe", O_RDONLY), in, out;
	if (fd == -1 || mmap((void *)0x10000, 4096, PROT_READ,
	    MAP_PRIVATE | MAP_FIXED_NOREPLACE, fd, 0) == MAP_FAILED)
		_exit(1);
	in = open("/proc/self/maps", O_RDONLY);
	out = open(getenv("MAPS_OUT"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
	while ((n = read(in, b, sizeof(b))) > 0)
		if (write(out, b, n) != n)
			_exit(1);
}
EOF
	gcc -shared -fPIC -o "$T/below.so" "$T/below.c" ||
	    skip "gcc cannot build a preload"
	run --separate-stderr env MAPS_OUT="$T/maps" LD_PRELOAD="$T/below.so" \
	    "$AUXV" --check --json
	# maps (the oracle): the file's lowest mapping is the preload's.
	grep -m1 " $(readlink -f "$AUXV")\$" "$T/maps" | grep -q '^00010000-'
	[ "$(rule_field "$output" phdr r)" = ok ]
	[ "$(rule_field "$output" entry r)" = ok ]
	[[ "$(evidence "$output" entry)" != *"load bias 0x10000 "* ]]
}

# load_elf_binary's AT_PHDR (fs/binfmt_elf.c): since Linux 5.18 e_phoff
# in the last PT_LOAD that holds it, or the load bias where none does;
# before, the first PT_LOAD's address of e_phoff.
# bats test_tags=slow
@test "a program whose headers no PT_LOAD holds, or two do: phdr holds, for a PID and -e" {
	need_x86_64
	need jq
	local p=$BATS_TEST_TMPDIR/p at
	for layout in past twice; do
		"$MKFIXTURE" pause-program "$p" 0x40 "$layout"
		start_bg "$p"
		at=$(at_of "$BG_PID" 3)
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		echo "$layout: AT_PHDR $at; $(verdict "$output" phdr)"
		[ "$(fails "$output")" = "" ]
		case $layout:$at in
		past:0x0) [ "$(verdict "$output" phdr)" = "ok: AT_PHDR 0x0: no PT_LOAD holds e_phoff 0x40, the kernel gives the load bias (Linux 5.18 on)" ] ;;
		past:0x400040) [ "$(verdict "$output" phdr)" = "ok: AT_PHDR 0x400040: no PT_LOAD holds e_phoff 0x40, the kernel gives the first PT_LOAD's address of e_phoff (before Linux 5.18)" ] ;;
		twice:0x600040 | twice:0x400040) [ "$(verdict "$output" phdr)" = "ok: AT_PHDR $at holds the executable's 3 headers of 56 bytes, load bias 0x0 (from stat's startcode)" ] ;;
		*) false ;;
		esac
		has ptrace || continue
		run -0 --separate-stderr "$AUXV" --check --json -e "$p"
		[ "$(fails "$output")" = "" ]
		[ "$(rule_field "$output" phdr r)" = ok ]
	done
}

@test "a PID run as a #! script by a relative path: execfn holds; once it left that directory, no data; layout holds" {
	need jq
	local T=$BATS_TEST_TMPDIR
	printf '%s\n' '#!/usr/bin/python3' 'import os, sys, time' \
	    'if sys.argv[1:] == ["away"]: os.chdir("/")' \
	    'print("ready", flush=True)' 'time.sleep(100)' >"$T/script"
	chmod 755 "$T/script"
	cd "$T"
	start_bg ./script
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(verdict "$output" execfn)" = 'ok: AT_EXECFN "./script" is a #! script its interpreter runs' ]
	[ "$(rule_field "$output" layout r)" = ok ]
	start_bg ./script away
	for _ in $(seq 100); do
		grep -q ready "$BATS_TEST_TMPDIR/bg.out" && break
		sleep 0.05
	done
	[ "$(readlink "/proc/$BG_PID/cwd")" = / ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"./script\": relative, and the process's directory no longer holds it" ]
}

# catch_exec PID: checks PID, a process that runs a new program again
# and again, until five checks have found its vector changed under them
# (every rule says so; one check in four or five is, measured); never a
# FAIL.  At most 500 tries.  Five, as a check can catch the vector in the
# making (no AT_NULL yet) as well as a whole other one.
catch_exec() {
	local try n=0
	for try in $(seq 500); do
		run --separate-stderr "$AUXV" --check "$1"
		if [ "$status" -ne 0 ]; then
			# Read while its vector was being made: an error, no rule.
			[ "$status" -eq 1 ]
			[ -z "$output" ]
			[ -n "$stderr" ]
			continue
		fi
		if [ "$(grep -c ' no data  the process ran a new program while checked$' \
		    <<<"$output")" -eq "${#lines[@]}" ]; then
			n=$((n + 1))
			[ "$n" -lt 5 ] || break
		fi
	done
	echo "caught $n times in $try tries"
	[ "$n" -eq 5 ]
}

# bats test_tags=full,run32
@test "a PID that runs a new program again and again: never failed; caught between two, every rule says so" {
	need jq
	local T=$BATS_TEST_TMPDIR
	# Each image waits 1 ms, then execs the other (tests/exec/oddproc.c,
	# swap): itself, its PID kept, at new addresses (ASLR), a vector of
	# the same length and other bytes; or, with a 32-bit one, the other
	# one and back, a vector of another length each time.
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	start_bg "$ODDPROC" swap "$ODDPROC"
	catch_exec "$BG_PID"
	stop_bg
	has run32 && [ -x "${ODDPROC32:-}" ] || return 0
	start_bg "$ODDPROC" swap "$ODDPROC32"
	catch_exec "$BG_PID"
	stop_bg
}

# exe_refused OUTPUT: no rule of --check's OUTPUT failed, and the three
# that read the executable had no data: it was not readable.
exe_refused() {
	local r
	[ "$(fails "$1")" = "" ]
	for r in phdr entry base; do
		[ "$(verdict "$1" "$r")" = "no data: executable not readable (permission denied)" ]
	done
}

# bats test_tags=slow
@test "a PID whose executable auxv may not read: the rules that read it say why" {
	need jq
	need setpriv
	local drop=(setpriv --bounding-set=-dac_override,-dac_read_search --)
	# A copy of sleep that nobody owns, execute-only for others: root
	# without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH may trace it (the
	# same user, CAP_SYS_PTRACE kept), not read its file.
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/xsleep"
	chown 65534:65534 "$BATS_TEST_TMPDIR/xsleep"
	chmod 0711 "$BATS_TEST_TMPDIR/xsleep"
	start_bg "$BATS_TEST_TMPDIR/xsleep" 100
	run -1 --separate-stderr "${drop[@]}" python3 -c \
	    'import sys; open(sys.argv[1], "rb")' "/proc/$BG_PID/exe"
	[[ "$stderr" == *PermissionError* ]]
	run -0 --separate-stderr "${drop[@]}" "$AUXV" --check --json "$BG_PID"
	stop_bg
	exe_refused "$output"
}

# bats test_tags=slow
@test "a PID whose program headers' page it made inaccessible: phdr says so, memory not readable, no FAIL" {
	need jq
	local phdr n range perms prot=
	cat >"$BATS_TEST_TMPDIR/noph.c" <<'EOF'
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void) {
	unsigned long ph = getauxval(AT_PHDR), pg = getpagesize();
	if (mprotect((void *)(ph & ~(pg - 1)), pg, PROT_NONE) != 0)
		return 1;
	write(1, "protected\n", 10);
	for (;;)
		pause();
}
EOF
	# Bound at start (-z now): nothing reads that page afterwards.
	gcc -Wl,-z,now -o "$BATS_TEST_TMPDIR/noph" "$BATS_TEST_TMPDIR/noph.c" ||
	    skip "gcc cannot build a helper"
	start_bg "$BATS_TEST_TMPDIR/noph"
	for _ in $(seq 100); do
		grep -q protected "$BATS_TEST_TMPDIR/bg.out" && break
		sleep 0.05
	done
	phdr=$(printf '0x%x' "$(pyvec "/proc/$BG_PID/auxv" 8 | awk '$1 == 3 { print $2 }')")
	# maps says the page of the headers has no access.
	while read -r range perms _; do
		[ $((0x${range%-*})) -ne $((phdr & -$(getconf PAGESIZE))) ] ||
		    prot=$perms
	done <"/proc/$BG_PID/maps"
	[ "$prot" = ---p ]
	# The process's own doing since exec: said, not failed (src/check.c's
	# provenance table: maps).
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	n=$(readelf_h "$BATS_TEST_TMPDIR/noph" "Number of program headers")
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" phdr)" = "no data: AT_PHDR $phdr: memory not readable; the executable has $n headers (a process's memory: it may have changed since exec)" ]
}

# bats test_tags=slow
@test "a PID whose program headers run past its first page (a program without libc): the kernel's AT_PHDR, headers cut short, said" {
	need_x86_64
	need jq
	local p=$BATS_TEST_TMPDIR/pause
	# Its two headers at 0x40, then at 0xfc8: the second one past the
	# one page its PT_LOAD maps, in the file alone.
	"$MKFIXTURE" pause-program "$p" 0x40
	start_bg "$p"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(verdict "$output" phdr)" = "ok: AT_PHDR 0x400040 holds the executable's 2 headers of 56 bytes, load bias 0x0 (from stat's startcode)" ]
	"$MKFIXTURE" pause-program "$p" 0xfc8
	[ "$(readelf_h "$p" "Start of program headers")" = 4040 ]
	start_bg "$p"
	# The kernel's AT_PHDR: e_phoff in the PT_LOAD, 0x400000 + 0xfc8.
	[ "$(pyvec "/proc/$BG_PID/auxv" 8 | awk '$1 == 3 { print $2 }')" = $((0x400fc8)) ]
	# By PID the memory is as the process left it: said, not failed.
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" phdr)" = "no data: AT_PHDR 0x400fc8: headers cut short; the executable has 2 headers (a process's memory: it may have changed since exec)" ]
}

@test "a PID whose executable a fanotify listener forbids opening (EPERM): the rules that read it say permission denied" {
	need jq
	local T=$BATS_TEST_TMPDIR
	cp "$(command -v sleep)" "$T/fsleep"
	start_bg "$T/fsleep" 100
	# Denies every open of that file (FAN_OPEN_PERM; fanotify(7)): open(2)
	# fails with EPERM, as under an access-control daemon.
	python3 -c '
import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.fanotify_init(0x4, os.O_RDONLY)  # FAN_CLASS_CONTENT
if fd < 0 or libc.fanotify_mark(fd, 1, ctypes.c_uint64(0x10000), -100,
                                sys.argv[1].encode()) != 0:
    print("no fanotify:", os.strerror(ctypes.get_errno()), flush=True)
    sys.exit()
print("marked", flush=True)
while True:
    buf, off = os.read(fd, 4096), 0
    while off + 24 <= len(buf):
        # struct fanotify_event_metadata; the answer FAN_DENY (2)
        n, _, _, _, _, efd, _ = struct.unpack_from("=IBBHQii", buf, off)
        os.write(fd, struct.pack("=iI", efd, 2))
        os.close(efd)
        off += n' "$T/fsleep" >"$T/fan.out" &
	EXTRA_PIDS=$!
	for _ in $(seq 100); do
		[ ! -s "$T/fan.out" ] || break
		sleep 0.05
	done
	! grep -q "no fanotify" "$T/fan.out" || skip "$(cat "$T/fan.out")"
	grep -q marked "$T/fan.out"
	run -1 --separate-stderr python3 -c \
	    'import sys; open(sys.argv[1], "rb")' "/proc/$BG_PID/exe"
	[[ "$stderr" == *"PermissionError: [Errno $(python3 -c 'import errno; print(errno.EPERM)')]"* ]]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	exe_refused "$output"
}

# fs/exec.c: AT_EXECFN is the path given to execve, copied before any
# binary handler runs: the very string auxv passed, relative, through a
# symlink or found in PATH; the oracle is the path the test hands auxv.
@test "-e: AT_EXECFN is exactly the path auxv gave execve (relative, a symlink, found in PATH)" {
	need ptrace
	need jq
	local T=$BATS_TEST_TMPDIR t
	t=$(type -P true)
	ln -s "$t" "$T/link"
	run -0 --separate-stderr "$AUXV" --check --json -e "$T/link"
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$T/link\" is the path auxv gave execve" ]
	cd "$T"
	run -0 --separate-stderr "$AUXV" --check --json -e ./link
	[ "$(verdict "$output" execfn)" = 'ok: AT_EXECFN "./link" is the path auxv gave execve' ]
	run -0 --separate-stderr env PATH="$T" "$AUXV" --check --json -e link
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$T/link\" is the path auxv gave execve" ]
}

# No kernel gives -e's child another AT_EXECFN, and the child is stopped
# at its exec before it runs: no honest producer can be made to.  What
# can be made is the other side: faultinj's AUXV_FAULT_EXECPATH has the
# child exec another path than the one auxv chose (as an interposer of
# execve would); the kernel's AT_EXECFN is then not auxv's path.  A
# symlink to the same program: the file is the executable, so only the
# exact comparison tells.
@test "-e: AT_EXECFN not the path auxv gave execve (the child's exec redirected) fails execfn alone" {
	need ptrace
	need jq
	local T=$BATS_TEST_TMPDIR t
	# As fault.bats probes it: a counting run writes its counts.
	[ -n "${FAULTINJ:-}" ] || skip "no fault injection library built"
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_COUNT=$T/counts \
	    ASAN_OPTIONS=verify_asan_link_order=0 \
	    "$AUXV" -f /proc/self/auxv >/dev/null 2>&1 || true
	grep -q '^open [1-9]' "$T/counts" 2>/dev/null ||
	    skip "LD_PRELOAD does not reach $AUXV (linked static?)"
	t=$(type -P true)
	ln -s "$t" "$T/link"
	run -1 --separate-stderr env LD_PRELOAD="$FAULTINJ" \
	    ASAN_OPTIONS=verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
	    AUXV_FAULT_EXECPATH="$T/link" "$AUXV" --check --json -e "$t"
	[ "$(fails "$output")" = execfn ]
	[ "$(evidence "$output" execfn)" = "AT_EXECFN \"$T/link\" is not \"$t\", the path auxv gave execve" ]
	# A name under /proc that an emulator execs as another path
	# (qemu-user's /proc/self/exe): said, not failed.
	run -0 --separate-stderr env LD_PRELOAD="$FAULTINJ" \
	    ASAN_OPTIONS=verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
	    AUXV_FAULT_EXECPATH="$t" "$AUXV" --check --json -e /proc/self/exe
	[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"$t\" is not \"/proc/self/exe\", the path auxv gave execve (which an emulator may exec under another name)" ]
}

# For self, AT_EXECFN may be a loader's argv[0], a name that resolves to
# no file: its own reason, never a FAIL.
@test "uexec: self's AT_EXECFN naming no file: no data, saying a loader may have given it" {
	need jq
	uexec_ready
	uexec_check execfile=/nonexistent/prog
	[ "$status" -eq 0 ]
	[ "$(verdict "$output" execfn)" = 'no data: AT_EXECFN "/nonexistent/prog": names no file (a loader'"'"'s argv[0], or a file removed since our exec)' ]
}
