# auxv -e COMMAND: the vector a command receives from the kernel, read
# while the command is stopped at its exec, before it runs.

load common

# Every case here traces a child, or checks what happens when it can't.
setup() {
	need ptrace
}

# The cases run as nobody run copies in $NOBODY_DIR (common.bash); each
# puts its own files in a folder of it, SUID_DIR, removed after it.
setup_file() {
	nobody_setup
}

teardown_file() {
	nobody_teardown
}

teardown() {
	if [ -n "${SUID_DIR:-}" ]; then
		rm -rf "$SUID_DIR"
	fi
}

# suid_dir: SUID_DIR made, in $NOBODY_DIR, that every user may enter.
suid_dir() {
	SUID_DIR=$(nobody_case_dir)
}

# Skips unless the static helper was built, and for "32" unless the
# kernel runs 32-bit programs.
need_marker() {
	if [ "${1:-}" = 32 ]; then
		need run32
	fi
	local m=MARKER${1:-}
	[ -x "${!m}" ] || skip "no static ${1:-native} toolchain"
}

# The value text of AT_$2 in human output $1.
field() {
	sed -n "s/^AT_$2: *//p" <<<"$1" | sed 's/  .*//'
}

# The pid of the traced child, from JSON output $1; it must be gone.
child_gone() {
	local pid

	pid=$(jq -r .pid <<<"$1")
	[ "$pid" -gt 0 ]
	# A reused pid is not ours: it is neither traced nor a zombie.
	if [ -e "/proc/$pid/status" ]; then
		! grep -q '^State:.*[ZtT]' "/proc/$pid/status"
		grep -q '^TracerPid:.0$' "/proc/$pid/status"
	fi
}

@test "static program: its AT_EXECFN, and it never runs" {
	need_marker
	# The helper does leave a marker when it runs.
	"$MARKER" "$BATS_TEST_TMPDIR/ran"
	[ -e "$BATS_TEST_TMPDIR/ran" ]

	run -0 --separate-stderr "$AUXV" -e "$MARKER" "$BATS_TEST_TMPDIR/m"
	[ -z "$stderr" ]
	[ "$(field "$output" EXECFN)" = "$MARKER" ]
	[ "$(field "$output" PAGESZ)" = "$(getconf PAGESIZE)" ]
	[ ! -e "$BATS_TEST_TMPDIR/m" ]
}

@test "dynamic program: the lines glibc's LD_SHOW_AUXV prints alike" {
	local g o k n=0 glibc

	glibc=$(LD_SHOW_AUXV=1 /bin/true)
	[[ "$glibc" == *AT_PAGESZ:* ]] || skip "/bin/true is not glibc's"
	run -0 --separate-stderr "$AUXV" -e /bin/true
	for k in PAGESZ CLKTCK HWCAP HWCAP2 UID EUID GID EGID SECURE PHENT \
	    PHNUM PLATFORM EXECFN; do
		g=$(grep "^AT_$k:" <<<"$glibc") || continue
		o=$(grep "^AT_$k:" <<<"$output")
		# glibc's text exactly, then decoded extras after two spaces.
		if [[ "$o" != "$g" && "$o" != "$g  "* ]]; then
			printf 'glibc: %s\nauxv:  %s\n' "$g" "$o"
			return 1
		fi
		n=$((n + 1))
	done
	[ "$n" -ge 10 ]
}

# bats test_tags=full,run32
@test "32-bit static program: a 32-bit vector, arch i386" {
	need jq
	need x86_64
	need_marker 32
	run -0 --separate-stderr "$AUXV" --json -e "$MARKER32" \
	    "$BATS_TEST_TMPDIR/m"
	jq -e --arg p "$MARKER32" '.source == "exec" and
	    .command == $p and .word_size == 4 and .arch == "i386" and
	    (.entries[] | select(.name == "AT_EXECFN") | .string) == $p and
	    (.entries[] | select(.name == "AT_PHENT") | .value) == 32' \
	    <<<"$output"
	child_gone "$output"
	[ ! -e "$BATS_TEST_TMPDIR/m" ]
}

# bats test_tags=run32
@test "32-bit static program: od is od -t d4 of its raw bytes" {
	command -v setarch >/dev/null || skip "no setarch"
	need_marker 32
	# Without address randomization both runs get the same vector.
	setarch -R true 2>/dev/null || skip "setarch -R not permitted"
	setarch -R "$AUXV" -o raw -e "$MARKER32" >"$BATS_TEST_TMPDIR/raw"
	run -0 --separate-stderr setarch -R "$AUXV" --od -e "$MARKER32"
	[ "$output" = "$(od -t d4 "$BATS_TEST_TMPDIR/raw")" ]
}

@test "musl static program" {
	[ -x "$MARKER_MUSL" ] || skip "no musl-gcc (musl-tools) to build a musl program"
	run -0 --separate-stderr "$AUXV" -e "$MARKER_MUSL" \
	    "$BATS_TEST_TMPDIR/m"
	[ "$(field "$output" EXECFN)" = "$MARKER_MUSL" ]
	[ ! -e "$BATS_TEST_TMPDIR/m" ]
}

@test "Go program" {
	command -v go >/dev/null || skip "no go"
	local d="$BATS_TEST_TMPDIR/gosrc"

	mkdir -p "$d"
	cat >"$d/main.go" <<-'EOF'
		package main

		import "os"

		func main() { os.Create(os.Args[1]) }
	EOF
	(cd "$d" && GO111MODULE=off CGO_ENABLED=0 go build -o prog main.go) ||
	    skip "go build failed"
	run -0 --separate-stderr "$AUXV" -e "$d/prog" "$BATS_TEST_TMPDIR/m"
	[ "$(field "$output" EXECFN)" = "$d/prog" ]
	[ ! -e "$BATS_TEST_TMPDIR/m" ]
}

@test "#! script: AT_EXECFN is the script, the rest is the interpreter's" {
	local script="$BATS_TEST_TMPDIR/script" interp

	interp=$(readlink -f /bin/sh)
	printf '#!/bin/sh\n: >"$1"\n' >"$script"
	chmod +x "$script"
	run -0 --separate-stderr "$AUXV" -e "$script" "$BATS_TEST_TMPDIR/m"
	[ ! -e "$BATS_TEST_TMPDIR/m" ]
	[ "$(field "$output" EXECFN)" = "$script" ]
	# AT_PHNUM, and AT_ENTRY relative to AT_PHDR, are the interpreter's
	# ELF header's (e_phnum; e_entry relative to PT_PHDR's address).
	python3 - "$interp" "$(field "$output" PHNUM)" \
	    "$(field "$output" PHDR)" "$(field "$output" ENTRY)" <<-'PY'
		import sys
		import elf
		f = elf.read(sys.argv[1])
		assert f.h.phnum == int(sys.argv[2]), (f.h.phnum, sys.argv[2])
		phdr = [p.vaddr for p in f.phdrs() if p.type == elf.PT_PHDR]
		if phdr:
		    got = int(sys.argv[4], 16) - int(sys.argv[3], 16)
		    assert got == f.h.entry - phdr[0], (got, f.h.entry - phdr[0])
	PY
}

@test "the command is looked up in PATH, as execvp does" {
	need_marker
	run -0 --separate-stderr env PATH="${MARKER%/*}:$PATH" "$AUXV" -e marker \
	    "$BATS_TEST_TMPDIR/m"
	[ "$(field "$output" EXECFN)" = "$MARKER" ]
	[ ! -e "$BATS_TEST_TMPDIR/m" ]
}

# PATH unset: execvp's default, which python's os.defpath spells too; a
# PATH whose only file of that name is not executable: permission denied,
# as os.execvp's PermissionError.
@test "PATH unset: the default search path; only a file not executable: permission denied" {
	local want d=$BATS_TEST_TMPDIR/p
	want=$(env -u PATH /usr/bin/python3 -c 'import os
print([os.path.join(d, "true") for d in os.defpath.split(":")
       if os.access(os.path.join(d, "true"), os.X_OK)][0])')
	run -0 --separate-stderr env -u PATH "$AUXV" -k EXECFN --value -e true
	[ "$output" = "$want" ]
	mkdir "$d"
	printf '#!/bin/sh\n' >"$d/auxv-test-plain"
	chmod 644 "$d/auxv-test-plain"
	run -1 env PATH="$d" /usr/bin/python3 -c \
	    'import os; os.execvp("auxv-test-plain", ["x"])'
	[[ "$output" == *PermissionError* ]]
	run -126 --separate-stderr env PATH="$d" "$AUXV" -e auxv-test-plain
	[ -z "$output" ]
	[ "$stderr" = "auxv: auxv-test-plain: permission denied" ]
}

# A directory of PATH so long that DIR/true is PATH_MAX bytes or more with
# its NUL (4095 characters fit): passed over for the next one, as python3's
# os.execvp passes over a directory it cannot run the file from.
@test "PATH entries too long for the command are passed over" {
	local long
	for long in "/$(printf 'd%.0s' $(seq 4090))" \
	    "/$(printf 'd%.0s' $(seq 4089))" "//$(printf 'd%.0s' $(seq 4095))"; do
		env PATH="$long:/usr/bin" /usr/bin/python3 -c \
		    'import os; os.execvp("true", ["true"])'
		run -0 --separate-stderr env PATH="$long:/usr/bin" "$AUXV" \
		    -k EXECFN --value -e true
		[ "$output" = /usr/bin/true ]
		[ -z "$stderr" ]
	done
}

# An empty entry of PATH (first, inner or last) is the current directory,
# as for execvp(3) and the shell, whose type -P is the oracle.
@test "an empty PATH entry is the current directory" {
	local d=$BATS_TEST_TMPDIR/cwd p want
	mkdir "$d"
	cp /bin/true "$d/auxv-test-here"
	cd "$d"
	for p in ":/usr/bin" "$BATS_TEST_TMPDIR/none::/usr/bin" \
	    "$BATS_TEST_TMPDIR/none:"; do
		want=$(PATH=$p type -P auxv-test-here)
		[ "$want" = ./auxv-test-here ]
		run -0 --separate-stderr env PATH="$p" "$AUXV" -k EXECFN --value \
		    -e auxv-test-here
		[ "$output" = "$want" ]
		[ -z "$stderr" ]
	done
}

# A directory of the command's name is no command: passed over for the
# next entry, as the shell's type -P passes it over; none else, not found.
@test "a directory of the command's name in PATH is passed over" {
	local d=$BATS_TEST_TMPDIR/p
	mkdir -p "$d/true"
	run -0 --separate-stderr env PATH="$d:/usr/bin" "$AUXV" -k EXECFN \
	    --value -e true
	[ "$output" = "$(PATH=$d:/usr/bin type -P true)" ]
	! PATH=$d type -P true
	run -127 --separate-stderr env PATH="$d" "$AUXV" -e true
	[ -z "$output" ]
	[ "$stderr" = "auxv: true: command not found" ]
}

# An empty name is a path (no search), which execve(2) does not find,
# as python's os.execv says.
@test "an empty command: no such file or directory" {
	run -0 python3 -c 'import os
try:
	os.execv("", ["x"])
except FileNotFoundError:
	pass'
	run -127 --separate-stderr "$AUXV" -e ''
	[ -z "$output" ]
	[ "$stderr" = "auxv: : no such file or directory" ]
}

@test "missing command: status 127, command not found" {
	run -127 --separate-stderr "$AUXV" -e auxv-test-no-such-command
	[ -z "$output" ]
	[ "$stderr" = "auxv: auxv-test-no-such-command: command not found" ]

	run -127 --separate-stderr "$AUXV" -e "$BATS_TEST_TMPDIR/nothing"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $BATS_TEST_TMPDIR/nothing: no such file or directory" ]
}

# A command not found is status 127 and one found but not run 126, as
# env(1) has them (nice(1) and timeout(1) too): env's own status is the
# oracle, each case checked against it, a missing interpreter included.
# bats test_tags=slow
@test "-e: the status env(1) gives a command not found (127) or not run (126)" {
	local d=$BATS_TEST_TMPDIR/st want
	mkdir "$d"
	printf 'true\n' >"$d/plain"
	chmod 644 "$d/plain"
	printf '#!/auxv-test/no/such/shell\n' >"$d/badinterp"
	chmod 755 "$d/badinterp"
	for c in auxv-test-no-such-command "$d/nothing" "$d/plain" "$d" \
	    "$d/badinterp" plain; do
		want=0
		env PATH="$d" /usr/bin/env "$c" 2>/dev/null || want=$?
		[ "$want" -eq 126 ] || [ "$want" -eq 127 ]
		run "-$want" --separate-stderr env PATH="$d" "$AUXV" -e "$c"
		[ -z "$output" ]
		run "-$want" --separate-stderr env PATH="$d" "$AUXV" --check \
		    -e "$c"
	done
}

@test "missing command in JSON: an error object" {
	command -v jq >/dev/null || skip "no jq"
	run -127 --separate-stderr "$AUXV" --json -e auxv-test-no-such-command
	jq -e '.source == "exec" and .command == "auxv-test-no-such-command"
	    and .error.errno == 2 and .error.message == "command not found"
	    and has("entries") == false' <<<"$output"
	[[ "$stderr" == *"command not found" ]]
}

@test "file not executable: status 126, permission denied" {
	local f="$BATS_TEST_TMPDIR/plain"

	printf 'true\n' >"$f"
	chmod 644 "$f"
	run -126 --separate-stderr "$AUXV" -e "$f"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: permission denied" ]

	run -126 --separate-stderr "$AUXV" -e "$BATS_TEST_TMPDIR"
	[ "$stderr" = "auxv: $BATS_TEST_TMPDIR: permission denied" ]
}

# Other refusals of execve are told as strerror(3) tells them (python's
# os.strerror): a program open for writing, and a path too long to hold;
# status 126, as env(1)'s for a command it cannot run.
@test "a program open for writing, a path too long: strerror's words, status 126" {
	local f=$BATS_TEST_TMPDIR/busy long
	cp "$(type -P true)" "$f"
	run -126 --separate-stderr bash -c 'exec 9>>"$1"; exec "$2" -e "$1"' _ \
	    "$f" "$AUXV"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: $(strerror ETXTBSY)" ]
	long=/$(printf 'a%.0s' $(seq 5000))
	run -126 --separate-stderr "$AUXV" -e "$long"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $long: $(strerror ENAMETOOLONG)" ]
}

probe_nproc1() {
	"${NOBODY[@]}" bash -c \
	    'ulimit -u 1; exec "$1" --version' _ "$NOBODY_AUXV" >/dev/null 2>&1 ||
	    echo "auxv cannot run under ulimit -u 1 (LeakSanitizer starts a process at exit)"
}

# Out of file descriptors for the socket pair to the child (at most 4:
# standard input, output, error and one more), and out of processes for
# the child (ulimit -u 1 as nobody, whom the limit binds, unlike root):
# the error, status 1, no child left.
@test "-e out of file descriptors or processes: strerror's words, status 1" {
	run -1 --separate-stderr python3 -c 'import os, resource, sys
os.closerange(3, 1 << 16)
resource.setrlimit(resource.RLIMIT_NOFILE, (4, 4))
os.execv(sys.argv[1], [sys.argv[1], "-e", "/bin/true"])' "$AUXV"
	[ -z "$output" ]
	[ "$stderr" = "auxv: /bin/true: $(strerror EMFILE)" ]
	need setpriv
	need nproc1
	run -1 --separate-stderr "${NOBODY[@]}" bash -c \
	    'ulimit -u 1; exec "$1" -e /bin/true' _ "$NOBODY_AUXV"
	[ -z "$output" ]
	[ "$stderr" = "auxv: /bin/true: $(strerror EAGAIN)" ]
}

@test "script with a missing interpreter: interpreter not found" {
	local f="$BATS_TEST_TMPDIR/badinterp"

	printf '#!/auxv-test/no/such/shell\n' >"$f"
	chmod 755 "$f"
	run -127 --separate-stderr "$AUXV" -e "$f"
	[ "$stderr" = "auxv: $f: interpreter /auxv-test/no/such/shell not found" ]
}

# A CRLF line end makes "/bin/sh\r" the interpreter (fs/binfmt_script.c
# ends the name at a blank or \n only): named with its \r escaped, as
# names in messages are, and the status env(1) gives the same script.
@test "a script with a CRLF shebang: its interpreter named, \\r escaped" {
	local f="$BATS_TEST_TMPDIR/crlf"

	printf '#!/bin/sh\r\necho hi\r\n' >"$f"
	chmod 755 "$f"
	run -127 env "$f"
	run -127 --separate-stderr "$AUXV" -e "$f"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: interpreter /bin/sh\\r not found (a CRLF line end)" ]
	# Blanks after #! are skipped, and a name ends at a blank.
	printf '#! \t/auxv-test/no\001sh -x\n' >"$f"
	run -127 --separate-stderr "$AUXV" -e "$f"
	[ "$stderr" = "auxv: $f: interpreter /auxv-test/no\\001sh not found" ]
}

@test "a command in PATH with a missing interpreter: interpreter not found" {
	local d="$BATS_TEST_TMPDIR/pathdir"

	mkdir -p "$d"
	printf '#!/auxv-test/no/such/shell\n' >"$d/badinterp"
	chmod 755 "$d/badinterp"
	run -127 --separate-stderr env PATH="$d:$PATH" "$AUXV" -e badinterp
	[ -z "$output" ]
	[ "$stderr" = "auxv: badinterp: interpreter /auxv-test/no/such/shell not found" ]
}

# execvp(3) hands a file the kernel refuses (ENOEXEC) to /bin/sh: the
# vector shown would be the shell's.  The kernel's answer is the one told.
@test "a program the kernel refuses: exec format error, no shell run" {
	local x="$BATS_TEST_TMPDIR/foreign" t="$BATS_TEST_TMPDIR/text"

	# /bin/true with another e_machine: EM_AARCH64 (183), or EM_X86_64
	# (62) on an aarch64 host.
	python3 - "$x" <<-'PY'
		import os, sys
		import elf
		f = elf.read("/bin/true", writable=True)
		f.set("ehdr", 0, "machine", 62 if f.h.machine == 183 else 183)
		open(sys.argv[1], "wb").write(f.data)
		os.chmod(sys.argv[1], 0o755)
	PY
	run -126 --separate-stderr "$AUXV" -e "$x" "$BATS_TEST_TMPDIR/m"
	[ -z "$output" ]
	[[ "$stderr" == "auxv: $x: cannot execute: exec format error (an ELF program"* ]]
	run -126 --separate-stderr env PATH="$BATS_TEST_TMPDIR:$PATH" \
	    "$AUXV" --json -e foreign
	jq -e '.error.errno == 8 and (has("entries") | not)' <<<"$output"

	# No #! line: a shell would run it and make the file m.
	printf ': >"$1"\n' >"$t"
	chmod 755 "$t"
	run -126 --separate-stderr "$AUXV" -e "$t" "$BATS_TEST_TMPDIR/m"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $t: cannot execute: exec format error (not an executable format, and not handed to a shell)" ]
	[ ! -e "$BATS_TEST_TMPDIR/m" ]

	# An empty file: no bytes, so no ELF magic either.
	: >"$t"
	run -0 python3 -c 'import errno, os, sys
try:
	os.execv(sys.argv[1], ["x"])
except OSError as e:
	assert e.errno == errno.ENOEXEC, e' "$t"
	run -126 --separate-stderr "$AUXV" -e "$t"
	[ "$stderr" = "auxv: $t: cannot execute: exec format error (not an executable format, and not handed to a shell)" ]
}

# The kernel reads a file to exec it whatever its mode; auxv, to tell an
# ELF program of another machine from other bytes, reads it as the user.
@test "a program the kernel refuses that its user may not read: not called an ELF program" {
	need setpriv
	local d

	suid_dir
	d=$SUID_DIR
	printf 'not a program\n' >"$d/text"
	chmod 711 "$d/text"
	run -126 --separate-stderr "${NOBODY[@]}" -- "$NOBODY_AUXV" -e "$d/text"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $d/text: cannot execute: exec format error (not an executable format, and not handed to a shell)" ]
}

# Where the kernel cannot run 32-bit programs, -e of one is refused with
# the kernel's reason (the 32-bit vector tests cover the other case).
# bats test_tags=run32
@test "32-bit program on a kernel without 32-bit support: exec format error" {
	need cc32
	[ -z "${AUXV_TEST_NO32:-}" ] ||
	    skip "AUXV_TEST_NO32 set: the kernel's own answer is unknown"
	! has run32 || skip "kernel runs 32-bit programs: the 32-bit tests cover -e"
	run -126 --separate-stderr "$AUXV" -e "$(sleep32)"
	[ -z "$output" ]
	[[ "$stderr" == *": cannot execute: exec format error (an ELF program"* ]]
}

@test "option parsing stops at COMMAND" {
	command -v jq >/dev/null || skip "no jq"
	# --json after the command is echo's: human output, echo never runs.
	run -0 --separate-stderr "$AUXV" -e /bin/echo --json
	[[ "${lines[0]}" == AT_* ]]
	[[ "$output" != *--json* ]]
	[ "$(field "$output" EXECFN)" = /bin/echo ]

	# Before it, ours: one JSON document of echo's vector.
	run -0 --separate-stderr "$AUXV" --json -e /bin/echo --json hello
	[ "${#lines[@]}" -eq 1 ]
	jq -e '.source == "exec" and .command == "/bin/echo" and
	    .label == "/bin/echo" and .word_size == 8 and
	    (.entries | length) > 10 and
	    (.entries[] | select(.name == "AT_EXECFN") | .string) ==
	    "/bin/echo"' <<<"$output"
	child_gone "$output"
}

@test "-e needs a command" {
	run -2 --separate-stderr "$AUXV" -e
	[ -z "$output" ]
	[ "${stderr#*$'\n'}" = "$TRY_HELP" ]
}

@test "-k PLATFORM --value: the platform" {
	local want

	case $(uname -m) in
	x86_64 | aarch64) want=$(uname -m) ;;
	*) want=$(LD_SHOW_AUXV=1 /bin/true | sed -n 's/^AT_PLATFORM: *//p') ;;
	esac
	[ -n "$want" ] || skip "no platform to compare with"
	run -0 --separate-stderr "$AUXV" -k PLATFORM --value -e /bin/true
	[ "$output" = "$want" ]

	run -0 --separate-stderr "$AUXV" -k pagesz,AT_EXECFN --value -e /bin/true
	[ "${lines[0]}" = "$(getconf PAGESIZE)" ]
	[ "${lines[1]}" = /bin/true ]
	[ "${#lines[@]}" -eq 2 ]
}

@test "--value with a key the vector lacks: status 1" {
	# AT_BASE_PLATFORM is given on few machines; a number nobody uses.
	run -1 --separate-stderr "$AUXV" -k 0x7fff --value -e /bin/true
	[ -z "$output" ]
}

@test "-v: a description on each line" {
	run -0 --separate-stderr "$AUXV" -v -e /bin/true
	[[ "$(grep '^AT_PAGESZ:' <<<"$output")" == *"  # "?* ]]
}

@test "--od is od -t d8 of the -o raw bytes" {
	command -v setarch >/dev/null || skip "no setarch"
	setarch -R true 2>/dev/null || skip "setarch -R not permitted"
	setarch -R "$AUXV" -o raw -e /bin/true >"$BATS_TEST_TMPDIR/raw"
	run -0 --separate-stderr setarch -R "$AUXV" --od -e /bin/true
	[ "$output" = "$(od -t d8 "$BATS_TEST_TMPDIR/raw")" ]
	# And the types and stable values match whatever the addresses.
	"$AUXV" -o raw -e /bin/true | od -t d8 | awk '{ print $2 }' \
	    >"$BATS_TEST_TMPDIR/types"
	"$AUXV" --od -e /bin/true | awk '{ print $2 }' |
	    diff "$BATS_TEST_TMPDIR/types" -
}

@test "-o raw bytes are the JSON entries, AT_NULL last" {
	command -v setarch >/dev/null || skip "no setarch"
	setarch -R true 2>/dev/null || skip "setarch -R not permitted"
	setarch -R "$AUXV" -o raw -e /bin/true >"$BATS_TEST_TMPDIR/raw"
	setarch -R "$AUXV" --json -e /bin/true >"$BATS_TEST_TMPDIR/json"
	python3 - "$BATS_TEST_TMPDIR/raw" "$BATS_TEST_TMPDIR/json" <<-'PY'
		import json, sys
		from oracle import pairs
		raw = open(sys.argv[1], "rb").read()
		doc = json.load(open(sys.argv[2]))
		assert doc["word_size"] == 8
		got = pairs(raw, 8)
		# One AT_NULL after the entries, and nothing after it.
		assert raw[16 * len(got):] == bytes(16), raw[16 * len(got):]
		want = [(e["type"], e["value"]) for e in doc["entries"]]
		assert got == want, (got, want)
		for e in doc["entries"]:
		    assert e["hex"] == hex(e["value"]), e
	PY
}

@test "no child is left behind, whatever the outcome" {
	local reaper="$REAPER"

	run -0 "$reaper" "$AUXV" -e /bin/true
	run -0 "$reaper" "$AUXV" --json -e /bin/true
	run -127 "$reaper" "$AUXV" -e auxv-test-no-such-command
	run -126 "$reaper" "$AUXV" -e "$BATS_TEST_TMPDIR"
	run -1 "$reaper" "$NOPTRACE" env ASAN_OPTIONS=detect_leaks=0 \
	    "$AUXV" -e /bin/true
	# The reaper itself sees what is left: a shell that leaves a child.
	run -99 "$reaper" sh -c 'sleep 1 & exit 0'
}

@test "SIGINT, SIGTERM, SIGHUP while the child is stopped: it dies too" {
	local sig

	need_marker
	for sig in 2 15 1; do
		# auxv blocks writing to a suspended terminal with its child
		# traced; the reaper signals it and must see the child die.
		run -0 "$REAPER" -s "$sig" "$AUXV" -e "$MARKER" \
		    "$BATS_TEST_TMPDIR/m"
		[[ "$output" == "child "*" killed by signal 9" ]]
	done
	[ ! -e "$BATS_TEST_TMPDIR/m" ]
}

# LeakSanitizer needs ptrace too: an ASan build runs without it here.
@test "ptrace refused by seccomp: status 1, the reason" {
	run -1 --separate-stderr "$NOPTRACE" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" -e /bin/true
	[ -z "$output" ]
	[[ "$stderr" == "auxv: /bin/true: ptrace not permitted: a seccomp filter"* ]]
}

# 2,001 supplementary groups make /proc/PID/status about 15 KiB, with the
# Seccomp: line near its end and TracerPid: near its start.
@test "ptrace refused by seccomp, 2,001 groups: the same reason; status read no further than needed" {
	need setpriv
	need strace
	local groups
	groups=$(seq -s, 100000 102000)
	setpriv --groups="$groups" sh -c '[ "$(wc -c </proc/self/status)" -gt 8192 ]'
	run -1 --separate-stderr setpriv --groups="$groups" "$NOPTRACE" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" -e /bin/true
	[ -z "$output" ]
	[[ "$stderr" == "auxv: /bin/true: ptrace not permitted: a seccomp filter"* ]]
	# The child's status is read up to a full buffer, and no read asks
	# for 0 bytes after it.  (strace follows auxv, not its child.)
	setpriv --groups="$groups" strace -qq -e trace=read \
	    -o "$BATS_TEST_TMPDIR/reads" "$NOPTRACE" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" -e /bin/true 2>/dev/null || true
	grep -q 'read([0-9]*, "Name:' "$BATS_TEST_TMPDIR/reads"
	! grep -E 'read\([0-9]+, .*, 0\) += ' "$BATS_TEST_TMPDIR/reads"
}

# Yama's ptrace_scope 3 forbids every attach: the file that says so is
# written, in a mount namespace of its own, over /proc/sys/kernel (the
# kernel here may have no Yama); the refusal is the seccomp filter's.
# Only a 3 is Yama's reason: a 1 leaves the next one, the filter.
@test "ptrace refused where kernel.yama.ptrace_scope is 3: that reason" {
	[ "$(id -u)" = 0 ] || skip "needs root (a mount namespace)"
	local k=/proc/sys/kernel scope
	unshare -m sh -c "mount -t tmpfs none $k" 2>/dev/null ||
	    skip "cannot mount over $k in a mount namespace"
	for scope in 3 1; do
		run -1 --separate-stderr unshare -m sh -c '
mount -t tmpfs none "$1" && mkdir "$1/yama" &&
echo "$2" >"$1/yama/ptrace_scope" && shift 2 && exec "$@"' sh "$k" "$scope" \
		    "$NOPTRACE" env ASAN_OPTIONS=detect_leaks=0 "$AUXV" -e /bin/true
		[ -z "$output" ]
		if [ "$scope" = 3 ]; then
			[ "$stderr" = "auxv: /bin/true: ptrace not permitted: kernel.yama.ptrace_scope is 3 (no process may be traced)" ]
		else
			[[ "$stderr" == "auxv: /bin/true: ptrace not permitted: a seccomp filter"* ]]
		fi
	done
}

@test "command traced already (strace -f): ptrace not permitted" {
	command -v strace >/dev/null || skip "no strace"
	strace -o /dev/null true 2>/dev/null || skip "strace does not work here"
	run -1 --separate-stderr strace -f -o /dev/null \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" -e /bin/true
	[[ "$stderr" == *"auxv: /bin/true: ptrace not permitted: the command is traced already"* ]]
}

@test "SIGCHLD ignored by whoever started auxv" {
	run -0 --separate-stderr python3 -c '
import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execv(sys.argv[1], sys.argv[1:])' "$AUXV" -k EXECFN --value -e /bin/true
	[ "$output" = /bin/true ]
	run -127 --separate-stderr python3 -c '
import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execv(sys.argv[1], sys.argv[1:])' "$AUXV" -e auxv-test-no-such-command
	[ "$stderr" = "auxv: auxv-test-no-such-command: command not found" ]
	# An exec that fails in the child: its errno is told all the same (a
	# traced child is not reaped by the kernel, SIGCHLD ignored or not).
	run -127 --separate-stderr python3 -c '
import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execv(sys.argv[1], sys.argv[1:])' "$AUXV" -e "$BATS_TEST_TMPDIR/nothing"
	[ "$stderr" = "auxv: $BATS_TEST_TMPDIR/nothing: no such file or directory" ]
}

# Under ptrace the kernel does not grant set-user-ID: the vector is the one
# the traced exec got (the caveat in the man page).  Needs root, to make a
# set-user-ID program and to become another user.
@test "set-user-ID program run by another user: AT_EUID is the caller's" {
	need setpriv
	need_marker
	local d

	# Not under $BATS_FILE_TMPDIR: that one is for root only.
	suid_dir
	d=$SUID_DIR
	cp "$AUXV" "$d/auxv"
	cp "$REAPER" "$d/reaper"
	cp "$MARKER" "$d/suid"
	chmod 4755 "$d/suid"
	cp "$MARKER" "$d/noread"
	chmod 711 "$d/noread"
	run -0 --separate-stderr setpriv --reuid=65534 --regid=65534 \
	    --clear-groups -- "$d/auxv" -k UID,EUID --value -e "$d/suid"
	[ "${lines[0]}" = 65534 ]
	[ "${lines[1]}" = 65534 ]
	# The child dies with auxv even after a set-user-ID exec.
	run -0 setpriv --reuid=65534 --regid=65534 --clear-groups -- \
	    "$d/reaper" -s 15 "$d/auxv" -e "$d/suid"
	[[ "$output" == "child "*" killed by signal 9" ]]
	# An execute-only program's memory is not ours to read.
	run -1 --separate-stderr setpriv --reuid=65534 --regid=65534 \
	    --clear-groups -- "$d/auxv" -e "$d/noread"
	[ "$stderr" = "auxv: $d/noread: permission denied (an unreadable program: its vector needs CAP_SYS_PTRACE)" ]
}

# --- Our own names: the kernel's, however we were run (issue 24) --------

# held MODE PROG ARG...: runs PROG (MODE exec: by its path; fexecve: by
# an open descriptor, as fexecve(3) and execveat(2) run it) with standard
# output a pipe that is already full, so that it stops at its first
# write.  Prints, as a JSON line, the kernel's /proc/PID/comm and exe of
# the stopped process, then what the process wrote.
held() {
	python3 - "$@" <<'PY'
import fcntl, json, os, sys, time
mode, prog, args = sys.argv[1], sys.argv[2], sys.argv[3:]
r, w = os.pipe()
fcntl.fcntl(w, 1031, 4096)  # F_SETPIPE_SZ: one page
os.set_blocking(w, False)
filled = 0
try:
    while True:
        filled += os.write(w, b"x" * 4096)
except BlockingIOError:
    pass
os.set_blocking(w, True)
fd = os.open(prog, os.O_RDONLY)
pid = os.fork()
if pid == 0:
    os.dup2(w, 1)
    if mode == "fexecve":
        os.execve(fd, [os.path.basename(prog)] + args, os.environ)
    os.execv(prog, [prog] + args)
os.close(w)
me = os.readlink("/proc/self/exe")
for _ in range(1000):
    # Past its exec, and asleep: in the write to the full pipe.
    exe = os.readlink("/proc/%d/exe" % pid)
    st = open("/proc/%d/stat" % pid).read()
    if exe != me and st[st.rindex(")") + 2] == "S":
        break
    time.sleep(0.01)
else:
    sys.exit("held: %s did not stop at its first write" % prog)
comm = open("/proc/%d/comm" % pid).read().rstrip("\n")
print(json.dumps({"comm": comm, "exe": exe}), flush=True)
out = b""
while True:
    b = os.read(r, 65536)
    if not b:
        break
    out += b
os.waitpid(pid, 0)
sys.stdout.buffer.write(out[filled:])
PY
}

# bats test_tags=full
@test "self's name is the kernel's: run by fexecve (/dev/fd/N) and by ld.so" {
	run -0 held fexecve "$AUXV" --json
	echo "$output"
	# The file name the kernel was given is /dev/fd/N.
	jq -e -s '.[1].entries[] | select(.name == "AT_EXECFN") |
	    .string | startswith("/dev/fd/")' <<<"$output"
	jq -e -s '.[1].comm == .[0].comm' <<<"$output"
	local ldso=/lib64/ld-linux-x86-64.so.2
	[ -x "$ldso" ] || skip "no $ldso"
	run -0 held exec "$ldso" "$AUXV" --json
	echo "$output"
	jq -e -s '.[0].comm == "ld-linux-x86-64" and .[1].comm == .[0].comm' <<<"$output"
}

# bats test_tags=slow
@test "self at a path of PATH_MAX - 1 bytes: exe and AT_EXECFN whole" {
	local max dir p
	max=$(getconf PATH_MAX /)
	dir=$BATS_TEST_TMPDIR
	# Folders of 200 bytes, then one that leaves room for "/auxv".
	while [ $((${#dir} + 201 + 5)) -lt "$max" ]; do
		dir=$dir/$(printf 'd%.0s' $(seq 200))
	done
	dir=$dir/$(printf 'e%.0s' $(seq $((max - 1 - ${#dir} - 1 - 5))))
	p=$dir/auxv
	[ "${#p}" -eq $((max - 1)) ]
	mkdir -p "$dir"
	cp "$AUXV" "$p"
	run -0 held exec "$p" --json
	python3 -c '
import json, sys
k, d = [json.loads(l) for l in sys.argv[1].splitlines()]
p = sys.argv[2]
assert k["exe"] == p and d["exe"] == p, (len(k["exe"]), len(d["exe"] or ""))
ex = [e for e in d["entries"] if e["name"] == "AT_EXECFN"][0]
assert ex["string"] == p, ex["string"]
assert d["comm"] == k["comm"] == "auxv", (d["comm"], k["comm"])' "$output" "$p"
}
