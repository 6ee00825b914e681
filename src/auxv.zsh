#compdef auxv
# zsh completion for auxv(1).  The format, key and architecture lists
# are written by src/gentables.py from print.c, at.def and arch.c, as
# the bash completion's are; the option specs are kept by hand and a
# test holds them to --help.

local -a formats keys arches
local i w
formats=(human od json raw table)
keys=(AT_IGNORE AT_EXECFD AT_PHDR AT_PHENT AT_PHNUM AT_PAGESZ AT_BASE AT_FLAGS AT_ENTRY AT_NOTELF AT_UID AT_EUID AT_GID AT_EGID AT_PLATFORM AT_HWCAP AT_CLKTCK AT_FPUCW AT_DCACHEBSIZE AT_ICACHEBSIZE AT_UCACHEBSIZE AT_IGNOREPPC AT_SECURE AT_BASE_PLATFORM AT_RANDOM AT_HWCAP2 AT_RSEQ_FEATURE_SIZE AT_RSEQ_ALIGN AT_HWCAP3 AT_HWCAP4 AT_EXECFN AT_SYSINFO AT_SYSINFO_EHDR AT_L1I_CACHESHAPE AT_L1D_CACHESHAPE AT_L2_CACHESHAPE AT_L3_CACHESHAPE AT_L1I_CACHESIZE AT_L1I_CACHEGEOMETRY AT_L1D_CACHESIZE AT_L1D_CACHEGEOMETRY AT_L2_CACHESIZE AT_L2_CACHEGEOMETRY AT_L3_CACHESIZE AT_L3_CACHEGEOMETRY AT_ADI_BLKSZ AT_ADI_NBITS AT_ADI_UEONADI AT_MINSIGSTKSZ)
arches=(x86_64 x32 i386 aarch64 aarch64_be arm ppc64le ppc64 ppc s390x s390 riscv64 riscv32 loongarch64 loongarch32 mips64 mips sparc64 sparc m68k alpha sh parisc64 parisc ia64 microblaze or1k csky arc xtensa hexagon nios2)

# The processes that have a vector, into the caller's arrays pids and
# comms: a kernel thread has none, told as auxv tells it, by PF_KTHREAD
# (0x00200000) in the flags of /proc/PID/stat, the seventh field after
# the comm, which may hold spaces and parentheses.
(( $+functions[_auxv_procs] )) ||
_auxv_procs() {
	local d stat
	local -a f
	pids=() comms=()
	for d in /proc/<->(N); do
		{ stat=$(<$d/stat) } 2>/dev/null || continue
		f=(${=stat##*\) })
		[[ $f[7] == <-> ]] && (( ! (f[7] & 0x00200000) )) || continue
		pids+=(${d#/proc/})
		stat=${stat#*\(}
		comms+=("${stat%\) *}")
	done
}

# Operands: self, the PIDs of processes with a vector (described by
# their comm) and, for --diff, -f: its sources are files as often.
(( $+functions[_auxv_sources] )) ||
_auxv_sources() {
	local -a pids comms descr me
	local i
	_auxv_procs
	for (( i = 1; i <= $#pids; i++ )); do
		descr+=("$pids[i]:${comms[i]//:/\\:}")
	done
	me=('self:auxv itself')
	_describe -t sources source me "$@"
	_describe -t processes 'process ID' descr "$@"
	(( $words[(I)--diff(|-all)] )) && [[ -z $PREFIX ]] &&
	    compadd "$@" -- -f
}

(( $+functions[_auxv_names] )) ||
_auxv_names() {
	local -a pids comms
	_auxv_procs
	comms=(${(u)comms})
	compadd "$@" -a comms
}

# Keys as auxv takes them: in any case, with or without AT_, offered in
# the case of what is typed (-k pag: pagesz).
(( $+functions[_auxv_keys] )) ||
_auxv_keys() {
	local -a w
	w=($keys)
	if [[ -n $PREFIX ]]; then
		w+=(${keys#AT_})
		[[ $PREFIX == *[a-z]* ]] && w=(${(L)w})
	fi
	compadd "$@" -M 'm:{a-zA-Z}={A-Za-z}' -a w
}

# The words before this one: option arguments passed over, and option
# parsing stops at the word after -e, COMMAND, whose own completion
# takes over from there, as after any precommand.
for (( i = 2; i < CURRENT; i++ )); do
	w=$words[i]
	case $w in
	(--) break ;;
	(-[Cfok]|--(count|pid|arch|word-size|endian|file|format|key)) (( i++ )) ;;
	(--exec|-[ahvw]#e[aehvw]#)
		shift i words
		(( CURRENT -= i ))
		_normal
		return ;;
	esac
done

_arguments -s -S \
	'(-a --all)'{-a,--all}'[every process in /proc]' \
	'*-C+[every process of these names]:process name:_sequence _auxv_names' \
	'(-w --watch)'{-w,--watch}'[every program as it starts, until interrupted]' \
	'--count=[with -w: stop after N programs shown]:number of programs' \
	'(-e --exec)'{-e,--exec}'[the vector COMMAND receives]' \
	'(-f --file)'{-f+,--file=}'[a raw vector, an ELF core dump or JSON]:file:_files' \
	'--pid=[the object of PID in a JSON Lines -f file]:process ID' \
	'(-o --format --json --od)'{-o+,--format=}'[output format]:format:compadd -a formats' \
	'(-o --format --json --od)--json[same as -o json]' \
	'(-o --format --json --od)--od[same as -o od]' \
	'*'{-k+,--key=}'[only these types]:key:_sequence _auxv_keys' \
	'--value[only the value of each kept entry]' \
	'(-v --verbose)'{-v,--verbose}'[describe each type]' \
	'--diff[only what differs between two sources]' \
	'--diff-all[as --diff, addresses and random bytes too]' \
	'--check[hold each vector to its process and the kernel'"'"'s rules]' \
	'--arch=[HWCAP tables and AT_ names of ARCH]:architecture:compadd -a arches' \
	'--word-size=[word size of a raw file]:word size:(4 8)' \
	'--endian=[byte order of a raw file]:byte order:(little big)' \
	'(- *)'{-h,--help}'[show the help]' \
	'(- *)--version[show the version]' \
	'*:source:_auxv_sources'
