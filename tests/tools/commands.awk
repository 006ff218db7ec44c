# commands.awk — the commands bash scripts call, read from bash's own
# rendering of each (`declare -f` of a function whose body is the script,
# as tests/tools/check.sh makes it: comments gone, one command a line),
# each after a line "\036FILE PATH". Prints "PATH<tab>KIND<tab>WORD" for
#   cmd WORD    a word in a command's place (builtins and functions too:
#               the caller tells them apart)
#   func NAME   a function the script defines
#   need WORD   a tool the script asks for with need_tools (tests/tools/need.bash)
# Quoted text is one word that is never a command, except what runs inside
# $(...); here-documents are skipped; `for` lists, `case` patterns,
# assignments and redirections are not commands; a wrapper's command is
# (exec, env, timeout, xvfb-run, setpriv, xargs, nice, nohup, setsid,
# stdbuf; `command -v X` only asks). What runs inside a string given to
# `bash -c`, `trap` or `eval` is not read. Plain awk (mawk on a minimal Debian).

# The text without quoted literals: a string becomes the word Q, and so
# does a $(...) outside quotes; what runs inside each $(...) follows the
# text on lines of its own.
function emit(s)
{
    if (ctx[d] == "C") {
        cbuf[d] = cbuf[d] s
    }
}

function lex(text,    n, i, c, c2, j, depth, delim, line, rest, extra)
{
    n = length(text)
    i = 1
    d = 1
    ctx[1] = "C"
    cbuf[1] = ""
    par[1] = 0
    delim = ""
    extra = ""
    while (i <= n) {
        c = substr(text, i, 1)
        c2 = substr(text, i, 2)
        if (ctx[d] == "C") {
            if (c == "\n" && delim != "") { # a here-document's body: up to its word
                i++
                while (i <= n) {
                    j = index(substr(text, i), "\n")
                    line = j > 0 ? substr(text, i, j - 1) : substr(text, i)
                    i += j > 0 ? j : n
                    sub(/^\t+/, "", line)
                    if (line == delim) {
                        break
                    }
                }
                delim = ""
                emit("\n")
                continue
            }
            if (c == "\\") {
                emit(substr(text, i + 1, 1) == "\n" ? " " : "Q")
                i += 2
                continue
            }
            if (c == "'") {
                j = index(substr(text, i + 1), "'")
                i += j > 0 ? j + 1 : n
                emit("Q")
                continue
            }
            if (c == "\"") {
                ctx[++d] = "D"
                i++
                continue
            }
            if (substr(text, i, 3) == "<<<") { # a here-string: its word follows
                emit("<<<")
                i += 3
                continue
            }
            if (c2 == "<<") {
                rest = substr(text, i + 2)
                sub(/^-?[ \t]*/, "", rest)
                match(rest, /^[^ \t\n;|&<>()]+/)
                delim = substr(rest, 1, RLENGTH)
                gsub(/['"\\]/, "", delim)
                emit(" ")
                i += 2
                continue
            }
        } else { # inside double quotes
            if (c == "\\") {
                i += 2
                continue
            }
            if (c == "\"") {
                d--
                emit("Q")
                i++
                continue
            }
            if (c2 != "$(" && c2 != "${") {
                i++
                continue
            }
        }
        if (c2 == "$(" && substr(text, i + 2, 1) == "(" || c2 == "((" || c2 == "${" || c2 == "[[") {
            # arithmetic, a parameter or a test: no command runs inside
            j = i + 2
            depth = 1
            while (j <= n && depth > 0) {
                c = substr(text, j, 1)
                if (c2 == "${" ? c == "{" : c2 == "[[" ? substr(text, j, 2) == "[[" : c == "(") {
                    depth++
                } else if (c2 == "${" ? c == "}" : c2 == "[[" ? substr(text, j, 2) == "]]" : c == ")") {
                    depth--
                }
                j++
            }
            if (c2 != "${") {
                j++ # the second closing character
            }
            emit(c2 == "[[" ? " [[ " : "Q")
            i = j
            continue
        }
        if (c2 == "$(") {
            ctx[++d] = "C"
            cbuf[d] = ""
            par[d] = 0
            i += 2
            continue
        }
        if (c == "(") {
            par[d]++
        } else if (c == ")") {
            if (d > 1 && par[d] == 0) { # the end of a $(...)
                extra = extra cbuf[d] "\n"
                d--
                emit("Q")
                i++
                continue
            }
            par[d]--
        }
        emit(c)
        i++
    }
    return cbuf[1] "\n" extra
}

# Splits the code into words and operators (tok[1..ntok]).
function tokens(code,    n, i, c, w, op)
{
    ntok = 0
    n = length(code)
    i = 1
    while (i <= n) {
        c = substr(code, i, 1)
        if (c == " " || c == "\t") {
            i++
            continue
        }
        if (c == "\n") {
            tok[++ntok] = ";"
            i++
            continue
        }
        if (match(substr(code, i), /^([0-9]*(>>|>&|<&|<>|>\||>|<<<|<)|&>>|&>)(&?[0-9-]+)?/)) {
            op = substr(code, i, RLENGTH)
            tok[++ntok] = op ~ /&[0-9-]+$/ ? "R&" : "R"
            i += RLENGTH
            continue
        }
        if (match(substr(code, i), /^(;;|&&|\|\||;|&|\||\(|\)|\{|\})/)) {
            tok[++ntok] = substr(code, i, RLENGTH)
            i += RLENGTH
            continue
        }
        match(substr(code, i), /^[^ \t\n;&|(){}<>]+/)
        w = substr(code, i, RLENGTH)
        tok[++ntok] = w
        i += RLENGTH
    }
}

# Options of a wrapper that take the next word, and wrappers.
BEGIN {
    wrapper["exec"] = " "
    wrapper["env"] = " -u -C -S "
    wrapper["timeout"] = " -s -k "
    wrapper["xvfb-run"] = " -e -f -n -p -s -w "
    wrapper["setpriv"] = " "
    wrapper["xargs"] = " -a -d -E -I -L -n -P -s "
    wrapper["nice"] = " -n "
    wrapper["nohup"] = " "
    wrapper["setsid"] = " "
    wrapper["stdbuf"] = " -i -o -e "
    keyword["if"] = keyword["then"] = keyword["else"] = keyword["elif"] = keyword["fi"] = 1
    keyword["do"] = keyword["done"] = keyword["while"] = keyword["until"] = keyword["!"] = 1
    keyword["time"] = keyword["{"] = keyword["}"] = keyword["[["] = 1
}

function say(kind, word)
{
    print file "\t" kind "\t" word
}

# The commands of the script read so far (text), said as file's.
function script(    k, t, start, skip, pattern, target, wrapped)
{
    tokens(lex(text))
    start = 1    # a command may start here
    skip = 0     # words up to the next operator are not commands (for, select, need)
    pattern = 0  # in a case's patterns, up to ")"
    target = 0   # the next word is a redirection's target
    wrapped = "" # the wrapper whose options are being passed
    for (k = 1; k <= ntok; k++) {
        t = tok[k]
        if (t == "R" || t == "R&") {
            target = t == "R"
            continue
        }
        if (target) {
            target = 0
            continue
        }
        if (t == ";;") {
            pattern = 1
            start = 1
            continue
        }
        if (t ~ /^(;|&&|\|\||&|\||\(|\)|\{|\})$/) {
            if (t == ")" && pattern) {
                pattern = 0
            } else if (t == "(" && k > 1 && tok[k - 1] !~ /^(;|&&|\|\||&|\||\(|\)|\{|\}|;;)$/ &&
                       tok[k + 1] == ")") {
                k++ # a function's "()"
                continue
            }
            if (t != "|" || !pattern) {
                start = 1
                skip = 0
                wrapped = ""
            }
            continue
        }
        if (t == "esac" && (start || pattern)) {
            pattern = 0
            start = 0
            continue
        }
        if (pattern || skip) {
            if (skip == 2) {
                say("need", t)
            }
            continue
        }
        if (wrapped != "") {
            if (t ~ /^-/) {
                if (index(wrapper[wrapped], " " t " ")) {
                    k++
                }
                continue
            }
            if (t ~ /^[A-Za-z_][A-Za-z0-9_]*=/ || wrapped == "timeout" && t ~ /^[0-9.]+[smhd]?$/) {
                if (wrapped == "timeout") {
                    wrapped = "-"
                }
                continue
            }
            wrapped = ""
            start = 1
        }
        if (t ~ /^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=$/ && tok[k + 1] == "(") {
            for (k++; k <= ntok && tok[k] != ")"; k++) {} # an array's words
            continue
        }
        if (!start) {
            continue
        }
        if (t ~ /^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=/) {
            continue # an assignment before the command
        }
        if (t in keyword) {
            continue
        }
        start = 0
        if (t == "for" || t == "select") {
            skip = 1
        } else if (t == "case") {
            skip = 1 # the word, then "in"
            for (k++; k <= ntok && tok[k] != "in"; k++) {}
            pattern = 1
            skip = 0
        } else if (t == "function") {
            say("func", tok[++k])
            if (tok[k + 1] == "(" && tok[k + 2] == ")") {
                k += 2
            }
            start = 1
        } else if (t == "command" && tok[k + 1] ~ /^-[vV]$/) {
            skip = 1
        } else if (t == "command" || t == "builtin") {
            start = 1
        } else {
            say("cmd", t)
            if (t in wrapper) {
                wrapped = t == "timeout" ? "timeout" : t
            } else if (t == "need_tools") {
                skip = 2
            }
        }
    }
}

/^\036FILE / {
    if (file != "") {
        script()
    }
    file = substr($0, 7)
    text = ""
    next
}

{ text = text $0 "\n" }

END {
    if (file != "") {
        script()
    }
}
