#!/usr/bin/env bats
# The examples that meson installs under share/doc/auxv/examples, run by
# the tools they are written for: the Ansible fact script under
# ansible's own setup module, its playbook under ansible-playbook
# --syntax-check, the systemd unit under systemd-analyze verify.  Each is taken from a `meson install
# --destdir`, so that what is checked is what is shipped.  In the "full"
# setup only (suite examples): ansible alone takes seconds to start.

load common

# Installs the build into $BATS_TEST_TMPDIR/dest; EXAMPLES is the
# examples directory in it.
install_examples() {
	meson install -C "$BUILD_DIR" --no-rebuild --quiet \
	    --destdir "$BATS_TEST_TMPDIR/dest" >/dev/null
	EXAMPLES=$(find "$BATS_TEST_TMPDIR/dest" -type d \
	    -path '*/share/doc/auxv/examples')
	[ -n "$EXAMPLES" ] && [ -d "$EXAMPLES" ]
}

@test "auxv.fact: installed executable, two lines, auxv found in PATH" {
	install_examples
	[ -x "$EXAMPLES/auxv.fact" ]
	[ "$(cat "$EXAMPLES/auxv.fact")" = '#!/bin/sh
exec auxv --json' ]
	# Run as Ansible runs it: found in PATH, its output one JSON object
	# that python reads, of the vector of the auxv it found.
	run -0 --separate-stderr env PATH="${AUXV%/*}:$PATH" \
	    "$EXAMPLES/auxv.fact"
	python3 -c 'import json, os, sys
d = json.loads(sys.argv[1])
assert d["exe"] == os.path.realpath(sys.argv[2]), d["exe"]' "$output" "$AUXV"
}

@test "ansible -m setup: ansible_local.auxv is the vector auxv --json shows (--diff of the two, read back with -f)" {
	local T=$BATS_TEST_TMPDIR
	command -v ansible >/dev/null ||
	    skip "ansible is not installed (Debian: ansible-core)"
	install_examples
	mkdir "$T/facts.d" "$T/home"
	cp "$EXAMPLES/auxv.fact" "$T/facts.d/"
	# Ansible's state and temporary files in the test's directory, an
	# empty configuration file (its defaults), no warnings about the
	# inventory; the fact script finds the auxv under test first.
	cd "$T"
	: >"$T/ansible.cfg"
	run -0 --separate-stderr env HOME="$T/home" ANSIBLE_CONFIG="$T/ansible.cfg" \
	    ANSIBLE_LOCAL_TEMP="$T/home/tmp" \
	    ANSIBLE_LOCALHOST_WARNING=false \
	    ANSIBLE_INVENTORY_UNPARSED_WARNING=false \
	    ANSIBLE_PYTHON_INTERPRETER=auto_silent ANSIBLE_NOCOLOR=1 \
	    PATH="${AUXV%/*}:$PATH" \
	    ansible localhost -c local -m setup \
	    -a "fact_path=$T/facts.d filter=ansible_local"
	echo "$stderr"
	# Ansible's own output: "localhost | SUCCESS => {...}".  The fact,
	# parsed by Ansible, is saved as Ansible saves JSON (sorted keys).
	# A fact script that fails is a string there, not an object.
	python3 - "$output" "$AUXV" "$T/fact.json" "$T/changed.json" <<'PY'
import json, os, sys
out, auxv, save, changed = sys.argv[1:]
head, sep, body = out.partition(" => ")
assert (head, sep) == ("localhost | SUCCESS", " => "), out[:200]
fact = json.loads(body)["ansible_facts"]["ansible_local"]["auxv"]
assert isinstance(fact, dict) and fact["entries"], fact
by = {e["name"]: e for e in fact["entries"]}
# The auxv under test, exec'd by the script through PATH.
assert fact["source"] == "self", fact["source"]
assert fact["exe"] == os.path.realpath(auxv), fact["exe"]
assert by["AT_EXECFN"]["string"] == os.path.join(os.path.dirname(auxv), "auxv"), by["AT_EXECFN"]
assert by["AT_PAGESZ"]["value"] == os.sysconf("SC_PAGE_SIZE"), by["AT_PAGESZ"]
assert by["AT_UID"]["value"] == os.getuid(), by["AT_UID"]
json.dump(fact, open(save, "w"), sort_keys=True, indent=4)
# The same with another page size: --diff must tell it.
by["AT_PAGESZ"]["value"] += 4096
by["AT_PAGESZ"]["hex"] = hex(by["AT_PAGESZ"]["value"])
json.dump(fact, open(changed, "w"), sort_keys=True, indent=4)
PY
	"$AUXV" --json >"$T/self.json"
	run -0 --separate-stderr "$AUXV" --diff -f "$T/fact.json" -f "$T/self.json"
	[ -z "$output" ]
	[ -z "$stderr" ]
	run -1 --separate-stderr "$AUXV" --diff -f "$T/changed.json" -f "$T/self.json"
	[[ "$output" == *$'\nAT_PAGESZ: '* ]]
}

@test "auxv-fact.yml: ansible-playbook --syntax-check passes; it copies the auxv.fact that meson installs" {
	local T=$BATS_TEST_TMPDIR src
	command -v ansible-playbook >/dev/null ||
	    skip "ansible-playbook is not installed (Debian: ansible-core)"
	install_examples
	[ -f "$EXAMPLES/README.md" ] && [ -f "$EXAMPLES/auxv-fact.yml" ]
	# The playbook names the script where a default prefix puts it.
	src=$(sed -n 's/^ *src: //p' "$EXAMPLES/auxv-fact.yml")
	[ "$src" = /usr/local/share/doc/auxv/examples/auxv.fact ]
	# Under the default prefix, that is the file installed.
	case $EXAMPLES in "$T/dest/usr/local/"*) [ -x "$T/dest$src" ] ;; esac
	mkdir "$T/home"
	: >"$T/ansible.cfg"
	run -0 env HOME="$T/home" ANSIBLE_CONFIG="$T/ansible.cfg" \
	    ANSIBLE_LOCAL_TEMP="$T/home/tmp" ANSIBLE_NOCOLOR=1 \
	    ansible-playbook -i localhost, --syntax-check "$EXAMPLES/auxv-fact.yml"
	echo "$output"
}

@test "auxv-watch.service: runs the installed auxv --watch --json; systemd-analyze verify finds nothing" {
	local T=$BATS_TEST_TMPDIR line bin man
	command -v systemd-analyze >/dev/null ||
	    skip "systemd-analyze is not installed (Debian: systemd)"
	# A unit that can only pass, to tell a machine where verify does
	# not work (no systemd to load units with) from a bad unit.
	mkdir "$T/probe"
	printf '[Service]\nExecStart=/bin/true\n' >"$T/probe/probe.service"
	run systemd-analyze verify "$T/probe/probe.service"
	[ "$status" -eq 0 ] && [ -z "$output" ] ||
	    skip "systemd-analyze verify fails on a trivial unit: $output"
	install_examples
	[ "$(grep -c '^ExecStart=' "$EXAMPLES/auxv-watch.service")" -eq 1 ]
	line=$(grep '^ExecStart=' "$EXAMPLES/auxv-watch.service")
	bin=${line#ExecStart=}
	bin=${bin%% *}
	# The auxv that meson installed, with the arguments the recipes
	# and the man page describe.
	[ "$line" = "ExecStart=$bin --watch --json" ]
	[ -x "$T/dest$bin" ] && [ -f "$T/dest$bin" ]
	# verify wants the program to exist: the built one in its place.
	# Documentation=man:auxv(1) is looked up in the installed manual
	# where man is installed, else not at all.
	mkdir "$T/unit"
	sed "s|^ExecStart=$bin |ExecStart=$AUXV |" "$EXAMPLES/auxv-watch.service" \
	    >"$T/unit/auxv-watch.service"
	grep -qx "ExecStart=$AUXV --watch --json" "$T/unit/auxv-watch.service"
	if command -v man >/dev/null; then
		man=$(find "$T/dest" -type f -path '*/man1/auxv.1' -printf '%h\n')
		[ -n "$man" ]
		run env MANPATH="${man%/man1}" systemd-analyze verify \
		    "$T/unit/auxv-watch.service"
	else
		run systemd-analyze verify --man=no "$T/unit/auxv-watch.service"
	fi
	echo "$output"
	# A warning (an unknown key, a bad value) exits 0 too: none at all.
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "auxv-watch.service: its command line (with -C and --count 1) shows a program as it starts, one JSON object" {
	local T=$BATS_TEST_TMPDIR line w _ rc=0
	local -a argv
	need connector
	[ -n "${WITNESS:-}" ] || skip "the witness helper was not built"
	install_examples
	line=$(grep '^ExecStart=' "$EXAMPLES/auxv-watch.service")
	read -r -a argv <<<"${line#ExecStart=}"
	argv[0]=$AUXV
	# The unit's command, narrowed to the next witness: its PID and the
	# bytes at AT_RANDOM, as the witness itself read them, are the
	# oracle.
	"${argv[@]}" -C "${WITNESS##*/}" --count 1 >"$T/out" 2>"$T/err" 3>&- &
	w=$!
	for _ in $(seq 100); do
		kill -0 "$w" 2>/dev/null || break
		"$WITNESS" "$T/seen" 20 3>&-
		sleep 0.1
	done
	kill -0 "$w" 2>/dev/null && { kill "$w"; echo "no witness shown in 10 s"; false; }
	wait "$w" || rc=$?
	cat "$T/err"
	[ "$rc" -eq 0 ]
	python3 - "$T/out" "$T/seen" "$WITNESS" <<'PY'
import json, os, sys
out, seen, witness = sys.argv[1:]
lines = open(out).read().splitlines()
assert len(lines) == 1, lines
d = json.loads(lines[0])
given = {int(l.split()[0]): l.split()[1] for l in open(seen)}
assert d["pid"] in given, (d["pid"], sorted(given))
by = {e["name"]: e for e in d["entries"]}
assert by["AT_RANDOM"]["bytes"] == given[d["pid"]], (by["AT_RANDOM"], given[d["pid"]])
assert d["exe"] == os.path.realpath(witness), d["exe"]
assert "time" in d and "ppid" in d, sorted(d)
PY
}
