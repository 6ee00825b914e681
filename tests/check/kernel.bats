# --check's rules of the kernel and the CPU: pagesz, clktck, hwcap (CPUID
# and /proc/cpuinfo, tests/exec/cpuid) and platform, live and on saves
# of each architecture.

load ../common
load check
load hooks

@test "crafted: AT_CLKTCK other than USER_HZ fails clktck alone" {
	need jq
	crafted 'v = [[t, 250 if t == 17 else x] for t, x in v]'
	run -1 --separate-stderr "$AUXV" --check --json "${CRAFTED[@]}"
	[ "$(fails "$output")" = clktck ]
	[ "$(evidence "$output" clktck)" = "AT_CLKTCK 250; USER_HZ $(getconf CLK_TCK)" ]
}

# bats test_tags=slow
@test "crafted: AT_CLKTCK is the USER_HZ of the vector's architecture: alpha's 1024, none without one" {
	need jq
	local T=$BATS_TEST_TMPDIR
	# USER_HZ: 100 in include/asm-generic/param.h, 1024 in
	# arch/alpha/include/uapi/asm/param.h.
	# (The saves lack the entries alpha's kernel gives: entries fails.)
	mkraw "$T/a.raw" 8 '<' 6 8192 17 1024
	run -1 --separate-stderr "$AUXV" --check --json --arch alpha -f "$T/a.raw"
	[ "$(fails "$output")" = entries ]
	[ "$(verdict "$output" clktck)" = "ok: AT_CLKTCK 1024; USER_HZ 1024" ]
	mkraw "$T/a.raw" 8 '<' 6 8192 17 100
	run -1 --separate-stderr "$AUXV" --check --json --arch alpha -f "$T/a.raw"
	[ "$(fails "$output")" = "clktck entries" ]
	[ "$(verdict "$output" clktck)" = "FAIL: AT_CLKTCK 100; USER_HZ 1024" ]
	# ia64's USER_HZ is the kernel's HZ (arch/ia64/include/asm/param.h).
	mkraw "$T/a.raw" 8 '<' 6 4096 17 1024
	run --separate-stderr "$AUXV" --check --json --arch ia64 -f "$T/a.raw"
	[ "$(verdict "$output" clktck)" = "no data: USER_HZ is the kernel's HZ on ia64" ]
	# A save of e_machine 0 (EM_NONE): no architecture, no USER_HZ.
	printf '{"word_size":8,"byte_order":"little","machine":0,"entries":[{"type":6,"value":4096},{"type":17,"value":100}]}' >"$T/j"
	run -0 --separate-stderr "$AUXV" --check --json -f "$T/j"
	[ "$(verdict "$output" clktck)" = "no data: architecture unknown" ]
}

# ELF_EXEC_PAGESIZE's values, each architecture's Kconfig page-size
# choices in Linux 7.3.4: x86 4 KiB only; arm64 4, 16 or 64 KiB; sparc64
# and alpha 8 KiB; powerpc (64-bit) 4 or 64 KiB.  A save is held to its
# architecture's, not to this machine's page size.
# bats test_tags=slow
@test "crafted: AT_PAGESZ a page size of the vector's architecture, not of this machine" {
	need jq
	local T=$BATS_TEST_TMPDIR
	while read -r a ws e pg want; do
		mkraw "$T/p.raw" "$ws" "$e" 6 "$pg" 17 100
		run --separate-stderr "$AUXV" --check --json --arch "$a" -f "$T/p.raw"
		echo "$a $pg: $(verdict "$output" pagesz)"
		[ "$(verdict "$output" pagesz)" = "$want" ]
	done <<'EOF'
x86_64 8 < 4096 ok: AT_PAGESZ 4096; x86_64 has 4096
x86_64 8 < 16384 FAIL: AT_PAGESZ 16384; x86_64 has 4096
i386 4 < 65536 FAIL: AT_PAGESZ 65536; i386 has 4096
aarch64 8 < 16384 ok: AT_PAGESZ 16384; aarch64 has 4096 16384 65536
aarch64 8 < 8192 FAIL: AT_PAGESZ 8192; aarch64 has 4096 16384 65536
ppc64le 8 < 65536 ok: AT_PAGESZ 65536; ppc64le has 4096 65536
sparc64 8 > 8192 ok: AT_PAGESZ 8192; sparc64 has 8192
sparc64 8 > 4096 FAIL: AT_PAGESZ 4096; sparc64 has 8192
alpha 8 < 4096 FAIL: AT_PAGESZ 4096; alpha has 8192
EOF
	# A live vector of this machine's architecture is held to the
	# kernel's page size too (getconf's); under qemu-user other rules
	# fail (self_not_ok).
	run --separate-stderr "$AUXV" --check --json
	[ "$status" -eq 0 ] || { ! has native && [ "$status" -eq 1 ]; }
	[[ "$(verdict "$output" pagesz)" == "ok: AT_PAGESZ $(getconf PAGESIZE); "*" has "*"$(getconf PAGESIZE)"*"; KernelPageSize $(getconf PAGESIZE)" ]]
}

# A live vector's page size may be its architecture's or the kernel's:
# an emulator gives its guest's on a kernel of other pages (box64's
# x86-64 4096 on a 16K arm64 kernel), an arm process on a 16K arm64
# kernel gets 16384.  Either holds, neither fails.  uexec makes the
# vector (set=6=P), --arch says whose it is; each architecture's sizes
# are its Kconfig's (as above), the kernel's getconf's.
# bats test_tags=slow
@test "uexec: a live AT_PAGESZ the kernel's or one of its architecture's holds, neither fails" {
	need jq
	local a sizes p want h
	uexec_ready
	h=$(getconf PAGESIZE)
	while read -r a sizes; do
		for p in 4096 8192 16384 65536; do
			want=FAIL
			[ "$p" -ne "$h" ] && [[ " $sizes " != *" $p "* ]] || want=ok
			run --separate-stderr "$UEXEC" "set=6=$p" "$st" --check \
			    --json --arch "$a"
			echo "$a $p: $(verdict "$output" pagesz)"
			[ "$(rule_field "$output" pagesz r)" = "$want" ]
			[[ "$(evidence "$output" pagesz)" == "AT_PAGESZ $p; $a has $sizes; KernelPageSize $h"* ]]
		done
	done <<'EOF'
x86_64 4096
aarch64 4096 16384 65536
ppc64le 4096 65536
alpha 8192
EOF
}

# bats test_tags=slow
@test "crafted: AT_PLATFORM of a save against the names its architecture's kernel gives" {
	need jq
	local T=$BATS_TEST_TMPDIR
	# ELF_PLATFORM: arch/x86/include/asm/elf.h ("x86_64"; 32-bit: uname
	# -m of the kernel, i386 to i686; x32 and i386 under a 64-bit kernel
	# COMPAT_ELF_PLATFORM "i686", fs/compat_binfmt_elf.c), arch/arm64 ("aarch64"), arch/arm
	# (elf_platform "v4".."v7" and "l" or "b"; arm64's compat "v8l",
	# "v8b": any "v" digit "l" or "b" is a newer core).  Machine, word
	# size, AT_PLATFORM, the verdict; a save each (python3 json).
	cat >"$T/cases" <<'EOF'
62 8 x86_64 ok
62 8 i686 FAIL
62 4 i686 ok
62 4 x86_64 FAIL
3 4 i386 ok
3 4 i686 ok
3 4 x86_64 FAIL
183 8 aarch64 ok
183 8 v8l FAIL
40 4 v5b ok
40 4 v7l ok
40 4 v8l ok
40 4 v9b ok
40 4 v8 FAIL
40 4 w8l FAIL
40 4 v8x FAIL
40 4 aarch64 FAIL
21 8 power9 no data
9999 8 x86_64 no data
EOF
	python3 -c '
import json, sys
for i, line in enumerate(open(sys.argv[1] + "/cases")):
    m, ws, p, _ = line.split(" ", 3)
    json.dump({"word_size": int(ws), "byte_order": "little",
               "machine": int(m), "entries": [
                   {"type": 15, "value": 4096, "string": p},
                   {"type": 17, "value": 100}]},
              open("%s/j%02d" % (sys.argv[1], i), "w"))' "$T"
	run --separate-stderr "$AUXV" --check --json $(printf -- "-f $T/j%02d " $(seq 0 18))
	[ "$status" -eq 1 ]
	diff <(cut -d' ' -f4- "$T/cases") <(jq -r '.checks[] |
	    select(.name == "platform") | .result' <<<"$output")
	# Both sides said: the string, at most 64 bytes of it, and the names.
	[ "$(jq -r 'select(.label | endswith("/j13")) | .checks[] |
	    select(.name == "platform") | .evidence' <<<"$output")" = \
	    'AT_PLATFORM "v8"; arm has v4l v4b v5l v5b v6l v6b v7l v7b' ]
	[ "$(jq -r 'select(.label | endswith("/j18")) | .checks[] |
	    select(.name == "platform") | .evidence' <<<"$output")" = \
	    "no platform names for this architecture" ]
	python3 -c 'import json
print(json.dumps({"word_size": 4, "byte_order": "little", "machine": 40,
    "entries": [{"type": 15, "value": 4096, "string": "v" + "7" * 99},
    {"type": 17, "value": 100}, {"type": 6, "value": 4096}]}))' >"$BATS_TEST_TMPDIR/j"
	run -1 --separate-stderr "$AUXV" --check --json -f "$BATS_TEST_TMPDIR/j"
	[ "$(fails "$output")" = "platform entries" ]
	[ "$(evidence "$output" platform)" = "AT_PLATFORM \"v$(printf '7%.0s' $(seq 63))\"; arm has v4l v4b v5l v5b v6l v6b v7l v7b" ]
	# A string longer than auxv reads (PATH_MAX): cut, so not known.  (The
	# save lacks every other entry arm's kernel gives: entries fails.)
	python3 -c 'import json
print(json.dumps({"word_size": 4, "byte_order": "little", "machine": 40,
    "entries": [{"type": 15, "value": 4096, "string": "v" * 5000},
    {"type": 17, "value": 100}, {"type": 6, "value": 4096}]}))' >"$BATS_TEST_TMPDIR/j"
	run -1 --separate-stderr "$AUXV" --check --json -f "$BATS_TEST_TMPDIR/j"
	[ "$(fails "$output")" = entries ]
	[ "$(verdict "$output" platform)" = "no data: AT_PLATFORM not readable" ]
}

# arch/arm64/include/asm/elf.h: ELF_PLATFORM "aarch64_be" on a big-endian
# kernel (CONFIG_CPU_BIG_ENDIAN), "aarch64" on a little-endian one; the
# save's byte order tells them apart, as the row of arch.c it is decoded by.
@test "crafted: AT_PLATFORM of a big-endian arm64 save is aarch64_be, of a little-endian one aarch64" {
	need jq
	local T=$BATS_TEST_TMPDIR
	python3 -c '
import json, sys
for i, (order, p) in enumerate([("big", "aarch64_be"), ("big", "aarch64"),
                                ("little", "aarch64_be"), ("little", "aarch64")]):
    json.dump({"word_size": 8, "byte_order": order, "machine": 183,
               "entries": [{"type": 15, "value": 4096, "string": p},
                           {"type": 17, "value": 100}]},
              open("%s/j%d" % (sys.argv[1], i), "w"))' "$T"
	run -1 --separate-stderr "$AUXV" --check --json -f "$T/j0" -f "$T/j1" \
	    -f "$T/j2" -f "$T/j3"
	[ "$(jq -r .arch <<<"$output" | tr '\n' ' ')" = "aarch64_be aarch64_be aarch64 aarch64 " ]
	[ "$(jq -r '.checks[] | select(.name == "platform") | .result' <<<"$output" |
	    tr '\n' ' ')" = "ok FAIL FAIL ok " ]
	[ "$(jq -r 'select(.label | endswith("/j0")) | .checks[] |
	    select(.name == "platform") | .evidence' <<<"$output")" = \
	    'AT_PLATFORM "aarch64_be"; aarch64_be has aarch64_be' ]
	[ "$(jq -r 'select(.label | endswith("/j2")) | .checks[] |
	    select(.name == "platform") | .evidence' <<<"$output")" = \
	    'AT_PLATFORM "aarch64_be"; aarch64 has aarch64' ]
	# Shown as the string it is, in human output and JSON alike.
	run -0 --separate-stderr "$AUXV" -f "$T/j0" -k PLATFORM
	[ "$output" = "AT_PLATFORM:          aarch64_be" ]
	run -0 --separate-stderr "$AUXV" --json -f "$T/j0" -k PLATFORM
	[ "$(jq -r '.entries[0].string' <<<"$output")" = aarch64_be ]
}

# --arch decodes a vector with another architecture's tables: its HWCAP
# words are then not held to this CPU's flags.
@test "self decoded as another architecture (--arch aarch64): hwcap has no data, saying why" {
	need jq
	local other=aarch64
	# An aarch64 build (a guest of the cross stage) is decoded as x86-64.
	[ "$("$AUXV" --json -k AT_PAGESZ | jq -r .arch)" != aarch64 ] ||
	    other=x86_64
	run --separate-stderr "$AUXV" --check --json --arch "$other"
	[ "$status" -eq 0 ] || { ! has native && [ "$status" -eq 1 ]; }
	[ "$(verdict "$output" hwcap)" = "no data: decoded as --arch says, not as the process's architecture" ]
	[ "$(jq -r .arch <<<"$output")" = "$other" ]
}

# bats test_tags=full
@test "uexec: the evidence names both sides (readelf, id, CPUID)" {
	need jq
	uexec_check entry
	e=$(readelf_h "$st" "Entry point address")
	# The bias from stat's startcode where uexec could set it
	# (PR_SET_MM_MAP), else from where our code runs.
	[[ "$(evidence "$output" entry)" =~ "e_entry $e + load bias 0x0 (from "(stat\'s startcode|where our code runs)") = $e"$ ]]
	uexec_check ids
	[[ "$(evidence "$output" ids)" == *"the process $(id -u)/$(id -u)/$(id -g)/$(id -g)" ]]
	uexec_check hwcap0
	# Every flag of CPUID leaf 1 EDX that cpuinfo lists, said missing.
	for fl in fpu tsc cx8 sse2; do
		grep -qw "$fl" /proc/cpuinfo || continue
		[[ "$(evidence "$output" hwcap)" == *" -$fl "* ]]
	done
	# AT_SYSINFO_EHDR 0 beside a mapped vDSO: both, and that alone.
	uexec_check ehdr
	[[ "$(evidence "$output" sysinfo)" =~ ^AT_SYSINFO_EHDR\ 0x0\;\ \[vdso\]\ at\ 0x[0-9a-f]+$ ]]
	# AT_RANDOM at uexec's own bytes, outside the stack: that alone.
	uexec_check random
	[[ "$(evidence "$output" stack)" =~ ^\[stack\]\ 0x[0-9a-f]+-0x[0-9a-f]+\;\ AT_RANDOM\ 0x[0-9a-f]+\ outside$ ]]
}

# cpuinfo_edx FILE: CPUID.1:EDX's bits that FILE's first flags line names.
cpuinfo_edx() {
	local f w=0 i
	f=" $(grep -m1 '^flags' "$1" | sed 's/^[^:]*://') "
	for i in "${!X86_EDX[@]}"; do
		[[ "$f" != *" ${X86_EDX[i]} "* ]] || w=$((w | 1 << i))
	done
	echo "$w"
}

# edx_names WORD: the names of WORD's named bits, in bit order.
edx_names() {
	local i out=
	for i in "${!X86_EDX[@]}"; do
		[ $(($1 >> i & 1)) -eq 0 ] || [ "${X86_EDX[i]}" = - ] ||
		    out+=${out:+ }${X86_EDX[i]}
	done
	echo "$out"
}

# cpuinfo_as FILE CMD...: CMD where /proc/cpuinfo is FILE.
cpuinfo_as() {
	unshare -m sh -c 'mount --bind "$1" /proc/cpuinfo && shift &&
	    exec "$@"' _ "$@"
}

# bats test_tags=slow
@test "uexec: AT_HWCAP bits the CPU lacks: each said with +, by name or, unnamed, by number" {
	need jq
	need_cpuid
	local ci cpu off want
	uexec_ready
	# The kernel's AT_HWCAP is its view of CPUID.1:EDX, cpuinfo's (the
	# vector made right holds every rule).  Bit 10 of it is reserved,
	# bit 30 IA64, "ia64" in arch/x86/include/asm/cpufeatures.h: no
	# x86-64 CPU has either.
	cpu=$(cpuid_reg 1 3)
	ci=$(cpuinfo_edx /proc/cpuinfo)
	[ $((cpu >> 10 & 1)) -eq 0 ] && [ $((cpu >> 30 & 1)) -eq 0 ]
	off=$(edx_names $((cpu & ~ci)))
	want=$(printf '0x%x' $((ci | 1 << 10 | 1 << 30)))
	uexec_check "set=16=$want"
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = hwcap ]
	# ia64 is a name cpuinfo would list: said against the kernel's view;
	# both bits against CPUID, which has neither; what the kernel turned
	# off, CPUID's bits that cpuinfo lacks, between.
	[[ "$(evidence "$output" hwcap)" == "AT_HWCAP $want; /proc/cpuinfo $(printf '0x%x' "$ci") +ia64; CPUID.1:EDX $(printf '0x%x' "$cpu")${off:+; kernel turned off: $off}; not in CPUID: ?(bit 10) ia64"?(;*) ]]
}

# AT_HWCAP 0: every bit cpuinfo lists is said missing, and the kernel is
# said to have turned off only what CPUID has and cpuinfo, its view,
# lacks: not every bit the vector lacks.
# bats test_tags=slow
@test "uexec: AT_HWCAP 0: each cpuinfo bit said missing; 'kernel turned off' only CPUID's bits that cpuinfo lacks" {
	need jq
	need_cpuid
	local ci cpu off e
	uexec_ready
	cpu=$(cpuid_reg 1 3)
	ci=$(cpuinfo_edx /proc/cpuinfo)
	off=$(edx_names $((cpu & ~ci)))
	uexec_check set=16=0
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = "hwcap hwcap-base" ]
	e=$(evidence "$output" hwcap)
	[[ "$e" == "AT_HWCAP 0x0; /proc/cpuinfo $(printf '0x%x' "$ci") -$(edx_names "$ci" | sed 's/ / -/g'); CPUID.1:EDX $(printf '0x%x' "$cpu")${off:+; kernel turned off: $off}"?(;*) ]]
}

# A bit of CPUID.1:EDX that the kernel turned off (as a kernel that
# disabled MTRR does, or clearcpuid=): neither the vector nor the
# kernel's view, /proc/cpuinfo, has it.  Here each bit the kernel gave,
# taken off both in turn (cpuinfo's flags bound over it in a mount
# namespace), for the names of arch/x86/kernel/cpu/cpuinfo's flags; the
# kernel turned off those, and whatever this kernel had turned off.
# bats test_tags=slow
@test "uexec: a CPUID bit the kernel turned off, gone from AT_HWCAP and cpuinfo: said, not failed" {
	need jq
	need mountns
	need_cpuid
	local ci cpu fl bit n=0 T=$BATS_TEST_TMPDIR
	uexec_ready
	cpu=$(cpuid_reg 1 3)
	ci=$(cpuinfo_edx /proc/cpuinfo)
	for fl in cx8:8 tsc:4 mtrr:12 sse2:26; do
		bit=${fl#*:}
		fl=${fl%:*}
		[ $((ci >> bit & 1)) -eq 1 ] || continue
		sed -E "/^flags/s/ $fl( |\$)/\1/" /proc/cpuinfo >"$T/cpuinfo"
		[ "$(cpuinfo_edx "$T/cpuinfo")" -eq $((ci & ~(1 << bit))) ]
		run --separate-stderr cpuinfo_as "$T/cpuinfo" "$UEXEC" \
		    "set=16=$((ci & ~(1 << bit)))" "$st" --check --json
		uexec_output
		echo "$fl: status $status, $(evidence "$output" hwcap)"
		[ "$status" -eq 0 ]
		[ "$(fails "$output")" = "" ]
		[[ "$(evidence "$output" hwcap)" == *"; CPUID.1:EDX $(printf '0x%x' "$cpu"); kernel turned off: $(edx_names $((cpu & ~ci | 1 << bit)))"?(;*) ]]
		n=$((n + 1))
	done
	[ "$n" -ge 1 ]
	# And the vector that claims it where the kernel's view lacks it.
	run --separate-stderr cpuinfo_as "$T/cpuinfo" "$UEXEC" \
	    "set=16=$ci" "$st" --check --json
	uexec_output
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = hwcap ]
	[[ "$(evidence "$output" hwcap)" == "AT_HWCAP $(printf '0x%x' "$ci"); /proc/cpuinfo "*" +$fl;"* ]]
}

# x86's AT_HWCAP2 FSGSBASE (bit 1, arch/x86/include/uapi/asm/hwcap2.h) is
# set where the kernel enabled the instructions: cpuinfo's "fsgsbase",
# CPUID.7:EBX bit 0 besides.  Both kernels' views, whichever this one
# took: cpuinfo's flags with and without it, bound over /proc/cpuinfo.
# bats test_tags=slow
@test "uexec: AT_HWCAP2 without FSGSBASE where the kernel enabled it fails; where the kernel turned it off, said" {
	need jq
	need mountns
	need_cpuid
	local b7 T=$BATS_TEST_TMPDIR
	uexec_ready
	b7=$(cpuid_reg 7 1) && [ $((b7 & 1)) -eq 1 ] ||
	    skip "the CPU has no FSGSBASE (CPUID.7:EBX bit 0 clear)"
	# Neither word: nothing to compare (entries says what is missing).
	uexec_check drop=16,drop=26
	[ "$(verdict "$output" hwcap)" = "no data: no HWCAP word to compare" ]
	sed -E '/^flags/s/ fsgsbase( |$)/\1/; /^flags/s/ ring3mwait( |$)/\1/' \
	    /proc/cpuinfo >"$T/off"
	sed -E '/^flags/s/$/ fsgsbase/' "$T/off" >"$T/on"
	# The kernel enabled it: a vector without it fails, and the kernel
	# is not said to have turned it off.
	run --separate-stderr cpuinfo_as "$T/on" "$UEXEC" set=26=0 "$st" \
	    --check --json
	uexec_output
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = hwcap ]
	[[ "$(evidence "$output" hwcap)" == *"; AT_HWCAP2 0x0; /proc/cpuinfo 0x2 -fsgsbase; CPUID.7:EBX.FSGSBASE 1" ]]
	# It turned it off: said; a vector that claims it fails.
	run --separate-stderr cpuinfo_as "$T/off" "$UEXEC" set=26=0 "$st" \
	    --check --json
	uexec_output
	[ "$status" -eq 0 ]
	[[ "$(evidence "$output" hwcap)" == *"; AT_HWCAP2 0x0; /proc/cpuinfo 0x0; CPUID.7:EBX.FSGSBASE 1; kernel turned off: fsgsbase" ]]
	run --separate-stderr cpuinfo_as "$T/off" "$UEXEC" set=26=2 "$st" \
	    --check --json
	uexec_output
	[ "$status" -eq 1 ]
	[[ "$(evidence "$output" hwcap)" == *"; AT_HWCAP2 0x2; /proc/cpuinfo 0x0 +fsgsbase; CPUID.7:EBX.FSGSBASE 1; kernel turned off: fsgsbase" ]]
}

# A cpuinfo that is not the CPU this process sees (an emulator passes the
# host's through): one whose flags claim a bit CPUID lacks, one whose
# family is not CPUID's.  Set aside, saying why; the vector held within
# CPUID alone: a bit it lacks is no FAIL, one CPUID lacks is.
# bats test_tags=slow
@test "uexec: a cpuinfo of another CPU (flags CPUID lacks, another family): set aside, saying why; AT_HWCAP held within CPUID" {
	need jq
	need mountns
	need_cpuid
	local ci cpu fam a T=$BATS_TEST_TMPDIR
	uexec_ready
	cpu=$(cpuid_reg 1 3)
	ci=$(cpuinfo_edx /proc/cpuinfo)
	[ $((cpu >> 30 & 1)) -eq 0 ]
	sed -E '/^flags/s/$/ ia64/' /proc/cpuinfo >"$T/ia64"
	fam=$(sed -n 's/^cpu family[[:space:]]*: //p;T;q' /proc/cpuinfo)
	sed -E "s/^(cpu family[[:space:]]*: ).*/\\1$((fam + 1))/" \
	    /proc/cpuinfo >"$T/fam"
	for a in "ia64:it claims ia64, which CPUID lacks" \
	    "fam:its CPU * family $((fam + 1)) model *, CPUID's * family $fam model *"; do
		run --separate-stderr cpuinfo_as "$T/${a%%:*}" "$UEXEC" \
		    set=16=$((cpu & ~(1 << 4))) "$st" --check --json
		uexec_output
		echo "${a%%:*}: $(evidence "$output" hwcap)"
		[ "$status" -eq 0 ]
		[[ "$(evidence "$output" hwcap)" == "AT_HWCAP $(printf '0x%x' $((cpu & ~(1 << 4)))); /proc/cpuinfo 0x"+([0-9a-f])" set aside: not the CPU this process sees ("${a#*:}"); CPUID.1:EDX $(printf '0x%x' "$cpu")"?(;*) ]]
		[[ "$(evidence "$output" hwcap)" != *"kernel turned off"* ]]
		run --separate-stderr cpuinfo_as "$T/${a%%:*}" "$UEXEC" \
		    set=16=$((cpu | 1 << 30)) "$st" --check --json
		uexec_output
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = hwcap ]
		[[ "$(evidence "$output" hwcap)" == *"; CPUID.1:EDX $(printf '0x%x' "$cpu"); not in CPUID: ia64"?(;*) ]]
	done
}

# hwcap-base: no x86-64 kernel runs without FPU in boot_cpu_data
# (arch/x86/kernel/fpu/init.c), whose CPUID.1:EDX AT_HWCAP is: a saved
# vector is held to it too; 32-bit vectors have no baseline.
# bats test_tags=slow
@test "hwcap-base: a saved x86-64 vector whose AT_HWCAP lacks FPU fails; with it, a PID's too, it holds; i386's and x32's have none" {
	need jq
	local T=$BATS_TEST_TMPDIR a hw
	mkraw "$T/64.raw" 8 '<' 6 4096 16 0x178bebfe
	run -1 --separate-stderr "$AUXV" --check --json --arch x86_64 -f "$T/64.raw"
	[ "$(verdict "$output" hwcap-base)" = "FAIL: AT_HWCAP 0x178bebfe: no fpu, which every x86-64 kernel has (it halts without)" ]
	mkraw "$T/64.raw" 8 '<' 6 4096 16 1
	run --separate-stderr "$AUXV" --check --json --arch x86_64 -f "$T/64.raw"
	[ "$(verdict "$output" hwcap-base)" = "ok: AT_HWCAP 0x1: fpu, which every x86-64 kernel has" ]
	mkraw "$T/32.raw" 4 '<' 6 4096 16 0
	for a in i386 x32; do
		run --separate-stderr "$AUXV" --check --json --arch "$a" -f "$T/32.raw"
		[ "$(verdict "$output" hwcap-base)" = "no data: no baseline: not an x86-64 vector" ]
	done
	# This shell's vector, as python reads it, natively.
	has native && [ "$(uname -m)" = x86_64 ] || return 0
	hw=$(shell_pairs | awk '$1 == 16 { print $2 }')
	[ $((hw & 1)) -eq 1 ]
	run -0 --separate-stderr "$AUXV" --check --json "$$"
	[ "$(verdict "$output" hwcap-base)" = "ok: AT_HWCAP $(printf '0x%x' "$hw"): fpu, which every x86-64 kernel has" ]
}

# hwcap-deps: a bit without what the kernel's code makes it imply
# (src/hwcap_deps.c): arm64's thresholds of one ID register field
# (arch/arm64/kernel/cpufeature.c) in any vector, saved too (these
# minimal saves fail entries besides); x86-64's
# pairs of CPUID.1:EDX (arch/x86/kernel/cpu/cpuid-deps.c, Linux 4.15 on)
# in a live one only.  Bits of include/uapi/asm/hwcap.h: arm64 AT_HWCAP
# aes 3, pmull 4, sha2 6, sha512 21; AT_HWCAP2 sve2 1, sve2p1 36.
@test "hwcap-deps: an aarch64 save with pmull but not aes, sve2p1 but not sve2, fails naming cpufeature.c; with both it holds" {
	need jq
	local T=$BATS_TEST_TMPDIR
	mkraw "$T/a.raw" 8 '<' 6 4096 16 $((1 << 4 | 1 << 6 | 1 << 21)) 26 $((1 << 36))
	run -1 --separate-stderr "$AUXV" --check --json --arch aarch64 -f "$T/a.raw"
	[ "$(rule_field "$output" hwcap-deps r)" = FAIL ]
	[ "$(evidence "$output" hwcap-deps)" = "pmull without aes (arch/arm64/kernel/cpufeature.c); sve2p1 without sve2 (arch/arm64/kernel/cpufeature.c)" ]
	mkraw "$T/a.raw" 8 '<' 6 4096 16 $((1 << 3 | 1 << 4 | 1 << 6 | 1 << 21)) 26 $((1 << 1 | 1 << 36))
	run --separate-stderr "$AUXV" --check --json --arch aarch64 -f "$T/a.raw"
	[[ "$(verdict "$output" hwcap-deps)" == "ok: no bit without what it implies ("*" pairs, arch/arm64/kernel/cpufeature.c)" ]]
	# Another architecture: no table.
	run --separate-stderr "$AUXV" --check --json --arch s390x -f "$T/a.raw"
	[ "$(verdict "$output" hwcap-deps)" = "no data: no bits known to imply others here" ]
}

# x86: fxsr 24, sse 25, sse2 26, cmov 15, mmx 23.
# bats test_tags=slow
@test "hwcap-deps: x86-64 sse2 without sse: a save has no data (an older kernel's may), uexec's live vector fails naming cpuid-deps.c" {
	need jq
	local T=$BATS_TEST_TMPDIR hw
	mkraw "$T/x.raw" 8 '<' 6 4096 16 $((1 | 1 << 24 | 1 << 26))
	run --separate-stderr "$AUXV" --check --json --arch x86_64 -f "$T/x.raw"
	[ "$(verdict "$output" hwcap-deps)" = "no data: sse2 without sse (arch/x86/kernel/cpu/cpuid-deps.c, Linux 4.15 on): a saved vector, whose kernel may be older" ]
	# i386's vectors are no row's: a Pentium MMX has mmx, no fxsr.
	mkraw "$T/x.raw" 4 '<' 6 4096 16 $((1 << 23 | 1 << 26))
	run --separate-stderr "$AUXV" --check --json --arch i386 -f "$T/x.raw"
	[ "$(verdict "$output" hwcap-deps)" = "no data: no bits known to imply others here" ]
	uexec_ready
	hw=$(shell_pairs | awk '$1 == 16 { print $2 }')
	[ $((hw >> 25 & 3)) -eq 3 ]
	uexec_check set=16=$((hw & ~(1 << 25)))
	[ "$status" -eq 1 ]
	[ "$(evidence "$output" hwcap-deps)" = "sse2 without sse (arch/x86/kernel/cpu/cpuid-deps.c)" ]
	[ "$(fails "$output")" = "hwcap hwcap-deps" ]
	# Where uname says 2.6 (the UNAME26 personality), the kernel is one
	# whose clearcpuid=25 cleared sse alone: no data.
	if [ "$(setarch x86_64 --uname-2.6 uname -r 2>/dev/null | cut -d. -f1,2)" = 2.6 ]; then
		run --separate-stderr setarch x86_64 --uname-2.6 "$UEXEC" \
		    set=16=$((hw & ~(1 << 25))) "$st" --check --json
		uexec_output
		[ "$(verdict "$output" hwcap-deps)" = "no data: sse2 without sse (arch/x86/kernel/cpu/cpuid-deps.c, Linux 4.15 on): the running kernel is older" ]
	fi
	# fxsr gone: cmov, mmx and sse without it, in the table's order.
	[ $((hw >> 15 & hw >> 23 & 1)) -eq 1 ]
	uexec_check set=16=$((hw & ~(1 << 24)))
	[ "$status" -eq 1 ]
	[ "$(evidence "$output" hwcap-deps)" = "cmov without fxsr (arch/x86/kernel/cpu/cpuid-deps.c); mmx without fxsr (arch/x86/kernel/cpu/cpuid-deps.c); sse without fxsr (arch/x86/kernel/cpu/cpuid-deps.c)" ]
}

@test "hwcap-deps: the kernel's own vectors hold it: self, this shell's, -e's" {
	need jq
	local src
	for src in "" "$$" "-e true"; do
		# shellcheck disable=SC2086
		run --separate-stderr "$AUXV" --check --json $src
		echo "${src:-self}: $(verdict "$output" hwcap-deps)"
		[ "$(rule_field "$output" hwcap-deps r)" != FAIL ]
	done
}
