# bash completion for auxv(1).  The format, architecture and key lists
# in _auxv are written by src/gentables.py from print.c, arch.c and
# at.def, as the zsh completion's are.

# The processes that have a vector, into the caller's arrays pids and
# comms: a kernel thread has none, told as auxv tells it, by PF_KTHREAD
# (0x00200000) in the flags of /proc/PID/stat, the seventh field after
# the comm, which may hold spaces and parentheses.
_auxv_procs()
{
	local d stat f
	pids=() comms=()
	for d in /proc/[0-9]*; do
		{ read -r stat <"$d/stat"; } 2>/dev/null || continue
		f=(${stat##*) })
		[[ ${f[6]} =~ ^[0-9]+$ ]] || continue
		((f[6] & 0x00200000)) && continue
		pids+=("${d#/proc/}")
		stat=${stat#*(}
		comms+=("${stat%) *}")
	done
}

# Into COMPREPLY, the words of a comma list (-k, -C) that complete its
# last element in cur: the elements before it are kept as typed.
# Without -i the words match as typed; with it in any case, and a word
# is offered in the case of what is typed (-k pag: pagesz).
_auxv_list()
{
	local fold='' head='' last=$cur w q
	if [[ $1 == -i ]]; then
		fold=1
		shift
	fi
	if [[ $cur == *,* ]]; then
		head=${cur%,*},
		last=${cur##*,}
	fi
	for w; do
		if [[ $fold ]]; then
			[[ ${w,,} == "${last,,}"* ]] || continue
			[[ $last == *[a-z]* ]] && w=${w,,}
		fi
		printf -v q %q "$w"
		[[ -n $fold || $q == "$last"* ]] && COMPREPLY+=("$head$q")
	done
}

# After -e COMMAND: COMMAND's own completion for its arguments, from
# word $1 on, as bash-completion's _command_offset gives it; without
# bash-completion, a completion function defined for COMMAND, else file
# names.
_auxv_command()
{
	local i j spec fn
	if declare -F _command_offset >/dev/null; then
		_command_offset "$1"
		return
	fi
	if ((COMP_CWORD == $1)); then
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -c -- "$cur"
		    [[ $cur == */* ]] && compgen -f -- "$cur")
		return
	fi
	spec=$(complete -p -- "${COMP_WORDS[$1]}" 2>/dev/null)
	if [[ $spec != *" -F "* ]]; then
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return
	fi
	fn=${spec#* -F }
	fn=${fn%% *}
	[[ $spec == *"-o filenames"* ]] && compopt -o filenames 2>/dev/null
	# The line from COMMAND on, as bash would give it to fn.
	for ((i = 0; i < $1; i++)); do
		for ((j = 0; j <= ${#COMP_LINE}; j++)); do
			[[ $COMP_LINE == "${COMP_WORDS[i]}"* ]] && break
			COMP_LINE=${COMP_LINE:1}
			((COMP_POINT--))
		done
		COMP_LINE=${COMP_LINE#"${COMP_WORDS[i]}"}
		((COMP_POINT -= ${#COMP_WORDS[i]}))
	done
	COMP_WORDS=("${COMP_WORDS[@]:$1}")
	((COMP_CWORD -= $1))
	"$fn" "${COMP_WORDS[0]}" "$cur" "${COMP_WORDS[COMP_CWORD - 1]}"
}

_auxv()
{
	local formats='human od json raw table'
	local arches='x86_64 x32 i386 aarch64 aarch64_be arm ppc64le ppc64 ppc s390x s390 riscv64 riscv32 loongarch64 loongarch32 mips64 mips sparc64 sparc m68k alpha sh parisc64 parisc ia64 microblaze or1k csky arc xtensa hexagon nios2'
	local keys='AT_IGNORE AT_EXECFD AT_PHDR AT_PHENT AT_PHNUM AT_PAGESZ AT_BASE AT_FLAGS AT_ENTRY AT_NOTELF AT_UID AT_EUID AT_GID AT_EGID AT_PLATFORM AT_HWCAP AT_CLKTCK AT_FPUCW AT_DCACHEBSIZE AT_ICACHEBSIZE AT_UCACHEBSIZE AT_IGNOREPPC AT_SECURE AT_BASE_PLATFORM AT_RANDOM AT_HWCAP2 AT_RSEQ_FEATURE_SIZE AT_RSEQ_ALIGN AT_HWCAP3 AT_HWCAP4 AT_EXECFN AT_SYSINFO AT_SYSINFO_EHDR AT_L1I_CACHESHAPE AT_L1D_CACHESHAPE AT_L2_CACHESHAPE AT_L3_CACHESHAPE AT_L1I_CACHESIZE AT_L1I_CACHEGEOMETRY AT_L1D_CACHESIZE AT_L1D_CACHEGEOMETRY AT_L2_CACHESIZE AT_L2_CACHEGEOMETRY AT_L3_CACHESIZE AT_L3_CACHEGEOMETRY AT_ADI_BLKSZ AT_ADI_NBITS AT_ADI_UEONADI AT_MINSIGSTKSZ'
	local cur prev pre='' i w diff='' k pids comms
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}

	# The words before this one: option arguments passed over, and
	# option parsing stops at the word after -e, COMMAND.
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		--)
			break ;;
		--diff | --diff-all)
			diff=1 ;;
		-[Cfok] | --count | --pid | --arch | --word-size | --endian | \
		    --file | --format | --key)
			[[ ${COMP_WORDS[i + 1]} == = ]] && ((i++))
			((i++)) ;;
		--exec)
			_auxv_command $((i + 1))
			return ;;
		-*)
			# -e, alone or among flags (-ae).
			if [[ $w =~ ^-[ahvw]*e[aehvw]*$ ]]; then
				_auxv_command $((i + 1))
				return
			fi ;;
		esac
	done
	w=()

	# --key=VALUE: bash splits at "=" where COMP_WORDBREAKS holds it,
	# else the word is whole and each answer repeats "--key=".
	if [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == = && $prev == --* ]]; then
		cur=
	elif [[ $cur == --*=* ]]; then
		prev=${cur%%=*}
		pre=$prev=
		cur=${cur#*=}
	fi

	case $prev in
	-o | --format)
		COMPREPLY=($(compgen -W "$formats" -- "$cur")) ;;
	-f | --file)
		# One file a line, never split at its spaces; readline
		# quotes what it inserts.
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
	--word-size)
		COMPREPLY=($(compgen -W '4 8' -- "$cur")) ;;
	--endian)
		COMPREPLY=($(compgen -W 'little big' -- "$cur")) ;;
	--arch)
		COMPREPLY=($(compgen -W "$arches" -- "$cur")) ;;
	-k | --key)
		# As auxv takes keys: in any case, with or without AT_.
		if [[ ${cur##*,} ]]; then
			for k in $keys; do
				w+=("$k" "${k#AT_}")
			done
			_auxv_list -i "${w[@]}"
		else
			_auxv_list $keys
		fi ;;
	-C)
		_auxv_procs
		mapfile -t comms < <(printf '%s\n' "${comms[@]}" | sort -u)
		_auxv_list "${comms[@]}" ;;
	--count)
		;;
	*)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '-a --all -C -w --watch --count -e --exec -f --file -o --format --json --od -k --key --value -v --verbose --diff --diff-all --check --pid --arch --word-size --endian -h --help --version' -- "$cur"))
		else
			_auxv_procs
			COMPREPLY=($(compgen -W "self ${pids[*]}" -- "$cur"))
			# --diff's sources are files as often as processes.
			[[ $diff && -z $cur ]] && COMPREPLY+=(-f)
		fi ;;
	esac
	[[ $pre ]] && COMPREPLY=("${COMPREPLY[@]/#/$pre}")
	return 0
}
complete -F _auxv auxv
