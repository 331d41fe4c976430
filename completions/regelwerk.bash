# bash completion for regelwerk                                -*- shell-script -*-
#
# Installed by `make install` into share/bash-completion/completions/regelwerk.
# The options are read from the tool's own --help (so they cannot drift from
# it), the games from `regelwerk list`, the languages from its "lang" lines.

_regelwerk_games()
{
    "$1" ${2:+--content "$2"} list 2>/dev/null | awk '/^[a-z0-9]/ { print $1 }'
}

_regelwerk_langs()
{
    "$1" ${2:+--content "$2"} list 2>/dev/null | awk '$1 == "lang" { print $2 }' | sort -u
}

_regelwerk_options()
{
    # every --long option and -x short option the help text names
    "$@" --help 2>/dev/null | grep -oE '(^|[ [,|(])--?[a-zA-Z][a-z-]*' | sed 's/^[^-]*//' | sort -u
}

_regelwerk()
{
    local cur prev words cword
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion -s || return
    else
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    fi
    local tool=${words[0]} content="" cmd="" verb="" i
    local commands="list check build simulate facts i18n hyphenate new"

    # the command: the first word that is not a global option or its value
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --content) content=${words[i + 1]}; ((i++)) ;;
            --content=*) content=${words[i]#--content=} ;;
            -*) ;;
            *) if [[ -z $cmd ]]; then cmd=${words[i]}; elif [[ $cmd == i18n && -z $verb ]]; then verb=${words[i]}; fi ;;
        esac
    done

    # values of options
    case $prev in
        --content | -o | --output | --dot)
            COMPREPLY=($(compgen -d -- "$cur"))
            return ;;
        --lang | --to)
            COMPREPLY=($(compgen -W "$(_regelwerk_langs "$tool" "$content")" -- "$cur"))
            return ;;
        --color)
            COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
            return ;;
        --format)
            case $cmd in
                check) COMPREPLY=($(compgen -W "text json sarif junit" -- "$cur")) ;;
                build) COMPREPLY=($(compgen -W "pdf png svg" -- "$cur")) ;;
                i18n) COMPREPLY=($(compgen -W "po xliff text json" -- "$cur")) ;;
                *) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
            esac
            return ;;
        --report) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
        --only) COMPREPLY=($(compgen -W "sheet cards flow" -- "$cur")); return ;;
        --paper) COMPREPLY=($(compgen -W "a4 letter" -- "$cur")); return ;;
        --device) COMPREPLY=($(compgen -W "cairo haru trace" -- "$cur")); return ;;
        --layout) COMPREPLY=($(compgen -W "home shop" -- "$cur")); return ;;
        --duplex) COMPREPLY=($(compgen -W "long short" -- "$cur")); return ;;
        --card-size) COMPREPLY=($(compgen -W "poker bridge mini tarot" -- "$cur")); return ;;
        --examples)
            COMPREPLY=($(compgen -f -X '!*.xml' -- "$cur") $(compgen -d -- "$cur"))
            return ;;
        --pages | --seed | --rounds | --dpi | --back-offset | --title | --flow) return ;;
    esac

    if [[ -z $cmd ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$(_regelwerk_options "$tool")" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        fi
        return
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_regelwerk_options "$tool" "$cmd")" -- "$cur"))
        return
    fi
    case $cmd in
        check | build | facts)
            COMPREPLY=($(compgen -W "$(_regelwerk_games "$tool" "$content")" -- "$cur")) ;;
        simulate)
            COMPREPLY=($(compgen -W "$(_regelwerk_games "$tool" "$content")" -- "$cur") $(compgen -f -- "$cur")) ;;
        i18n)
            if [[ -z $verb ]]; then
                COMPREPLY=($(compgen -W "export import update status" -- "$cur"))
            else
                COMPREPLY=($(compgen -W "$(_regelwerk_games "$tool" "$content")" -- "$cur"))
                [[ $verb == import ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            fi ;;
    esac
} && complete -F _regelwerk regelwerk
