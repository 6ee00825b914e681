# Stress cases (long inputs, thousands of runs, waits) are tagged
# "# bats test_tags=stress" and run only in the stress suite, which sets
# AUXV_STRESS: `meson test -C build --setup full`.
stress_only() {
	[ -n "${AUXV_STRESS:-}" ] ||
	    skip "stress case: meson test -C build --setup full"
}
