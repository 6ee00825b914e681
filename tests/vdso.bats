#!/usr/bin/env bats
# The vDSO behind AT_SYSINFO_EHDR and the program headers behind AT_PHDR
# (-v and JSON), against readelf of the same image: the vDSO copied out of
# a live process's /proc/PID/mem, the executable's file; and crafted
# images, in cores, for every malformed part.

load common
load_assert

setup() {
	T=$BATS_TEST_TMPDIR
	PY="python3 $BATS_TEST_DIRNAME/vdso.py"
	command -v readelf >/dev/null || skip "no readelf (binutils)"
}

teardown() {
	stop_bg
	[ -z "${EXTRA_PIDS:-}" ] || kill $EXTRA_PIDS 2>/dev/null || true
}

# The vDSO of a live 64-bit process: the same image every process of the
# host's ABI gets from this kernel.
host_vdso() {
	start_bg sleep 100
	$PY dump "$BG_PID" "$T/vdso.so"
}

@test "self: -v and JSON name the vDSO as readelf does, program headers as readelf -lW" {
	host_vdso
	"$AUXV" --json >"$T/self.json"
	$PY check-vdso "$T/self.json" "$T/vdso.so"
	$PY check-phdrs "$T/self.json" "$AUXV"
	"$AUXV" -v >"$T/self.txt"
	$PY check-human "$T/self.txt" "$T/vdso.so"
	grep -q '^AT_PHDR: .*  PHDR(R) .*GNU_STACK(RW) .*  # ' "$T/self.txt"
}

# bats test_tags=full
@test "PID: the process's own vDSO and program headers" {
	start_bg sleep 100
	$PY dump "$BG_PID" "$T/vdso.so"
	"$AUXV" --json "$BG_PID" >"$T/pid.json"
	$PY check-vdso "$T/pid.json" "$T/vdso.so"
	$PY check-phdrs "$T/pid.json" "$(readlink -f "/proc/$BG_PID/exe")"
	"$AUXV" -v "$BG_PID" >"$T/pid.txt"
	$PY check-human "$T/pid.txt" "$T/vdso.so"
}

# bats test_tags=full
@test "-e: read while the command is stopped at its exec" {
	need ptrace
	host_vdso
	"$AUXV" --json -e /bin/true >"$T/exec.json"
	$PY check-vdso "$T/exec.json" "$T/vdso.so"
	$PY check-phdrs "$T/exec.json" "$(readlink -f /bin/true)"
}

# bats test_tags=full
@test "gcore core: the vDSO and program headers from its PT_LOADs" {
	need gcore
	start_bg sleep 100
	$PY dump "$BG_PID" "$T/vdso.so"
	gcore -o "$T/gc" "$BG_PID" >/dev/null 2>&1
	"$AUXV" --json -f "$T/gc.$BG_PID" >"$T/core.json"
	$PY check-vdso "$T/core.json" "$T/vdso.so"
	$PY check-phdrs "$T/core.json" "$(readlink -f "/proc/$BG_PID/exe")"
}

@test "-e of a static program without PT_PHDR: its GNU properties read at the bias of its PT_LOAD at offset 0" {
	[ -x "${WITNESS_STATIC:-}" ] || skip "no static toolchain"
	command -v jq >/dev/null || skip "no jq"
	readelf -lW "$WITNESS_STATIC" | grep -q '^ *PHDR ' &&
	    skip "the static program has PT_PHDR here"
	readelf -lW "$WITNESS_STATIC" | grep -q '^ *GNU_PROPERTY ' ||
	    skip "the static program has no PT_GNU_PROPERTY here"
	# readelf -n: the x86 ISA property the linker wrote.
	want=$(readelf -n "$WITNESS_STATIC" |
	    sed -n 's/^ *Properties: x86 ISA needed: //p' | head -1)
	[ -n "$want" ] || skip "no x86 ISA property (readelf -n)"
	run -0 --separate-stderr "$AUXV" --json -e "$WITNESS_STATIC" /dev/null 0
	jq -e --arg w "$want" '.entries[] | select(.name == "AT_PHDR") |
	    .phdrs[] | select(.name == "PT_GNU_PROPERTY") | .properties[] |
	    select(.name == "x86_isa_1_needed") | .flags == ($w | split(", "))' \
	    <<<"$output"
}

# bats test_tags=full,run32
@test "32-bit process: its 32-bit vDSO and static program headers" {
	need run32
	start_bg "$(sleep32)"
	$PY dump "$BG_PID" "$T/vdso32.so"
	"$AUXV" --json "$BG_PID" >"$T/p32.json"
	jq -e '.word_size == 4' "$T/p32.json" >/dev/null || skip "no jq"
	$PY check-vdso "$T/p32.json" "$T/vdso32.so"
	$PY check-phdrs "$T/p32.json" "$(sleep32)"
}

# bats test_tags=full
@test "crafted vDSO, 32/64-bit, little/big-endian, x86/aarch64/riscv properties" {
	need jq
	local c ws end mach props
	for c in "8 little 62 x86_feature_1_and:IBT,SHSTK" \
	    "4 big 3 x86_feature_1_and:IBT,SHSTK" \
	    "8 big 183 aarch64_feature_1_and:BTI,GCS" \
	    "4 little 243 riscv_feature_1_and:CFI_SS"; do
		read -r ws end mach props <<<"$c"
		"$MKFIXTURE" crafted-vdso "$T/v.so" "$ws" "$end"
		"$MKFIXTURE" crafted-core "$T/core" "$ws" "$end" "$mach"
		"$AUXV" --json -f "$T/core" >"$T/c.json"
		$PY check-vdso "$T/c.json" "$T/v.so"
		run -0 "$AUXV" -v -f "$T/core"
		assert_line --partial "functions=__vdso_foo@@LINUX_9.9,bar@@LINUX_9.9,baz@LINUX_9.9  # "
		assert_line --partial "  PHDR(R) INTERP(R)=/lib/ld-test.so.7 LOAD(RX) GNU_PROPERTY(R)=$props GNU_STACK(RWX) TLS(R)=size:72  # "
		jq -e '.entries[] | select(.name == "AT_PHDR") | .phdrs_error == null and
		    ([.phdrs[] | select(.name == "PT_GNU_STACK") | .flags] == [["R","W","X"]]) and
		    ([.phdrs[] | select(.name == "PT_TLS") | .tls_size] == [72])' \
		    "$T/c.json" >/dev/null
	done
}

# bats test_tags=slow
@test "program header types named as readelf and llvm-readelf name them; others by number" {
	need jq
	local c ws end mach
	for c in "8 little 62" "4 big 3"; do
		read -r ws end mach <<<"$c"
		"$MKFIXTURE" crafted-program "$T/prog" "$ws" "$end" "$mach" rare_phdrs
		"$MKFIXTURE" crafted-core "$T/core" "$ws" "$end" "$mach" rare_phdrs
		"$AUXV" --json -f "$T/core" >"$T/c.json"
		$PY check-phdr-names "$T/c.json" "$T/prog"
		# -v shows the same names, and the number of the type none has.
		run -0 "$AUXV" -v -f "$T/core"
		assert_line --partial "$(jq -r '.entries[] | select(.name == "AT_PHDR") |
		    [.phdrs[-5:-1][] | (.name | ltrimstr("PT_")) + "(R)"] |
		    join(" ")' "$T/c.json") 0x60000123(R)  # "
	done
}

# FAULT  what auxv must say (human)  what is still shown
faults() {
	cat <<'EOF'
section_oob|section out of range at offset|soname=linux-test.so.1
link_self|symbol table: bad entry size or string table|versions=LINUX_9.9
shoff_oob|section headers out of range at offset 65520|AT_SYSINFO_EHDR:      0x70000000  (malformed
shnum_huge|section headers out of range|AT_SYSINFO_EHDR:      0x70000000  (malformed
verdef_count|version definition out of range|soname=linux-test.so.1
verdef_info_one|symbol version out of range|soname=linux-test.so.1
verdaux_oob|version name out of range|soname=linux-test.so.1
sym_name_oob|symbol name out of range|versions=LINUX_9.9
versym_oob|symbol version out of range|functions=__vdso_foo@@LINUX_9.9,bar,baz@LINUX_9.9
strtab_no_nul|symbol name out of range|functions=__vdso_foo@@LINUX_9.9,bar@@LINUX_9.9 (malformed
note_oob|note out of range|soname=linux-test.so.1
verdef_link0|version definitions: bad string table at offset 704|functions=__vdso_foo,bar,baz (malformed
soname_oob|soname out of range at offset 768|versions=LINUX_9.9
build_id_long|build ID too long at offset 960|soname=linux-test.so.1 versions=
no_sections|no section headers at offset 0|AT_SYSINFO_EHDR:      0x70000000  (malformed
bad_magic|not an ELF image at offset 0|AT_SYSINFO_EHDR:      0x70000000  (malformed
many_syms|too many symbols at offset|functions=__vdso_foo@@LINUX_9.9,bar@@LINUX_9.9,baz@LINUX_9.9,bar,
many_verdefs|too many version definitions at offset|versions=LINUX_9.9,LINUX_9.9,
EOF
}

# crafted_all: for each line of standard input, FAULT[ FAULT...]|..., the
# crafted x86 cores of those faults, 64- and 32-bit little-endian, as
# $T/FAULTS.WS (spaces as _), written by one python.
crafted_all() {
	python3 -c 'import sys
from mkfixture import crafted_core
for line in sys.stdin:
    faults = line.split("|")[0].split()
    for ws in (8, 4):
        open("%s/%s.%d" % (sys.argv[1], "_".join(faults), ws), "wb").write(
            crafted_core(ws, "little", 62, set(faults)))' "$T"
}

# bats test_tags=full
@test "malformed vDSO: each broken part named, the rest shown, exit 0" {
	need jq
	local fault say still ws
	faults | crafted_all
	while IFS='|' read -r fault say still; do
		for ws in 8 4; do
			cp "$T/$fault.$ws" "$T/core"
			run -0 --separate-stderr "$AUXV" -v -f "$T/core"
			[ -z "$stderr" ]
			assert_line --partial "$say"
			assert_line --partial "$still"
			"$AUXV" --json -f "$T/core" >"$T/c.json"
			jq -e '.entries[] | select(.name == "AT_SYSINFO_EHDR") |
			    .vdso.error.message | length > 0' "$T/c.json" >/dev/null ||
			    { echo "$fault $ws: no JSON error"; false; }
		done
	done < <(faults)
}

# A vDSO keeps 128 functions and 16 version definitions (bounds.h): the
# first ones, then the error.  DT_SONAME after other tags is found; after
# DT_NULL it is not there; an SHT_NOBITS section has no bytes to check,
# whatever its size says.
# bats test_tags=full
@test "vDSO limits and rarer shapes: 128 functions, 16 versions, DT_SONAME late or absent, SHT_NOBITS, two pages" {
	need jq
	local ws
	for ws in 8 4; do
		"$MKFIXTURE" crafted-core "$T/core" "$ws" little 62 many_syms
		"$AUXV" --json -f "$T/core" | jq -e '.entries[] |
		    select(.name == "AT_SYSINFO_EHDR") | .vdso |
		    (.functions | length) == 128 and .error.message == "too many symbols"'
		"$MKFIXTURE" crafted-core "$T/core" "$ws" little 62 many_verdefs
		"$AUXV" --json -f "$T/core" | jq -e '.entries[] |
		    select(.name == "AT_SYSINFO_EHDR") | .vdso |
		    (.versions | length) == 16 and
		    .error.message == "too many version definitions"'
		# No base version definition: the symbols' versions are still
		# named, as readelf names them.
		"$MKFIXTURE" crafted-core "$T/core" "$ws" little 62 no_base_verdef
		"$MKFIXTURE" crafted-vdso "$T/v.so" "$ws" little no_base_verdef
		"$AUXV" --json -f "$T/core" >"$T/c.json"
		$PY check-vdso "$T/c.json" "$T/v.so"
		run -0 "$AUXV" -v -f "$T/core"
		assert_line --partial "functions=__vdso_foo@@LINUX_9.9,bar@@LINUX_9.9,baz@LINUX_9.9  # "
		# Two pages (a real vDSO's size, more than auxv reads at first)
		# whose program headers are out of range: the section headers
		# still say how much to read.
		for f in soname_last nobits_big "pad phoff_oob" "pad phentsize_small"; do
			# shellcheck disable=SC2086
			"$MKFIXTURE" crafted-core "$T/core" "$ws" little 62 $f
			run -0 --separate-stderr "$AUXV" -v -f "$T/core"
			assert_line --partial "0x70000000  soname=linux-test.so.1 build-id="
			refute_output --partial "(malformed"
		done
		# How much is read: the whole PT_LOAD of a padded image; where
		# its program headers can't be read (out of range, e_phentsize
		# short of an Elf_Phdr), up to where its section headers end, in
		# auxv's first 4 KiB block (elf.py on the image).
		for f in pad "pad phoff_oob" "pad phentsize_small"; do
			# shellcheck disable=SC2086
			"$MKFIXTURE" crafted-core "$T/core" "$ws" little 62 $f
			"$AUXV" --json -f "$T/core" >"$T/c.json"
			python3 - "$T/c.json" "$ws" $f <<'PY'
import json, sys
import elf
from mkfixture import build_vdso
ws, faults = int(sys.argv[2]), set(sys.argv[3:])
img = build_vdso(ws, "little", faults)
h = elf.File(img).h
want = len(img) if faults == {"pad"} else max(4096, h.shoff + h.shnum * h.shentsize)
got = [e["vdso"]["size"] for e in json.load(open(sys.argv[1]))["entries"] if "vdso" in e]
assert got == [want], (faults, got, want)
PY
		done
		"$MKFIXTURE" crafted-core "$T/core" "$ws" little 62 no_soname
		run -0 --separate-stderr "$AUXV" -v -f "$T/core"
		assert_line --partial "0x70000000  build-id="
		refute_output --partial "soname="
		refute_output --partial "(malformed"
		"$MKFIXTURE" crafted-core "$T/core" "$ws" little 62 pad bad_magic
		run -0 --separate-stderr "$AUXV" -v -f "$T/core"
		assert_line --partial "0x70000000  (malformed: not an ELF image at offset 0)  #"
	done
}

# 125 functions of a 200-byte name not UTF-8: the vDSO's -v text is over
# 100 KB (each byte \377), more than the 64 KiB auxv keeps of a vDSO's
# text to write again for the next source with the same vDSO: written as
# it goes, whole, for each of two sources.
@test "a vDSO whose text is longer than the memo: written whole, each time" {
	"$MKFIXTURE" crafted-core "$T/core" 8 little 62 long_names
	"$AUXV" -v -f "$T/core" -f "$T/core" >"$T/out"
	python3 - "$T/out" <<'PY'
import sys
name = "\\377" * 200
want = ("functions=__vdso_foo@@LINUX_9.9,bar@@LINUX_9.9,baz@LINUX_9.9," +
        ",".join([name] * 125) + "  # System-supplied DSO's ELF header")
lines = [l for l in open(sys.argv[1]).read().split("\n")
         if l.startswith("AT_SYSINFO_EHDR:")]
assert len(lines) == 2, len(lines)
for l in lines:
    assert l.endswith(want), l[-300:]
    assert len(l) > 100000, len(l)
PY
}

@test "strtab without a NUL at its end: the name past it is not read" {
	"$MKFIXTURE" crafted-core "$T/core" 8 little 62 strtab_no_nul
	run -0 "$AUXV" -v -f "$T/core"
	refute_output --partial "tail"
}

@test "vDSO not in the core, PT_INTERP without NUL: unreadable and malformed" {
	need jq
	"$MKFIXTURE" crafted-core "$T/core" 8 little 62 vdso_unmapped interp_no_nul
	run -0 --separate-stderr "$AUXV" -v -f "$T/core"
	assert_line "AT_SYSINFO_EHDR:      0x70000000  (unreadable)  # System-supplied DSO's ELF header"
	assert_line --partial "INTERP(R)=(malformed) LOAD(RX)"
	assert_line --partial "(malformed: PT_INTERP without NUL)  # "
	"$AUXV" --json -f "$T/core" >"$T/c.json"
	jq -e '[.entries[] | select(.name == "AT_SYSINFO_EHDR") | .vdso] == [null]' "$T/c.json"
	jq -e '.entries[] | select(.name == "AT_PHDR") |
	    .phdrs_error.message == "PT_INTERP without NUL" and
	    ([.phdrs[] | select(.name == "PT_INTERP") | .interp] == [null])' "$T/c.json"
}

# The program headers behind AT_PHDR, each fault of mkfixture.py's
# crafted program: without PT_PHDR the bias is that of the ELF header on
# AT_PHDR's page (4096 bytes where AT_PAGESZ is no power of two), and
# without either nothing the headers point to is read; sizes out of range
# (PT_INTERP of 0 or 4097 bytes, a property note over 1024 bytes, a
# property past its note, 17 properties), another note before the
# properties, more headers than mapped, headers not mapped at all.
# bats test_tags=slow
@test "program headers: the bias without PT_PHDR, each malformed part named" {
	local faults want ws
	phdr_faults | crafted_all
	while IFS='|' read -r faults want; do
		for ws in 8 4; do
			run -0 --separate-stderr "$AUXV" -v -f "$T/${faults// /_}.$ws"
			[ -z "$stderr" ]
			assert_line --partial "$want"
		done
	done < <(phdr_faults)
}

# The program header faults of crafted_all, and a piece of the -v text
# each must show.
phdr_faults() {
	cat <<'EOF'
no_phdr_seg|  INTERP(R)=/lib/ld-test.so.7 LOAD(RX) GNU_PROPERTY(R)=x86_feature_1_and:IBT,SHSTK GNU_STACK
no_phdr_seg pagesz_odd|  INTERP(R)=/lib/ld-test.so.7 LOAD(RX) GNU_PROPERTY(R)=x86_feature_1_and:IBT,SHSTK GNU_STACK
no_bias|  INTERP(R)=(unreadable) LOAD(RX) GNU_PROPERTY(R)=(unreadable) GNU_STACK
interp_empty|INTERP(R)=(malformed) LOAD(RX) GNU_PROPERTY(R)=x86_feature_1_and:IBT,SHSTK GNU_STACK(RWX) TLS(R)=size:72 (malformed: PT_INTERP size out of range)  #
interp_big|INTERP(R)=(malformed) LOAD(RX) GNU_PROPERTY(R)=x86_feature_1_and:IBT,SHSTK GNU_STACK(RWX) TLS(R)=size:72 (malformed: PT_INTERP size out of range)  #
prop_big|GNU_PROPERTY(R)=(malformed) GNU_STACK(RWX) TLS(R)=size:72 (malformed: PT_GNU_PROPERTY too large)  #
prop_oob|GNU_PROPERTY(R)=(malformed) GNU_STACK(RWX) TLS(R)=size:72 (malformed: GNU property out of range)  #
prop_many|GNU_PROPERTY(R)=(malformed) GNU_STACK(RWX) TLS(R)=size:72 (malformed: too many GNU properties)  #
prop_other|INTERP(R)=/lib/ld-test.so.7 LOAD(RX) GNU_PROPERTY(R)=x86_feature_1_and:IBT,SHSTK GNU_STACK(RWX) TLS(R)=size:72  #
phdrs_cut|PHDR(R) INTERP(R)=/lib/ld-test.so.7 LOAD(RX) GNU_PROPERTY(R)=x86_feature_1_and:IBT,SHSTK GNU_STACK(RWX) TLS(R)=size:72 NULL()
phdrs_cut|(malformed: program headers cut short)  #
phdr_unmapped|AT_PHDR:              0x10  (unreadable)  # Program headers for program
EOF
}

@test "a raw vector: nothing to read, vdso and phdrs null, (unreadable)" {
	need jq
	mkraw "$T/v" 8 '<' 33 0x7000 3 0x400040 4 56 5 3
	run -0 "$AUXV" -v -f "$T/v"
	assert_line --partial "AT_SYSINFO_EHDR:      0x7000  (unreadable)  # "
	assert_line --partial "AT_PHDR:              0x400040  (unreadable)  # "
	"$AUXV" --json -f "$T/v" | jq -e '[.entries[] | .vdso, .phdrs | select(. != null)] == []'
}

@test "repeated AT_SYSINFO_EHDR: the vDSO is read once" {
	need jq
	"$MKFIXTURE" crafted-core "$T/core" 8 little 62
	python3 - "$T/core" <<'PY'
import sys
from mkfixture import Elf
# Turn AT_PHENT (4) and AT_PHNUM (5) into two more AT_SYSINFO_EHDR.
p, k = sys.argv[1], Elf(8, "little")
b = bytearray(open(p, "rb").read())
for t, v in ((4, 56), (5, 6)):
    i = b.find(k.vector([(t, v)], null=False))
    assert i >= 0, t
    b[i:i + 16] = k.vector([(33, 0x70000000)], null=False)
open(p, "wb").write(b)
PY
	run -0 "$AUXV" -v -f "$T/core"
	[ "$(grep -c 'soname=' <<<"$output")" -eq 1 ]
	"$AUXV" --json -f "$T/core" |
	    jq -e '[.entries[] | select(.name == "AT_SYSINFO_EHDR") | .vdso != null] == [true,false,false]'
}

@test "--json of 20 processes: at most two memory reads each, one where the headers' segments share their block" {
	command -v strace >/dev/null || skip "no strace"
	spawn_many 20 sleep 100
	# shellcheck disable=SC2086
	strace -qq -f -e trace=process_vm_readv -o "$T/st" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" --json $EXTRA_PIDS \
	    >"$T/out"
	[ "$(jq -s 'map(select(.entries)) | length' "$T/out")" -eq 20 ]
	# The calls per process, by the PID each names.
	sed -n 's/.*process_vm_readv(\([0-9]*\),.*/\1/p' "$T/st" |
	    sort | uniq -c >"$T/per"
	[ "$(wc -l <"$T/per")" -eq 20 ]
	run awk '$1 > 2' "$T/per"
	assert_output ""
	# readelf: sleep's PT_INTERP and PT_GNU_PROPERTY end within the
	# block of its program headers, so one read brings them all.
	readelf -lW /bin/sleep | python3 -c 'import sys
ph = {l.split()[0]: l.split() for l in sys.stdin if l.startswith("  ")}
blk = int(ph["PHDR"][2], 16) // 4096
sys.exit(any((int(ph[k][2], 16) + int(ph[k][4], 16) - 1) // 4096 != blk
             for k in ("INTERP", "GNU_PROPERTY") if k in ph))' ||
	    skip "sleep's segments lie past its headers' block"
	run awk '$1 != 1' "$T/per"
	assert_output ""
}

# oddproc farsegs moves its loaded PT_INTERP and PT_GNU_PROPERTY (a note
# of 1,024 bytes, the most auxv reads of one) to blocks of their own:
# still two reads, the second of both segments.
@test "PT_INTERP and a 1,024-byte PT_GNU_PROPERTY in blocks of their own: both in the second of two reads" {
	command -v strace >/dev/null || skip "no strace"
	local interp
	start_odd farsegs
	strace -qq -e trace=process_vm_readv -o "$T/st" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" --json "$BG_PID" >"$T/out"
	cat "$T/st"
	[ "$(grep -c "^process_vm_readv($BG_PID," "$T/st")" -eq 2 ]
	grep -q "^process_vm_readv($BG_PID, .*iov_len=1024}" "$T/st"
	# The path readelf names; the last property the one oddproc wrote.
	interp=$(readelf -lW "$ODDPROC" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
	jq -e --arg i "$interp" '.entries[] | select(.name == "AT_PHDR") |
	    [.phdrs[] | select(.name == "PT_INTERP")][0].interp == $i' "$T/out"
	[ "$(uname -m)" = x86_64 ] || return 0
	jq -e '.entries[] | select(.name == "AT_PHDR") |
	    [.phdrs[] | select(.name == "PT_GNU_PROPERTY")][0].properties[-1] |
	    .name == "x86_feature_1_and" and .flags == ["IBT", "SHSTK"]' "$T/out"
}

# bats test_tags=full
@test "no -v, no JSON: of the vDSO only its ELF identification is read, of the program headers nothing" {
	command -v strace >/dev/null || skip "no strace"
	start_bg sleep 100
	# LeakSanitizer does not work under ptrace: an ASan build runs
	# without it here.
	strace -qq -f -e trace=process_vm_readv -o "$T/plain" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" "$BG_PID" >/dev/null
	strace -qq -f -e trace=process_vm_readv -o "$T/verbose" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" -v "$BG_PID" >"$T/v.txt"
	grep -q soname= "$T/v.txt"
	# The vDSO's address, from the kernel's bytes: strace names it as
	# the remote iov_base of the read that brings it, and only -v's.
	vdso=$(pyvec "/proc/$BG_PID/auxv" 8 | awk '$1 == 33 { print $2 }')
	[ -n "$vdso" ]
	vdso=$(printf '0x%x' "$vdso")
	# Without -v the vDSO's first 20 bytes alone, its ELF identification
	# (e_machine, class, byte order), that tells the process's machine.
	[ "$(wc -l <"$T/plain")" -le 1 ]
	run -0 grep -F "iov_base=$vdso," "$T/plain"
	grep -qF "iov_base=$vdso, iov_len=20}" <<<"$output"
	grep -qF "iov_base=$vdso," "$T/verbose"
	! grep -F "iov_base=$vdso, iov_len=20}" "$T/verbose"
	run -0 "$AUXV" "$BG_PID"
	refute_output --partial "soname="
	refute_output --partial "PHDR("
}

# GNU properties each machine names, written out from glibc's <elf.h>
# (GNU_PROPERTY_*) and binutils' include/elf/common.h (x86 ISA and
# feature 2 bits, RISC-V): TYPE NAME BITS, BITS "-" for a value that is
# not a bit mask.  Every type is given with all 32 bits set: the named
# bits in order, the rest unknown_bits; another machine's type has no name.
GENERIC_PROPS='1 stack_size -
2 no_copy_on_protected -
b0008000 1_needed indirect-extern-access'
X86_PROPS='c0000002 x86_feature_1_and IBT,SHSTK,LAM_U48,LAM_U57
c0008002 x86_isa_1_needed x86-64-baseline,x86-64-v2,x86-64-v3,x86-64-v4
c0010002 x86_isa_1_used x86-64-baseline,x86-64-v2,x86-64-v3,x86-64-v4
c0008001 x86_feature_2_needed x86,x87,MMX,XMM,YMM,ZMM,FXSR,XSAVE,XSAVEOPT,XSAVEC,TMM,MASK
c0010001 x86_feature_2_used x86,x87,MMX,XMM,YMM,ZMM,FXSR,XSAVE,XSAVEOPT,XSAVEC,TMM,MASK'
AARCH64_PROPS='c0000000 aarch64_feature_1_and BTI,PAC,GCS'
RISCV_PROPS='c0000000 riscv_feature_1_and CFI_LP_UNLABELED,CFI_SS,CFI_LP_FUNC_SIG'

# bats test_tags=slow
@test "GNU properties: every type each machine names, every bit, in JSON and -v" {
	need jq
	local c mach ws table
	for c in "62 8 X86" "3 4 X86" "183 8 AARCH64" "243 8 RISCV" "40 4 NONE"; do
		read -r mach ws table <<<"$c"
		case $table in
		X86) table=$X86_PROPS ;;
		AARCH64) table=$AARCH64_PROPS ;;
		RISCV) table=$RISCV_PROPS ;;
		*) table= ;;
		esac
		table=$GENERIC_PROPS${table:+$'\n'}$table
		# Plus the other machines' types, which must stay unnamed here.
		props=$(echo "$table" | awk '{ printf "%s:ffffffff ", $1 }')
		for t in c0000000 c0000002 c0010001; do
			grep -q "^$t " <<<"$table" || props+="$t:5 "
		done
		VDSO_PROPS=$props "$MKFIXTURE" crafted-core "$T/core" "$ws" little "$mach"
		"$AUXV" --json -f "$T/core" -k PHDR >"$T/c.json"
		"$AUXV" -v -f "$T/core" -k PHDR >"$T/c.txt"
		python3 - "$T/c.json" "$T/c.txt" "$table" <<'PY'
import json, re, sys
doc = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
table = {}
for line in sys.argv[3].split("\n"):
    t, name, bits = line.split()
    table[int(t, 16)] = (name, None if bits == "-" else bits.split(","))
ph = [p for p in doc["entries"][0]["phdrs"] if p["name"] == "PT_GNU_PROPERTY"][0]
human = re.search(r"GNU_PROPERTY\(R\)=(\S+)", text).group(1).split(";")
want_types = list(table) + [t for t in (0xc0000000, 0xc0000002, 0xc0010001)
                            if t not in table]
got = ph["properties"]
assert [p["type"] for p in got] == want_types, got
assert len(human) == len(got), human
for p, h in zip(got, human):
    if p["type"] not in table:
        assert p["name"] is None and p["value"] == 5, p
        assert "flags" not in p, p
        assert h == "0x%x:5" % p["type"], h
        continue
    name, bits = table[p["type"]]
    assert p["name"] == name and p["value"] == 0xffffffff, p
    if bits is None:
        assert "flags" not in p, p
        assert h == "%s:%d" % (name, 0xffffffff), h
    else:
        unknown = 0xffffffff & ~((1 << len(bits)) - 1)
        assert p["flags"] == bits and p["unknown_bits"] == unknown, p
        assert h == "%s:%s,unknown:0x%x" % (name, ",".join(bits), unknown), h
PY
	done
}

# --check's vdso-image rule, through vdsocheck (tests/exec/vdsocheck.c):
# an image file held to the rule for a vector of e_machine and word size.
vdsocheck() {
	local hook=${VDSOCHECK:-}
	[ -x "$hook" ] || skip "no vdsocheck hook built"
	"$hook" "$@"
}

@test "vdso-image: the host's vDSO holds, naming what readelf names" {
	[ "$(uname -m)" = x86_64 ] || skip "the table row asked is x86-64's"
	host_vdso
	run -0 vdsocheck "$T/vdso.so" 62 8
	[[ "$output" == "ok: vDSO at "*": linked at 0, "*"HASH"* ]]
	# readelf: the lowest PT_LOAD at 0, a hash table, and each function
	# the rule names exported at LINUX_2.6.
	readelf -lW "$T/vdso.so" | awk '$1 == "LOAD" { print $3; exit }' |
		grep -Eq '^0x0+$'
	readelf -dW "$T/vdso.so" | grep -Eq '\((GNU_)?HASH\)'
	syms=$(readelf --dyn-syms -VW "$T/vdso.so")
	for f in __vdso_clock_gettime __vdso_gettimeofday __vdso_time \
	    __vdso_getcpu; do
		[[ "$output" == *" $f"* ]]
		grep -Eq " FUNC .* $f@@LINUX_2\.6\$" <<<"$syms"
	done
}

@test "vdso-image: a crafted image linked as the kernel links it holds, 32 and 64-bit, either byte order" {
	for ws in 4 8; do
		for e in little big; do
			"$MKFIXTURE" crafted-vdso "$T/k.so" $ws $e kernel
			run -0 vdsocheck "$T/k.so" 62 $ws
			assert_output --partial ": linked at 0, DT_HASH, LINUX_2.6 __vdso_clock_gettime __vdso_gettimeofday __vdso_time __vdso_getcpu"
		done
	done
}

# bats test_tags=slow
@test "vdso-image: each mistake of a stand-in image fails alone, named" {
	local -A want=(
		[no_hash]="linked at 0, no DT_HASH or DT_GNU_HASH in PT_DYNAMIC, LINUX_2.6 __vdso_clock_gettime"
		[relocated]="linked at 0, symbol values 0x7f0000000500-0x7f0000000500 outside its PT_LOADs' 0-"
		[linked_high]="linked at 0x7f0000000000, not 0, DT_HASH, LINUX_2.6 __vdso_clock_gettime"
		[no_time]="linked at 0, DT_HASH, LINUX_2.6 lacks __vdso_time"
	)
	for f in "${!want[@]}"; do
		"$MKFIXTURE" crafted-vdso "$T/k.so" 8 little kernel "$f"
		run -1 vdsocheck "$T/k.so" 62 8
		assert_output --partial "FAIL: vDSO at 0x7f0000000000: ${want[$f]}"
	done
	# DT_GNU_HASH alone (x86-64's vDSO has both): a hash table too.
	"$MKFIXTURE" crafted-vdso "$T/k.so" 8 little kernel gnu_hash
	run -0 vdsocheck "$T/k.so" 62 8
	assert_output --partial ": linked at 0, DT_GNU_HASH, LINUX_2.6 "
	# The image of the other suites: its own version, no hash table.
	"$MKFIXTURE" crafted-vdso "$T/k.so" 8 little
	run -1 vdsocheck "$T/k.so" 62 8
	assert_output --partial "no DT_HASH or DT_GNU_HASH in PT_DYNAMIC, no version LINUX_2.6"
}

@test "vdso-image: other architectures' rows; none, or nothing read, is no data" {
	"$MKFIXTURE" crafted-vdso "$T/k.so" 4 little kernel
	# i386 asks LINUX_2.5's entry points, which x86-64's image lacks.
	run -1 vdsocheck "$T/k.so" 3 4
	assert_output --partial ", no version LINUX_2.5"
	# mips asks no function: linked at 0 and hashed holds.
	run -0 vdsocheck "$T/k.so" 8 4
	assert_output --partial "DT_HASH, no function asked of this architecture"
	# hexagon (164) has no vDSO table.
	run -2 vdsocheck "$T/k.so" 164 4
	assert_output "no data: no vDSO table for e_machine 164, 32-bit"
	run -2 vdsocheck - 62 8
	assert_output "no data: vDSO at 0x7f0000000000 not read"
}

# bats test_tags=slow
@test "vdso-image: malformed images (every crafted fault) end in a verdict, never a crash" {
	for f in sym_name_oob versym_oob many_syms long_names verdef_count \
	    verdef_info_one verdaux_oob no_base_verdef many_verdefs \
	    soname_oob no_soname note_oob link_self section_oob \
	    verdef_link0 nobits_big shnum_huge no_sections shoff_oob \
	    phoff_oob phentsize_small bad_magic strtab_no_nul; do
		"$MKFIXTURE" crafted-vdso "$T/k.so" 8 little kernel "$f"
		run vdsocheck "$T/k.so" 62 8
		[ "$status" -le 2 ] || fail "$f: status $status: $output"
		[[ "$output" == ok:* || "$output" == FAIL:* ]] ||
			fail "$f: $output"
	done
	head -c 100 /dev/urandom >"$T/junk"
	run -1 vdsocheck "$T/junk" 62 8
	assert_output --partial "no PT_LOAD"
}

# A crafted vDSO of fault $1 and word size $2 in a core, read by auxv as
# JSON ($T/c.json) and as -v text ($T/c.txt), each held to readelf's view
# of the image (vdso.py); the caller adds what the fault is about.
crafted_read() {
	"$MKFIXTURE" crafted-vdso "$T/v.so" "$2" little "$1"
	"$MKFIXTURE" crafted-core "$T/core" "$2" little 62 "$1"
	"$AUXV" --json -f "$T/core" >"$T/c.json"
	$PY check-vdso "$T/c.json" "$T/v.so"
	"$AUXV" -v -f "$T/core" >"$T/c.txt"
	$PY check-human "$T/c.txt" "$T/v.so"
}

# [name, version, default] of each function of the JSON's vDSO.
crafted_functions() {
	jq -c '.entries[] | select(.name == "AT_SYSINFO_EHDR") |
	    [.vdso.functions[] | [.name, .version, .default]]' "$T/c.json"
}

# Functions whose .gnu.version entry names no definition (fault
# unversioned: __vdso_foo's is 1, VER_NDX_GLOBAL; bar's 0, VER_NDX_LOCAL):
# the bare name in -v, "version": null in JSON, as readelf shows them.
# bats test_tags=slow
@test "vDSO functions of no version (versym 1 and 0): bare in -v, version null in JSON" {
	need jq
	local ws
	for ws in 8 4; do
		crafted_read unversioned "$ws"
		readelf -W --dyn-syms "$T/v.so" | grep -q ' __vdso_foo$'
		readelf -W --dyn-syms "$T/v.so" | grep -q ' bar$'
		[ "$(crafted_functions)" = '[["__vdso_foo",null,true],["bar",null,true],["baz","LINUX_9.9",false]]' ]
		grep -q ' functions=__vdso_foo,bar,baz@LINUX_9.9  # ' "$T/c.txt"
	done
}

# No base definition (fault no_base_verdef): LINUX_9.9, index 2, is the
# only and so the first version definition, which every function names.
# bats test_tags=slow
@test "vDSO without a base version definition: functions of the first definition keep its name, -v and JSON" {
	need jq
	local ws
	for ws in 8 4; do
		crafted_read no_base_verdef "$ws"
		run -0 readelf -W -V "$T/v.so"
		assert_output --partial "'.gnu.version_d' contains 1 entry:"
		assert_output --partial "Flags: none  Index: 2  Cnt: 1  Name: LINUX_9.9"
		[ "$(crafted_functions)" = '[["__vdso_foo","LINUX_9.9",true],["bar","LINUX_9.9",true],["baz","LINUX_9.9",false]]' ]
		grep -q ' functions=__vdso_foo@@LINUX_9.9,bar@@LINUX_9.9,baz@LINUX_9.9  # ' "$T/c.txt"
	done
}
