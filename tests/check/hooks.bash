# The bats hooks of every tests/check/*.bats file, loaded after check.bash,
# whose check_* functions they call; not probe.bats', which loads
# check.bash for its readers alone.
setup() {
	check_setup
}

teardown() {
	check_teardown
}

setup_file() {
	check_setup_file
}

teardown_file() {
	check_teardown_file
}
