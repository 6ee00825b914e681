# bash completion for auxv(1)
_auxv()
{
	local cur prev
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	case $prev in
	-o | --format)
		COMPREPLY=($(compgen -W 'human od json raw table' -- "$cur"))
		return ;;
	-f | --file)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	--word-size)
		COMPREPLY=($(compgen -W '4 8' -- "$cur"))
		return ;;
	--endian)
		COMPREPLY=($(compgen -W 'little big' -- "$cur"))
		return ;;
	--arch)
		COMPREPLY=($(compgen -W 'x86_64 x32 i386 aarch64 aarch64_be arm ppc64le ppc64 ppc s390x s390 riscv64 riscv32 loongarch64 loongarch32 mips64 mips sparc64 sparc m68k alpha sh parisc64 parisc ia64 microblaze or1k csky arc xtensa hexagon nios2' -- "$cur"))
		return ;;
	-k | --key)
		COMPREPLY=($(compgen -W 'AT_IGNORE AT_EXECFD AT_PHDR AT_PHENT AT_PHNUM AT_PAGESZ AT_BASE AT_FLAGS AT_ENTRY AT_NOTELF AT_UID AT_EUID AT_GID AT_EGID AT_PLATFORM AT_HWCAP AT_CLKTCK AT_FPUCW AT_DCACHEBSIZE AT_ICACHEBSIZE AT_UCACHEBSIZE AT_IGNOREPPC AT_SECURE AT_BASE_PLATFORM AT_RANDOM AT_HWCAP2 AT_RSEQ_FEATURE_SIZE AT_RSEQ_ALIGN AT_HWCAP3 AT_HWCAP4 AT_EXECFN AT_SYSINFO AT_SYSINFO_EHDR AT_L1I_CACHESHAPE AT_L1D_CACHESHAPE AT_L2_CACHESHAPE AT_L3_CACHESHAPE AT_L1I_CACHESIZE AT_L1I_CACHEGEOMETRY AT_L1D_CACHESIZE AT_L1D_CACHEGEOMETRY AT_L2_CACHESIZE AT_L2_CACHEGEOMETRY AT_L3_CACHESIZE AT_L3_CACHEGEOMETRY AT_ADI_BLKSZ AT_ADI_NBITS AT_ADI_UEONADI AT_MINSIGSTKSZ' -- "$cur"))
		return ;;
	-C)
		COMPREPLY=($(compgen -W "$(cat /proc/[0-9]*/comm 2>/dev/null | sort -u)" -- "$cur"))
		return ;;
	-e | --exec)
		COMPREPLY=($(compgen -c -- "$cur"))
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W '-a --all -C -w --watch --count -e --exec -f --file -o --format --json --od -k --key --value -v --verbose --diff --diff-all --check --pid --arch --word-size --endian -h --help --version' -- "$cur"))
	else
		COMPREPLY=($(compgen -W "$(ls /proc | grep '^[0-9]')" -- "$cur"))
	fi
}
complete -F _auxv auxv
