# bash completion for auxv(1)
_auxv()
{
	local cur prev
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	case $prev in
	-o | --format)
		COMPREPLY=($(compgen -W 'human od json raw' -- "$cur"))
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
		COMPREPLY=($(compgen -W 'x86_64 x32 i386 aarch64 aarch64_be arm ppc64 ppc64le ppc s390x s390 riscv64 riscv32 loongarch64 mips mips64 sparc64 sparc m68k alpha sh parisc parisc64 ia64' -- "$cur"))
		return ;;
	-k | --key)
		COMPREPLY=($(compgen -W 'AT_PHDR AT_PHENT AT_PHNUM AT_PAGESZ AT_BASE AT_FLAGS AT_ENTRY AT_UID AT_EUID AT_GID AT_EGID AT_PLATFORM AT_HWCAP AT_CLKTCK AT_SECURE AT_BASE_PLATFORM AT_RANDOM AT_HWCAP2 AT_HWCAP3 AT_HWCAP4 AT_EXECFN AT_SYSINFO_EHDR AT_MINSIGSTKSZ AT_RSEQ_FEATURE_SIZE AT_RSEQ_ALIGN' -- "$cur"))
		return ;;
	-e | --exec)
		COMPREPLY=($(compgen -c -- "$cur"))
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W '-a --all -e --exec -f --file -o --format --json --od -k --key --value -v --verbose --arch --word-size --endian -h --help --version' -- "$cur"))
	else
		COMPREPLY=($(compgen -W "$(ls /proc | grep '^[0-9]')" -- "$cur"))
	fi
}
complete -F _auxv auxv
