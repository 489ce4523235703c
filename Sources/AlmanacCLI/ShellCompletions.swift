import Foundation

/// `almanac completions bash|zsh|fish`: completion scripts written from the command table
/// (`CommandLineParser.commands`), so every command and option the parser reads is offered,
/// and what follows an option is what it takes: a folder after `--output`, a file after
/// `--page`, `file` or `folder` after `--label-by`.
public enum ShellCompletions {
    public static let shells = ["bash", "zsh", "fish"]

    public typealias Option = CommandLineParser.Option
    public typealias CommandSpec = CommandLineParser.CommandSpec

    /// What a shell offers for an option's value or a command's arguments.
    enum Offer: Equatable {
        case files, folders, words([String]), anything
    }

    /// The offer for a value called `name` (`DIR`, `PAGE.md`, `file|folder`, `N`).
    static func offer(forValue name: String, words: [String] = []) -> Offer {
        if !words.isEmpty { return .words(words) }
        if name == "DIR" || name == "[DIR]" { return .folders }
        if name.contains("FILE") || name.hasSuffix(".md") { return .files }
        let choices = name.split(separator: "|").map(String.init)
        if choices.count > 1 && choices.allSatisfy({ $0 == $0.lowercased() && !$0.isEmpty }) { return .words(choices) }
        return .anything
    }

    /// What the command's positional arguments are.
    static func offer(forArguments command: CommandSpec) -> Offer? {
        guard let positional = command.positional else { return nil }
        switch command.name {
        case "completions": return .words(shells)
        case "help": return .words(CommandLineParser.commands.map(\.name))
        default: return offer(forValue: positional.split(separator: " ").first.map(String.init) ?? positional)
        }
    }

    static func offer(for option: Option) -> Offer? {
        guard let value = option.valueName else { return nil }
        return offer(forValue: value, words: option.words)
    }

    public static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    // MARK: bash

    static var bash: String {
        let commands = CommandLineParser.commands
        var lines = [
            "# bash completion for almanac, written by `almanac completions bash`.",
            "_almanac() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    if [[ $COMP_CWORD -eq 1 ]]; then",
            "        COMPREPLY=($(compgen -W \"" + commands.map(\.name).joined(separator: " ") + " --help --version\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    local command=${COMP_WORDS[1]}",
            "    case \"$command $prev\" in",
        ]
        for command in commands {
            for option in command.options {
                guard let offer = offer(for: option) else { continue }
                // A value that may be left out is offered only where no option is being typed.
                let guarded = option.impliedValue != nil
                let reply = bashReply(offer)
                let body = guarded ? "if [[ $cur != -* ]]; then \(reply); return; fi" : "\(reply); return"
                lines.append("        \"\(command.name) \(option.name)\") \(body) ;;")
            }
        }
        lines += ["    esac", "    if [[ $cur == -* ]]; then", "        case \"$command\" in"]
        for command in commands {
            let names = (command.options.map(\.name) + ["--help"]).joined(separator: " ")
            lines.append("            \(command.name)) COMPREPLY=($(compgen -W \"\(names)\" -- \"$cur\")) ;;")
        }
        lines += ["        esac", "        return", "    fi", "    case \"$command\" in"]
        for command in commands {
            guard let offer = offer(forArguments: command) else { continue }
            lines.append("        \(command.name)) \(bashReply(offer)) ;;")
        }
        lines += ["    esac", "}", "complete -o filenames -F _almanac almanac"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func bashReply(_ offer: Offer) -> String {
        switch offer {
        case .files: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .folders: return "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .words(let words): return "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        case .anything: return "COMPREPLY=()"
        }
    }

    // MARK: zsh

    static var zsh: String {
        let commands = CommandLineParser.commands
        var lines = [
            "#compdef almanac",
            "# zsh completion for almanac, written by `almanac completions zsh`.",
            "_almanac() {",
            "    local -a commands",
            "    commands=(",
        ]
        for command in commands { lines.append("        " + zshQuoted(command.name + ":" + command.summary)) }
        lines += [
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe -t commands 'almanac command' commands",
            "        return",
            "    fi",
            "    local command=$words[2]",
            "    shift words",
            "    (( CURRENT-- ))",
            "    case $command in",
        ]
        for command in commands {
            var specs = command.options.map { option -> String in
                let description = "[" + zshBracketed(option.help) + "]"
                guard let offer = offer(for: option) else { return zshQuoted("*" + option.name + description) }
                let value = (option.impliedValue != nil ? "::" : ":") + zshMessage(option.valueName ?? "") + ":" + zshAction(offer)
                return zshQuoted("*" + option.name + description + value)
            }
            specs.append(zshQuoted("--help[print this command's usage and options]"))
            if let offer = offer(forArguments: command) {
                let name = zshMessage(command.positional ?? "")
                specs.append(zshQuoted((command.positional?.contains("...") == true ? "*:" : "1:") + name + ":" + zshAction(offer)))
            }
            lines.append("        \(command.name)) _arguments -S \\")
            lines += specs.enumerated().map { "            " + $0.element + ($0.offset == specs.count - 1 ? " ;;" : " \\") }
        }
        lines += ["    esac", "}", "_almanac \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshAction(_ offer: Offer) -> String {
        switch offer {
        case .files: return "_files"
        case .folders: return "_files -/"
        case .words(let words): return "(" + words.joined(separator: " ") + ")"
        case .anything: return " "
        }
    }

    /// In single quotes, as the shell reads it.
    private static func zshQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Inside `[…]` of an `_arguments` spec, where a bracket or a colon would end it.
    private static func zshBracketed(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
    }

    private static func zshMessage(_ text: String) -> String { text.replacingOccurrences(of: ":", with: "\\:") }

    // MARK: fish

    static var fish: String {
        let commands = CommandLineParser.commands
        var lines = [
            "# fish completion for almanac, written by `almanac completions fish`.",
            "complete -c almanac -f",
            "complete -c almanac -n __fish_use_subcommand -l help -d " + fishQuoted("print the commands"),
            "complete -c almanac -n __fish_use_subcommand -l version -d " + fishQuoted("print the version"),
        ]
        for command in commands {
            lines.append("complete -c almanac -n __fish_use_subcommand -a \(command.name) -d " + fishQuoted(command.summary))
        }
        for command in commands {
            let when = "-n " + fishQuoted("__fish_seen_subcommand_from " + command.name)
            for option in command.options + [Option.flag("--help", "print this command's usage and options")] {
                var line = "complete -c almanac \(when) -l " + String(option.name.dropFirst(2))
                if let offer = offer(for: option) {
                    line += (option.impliedValue == nil ? " -r" : "") + fishArguments(offer)
                }
                lines.append(line + " -d " + fishQuoted(option.help))
            }
            if let offer = offer(forArguments: command) { lines.append("complete -c almanac \(when)" + fishArguments(offer)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishArguments(_ offer: Offer) -> String {
        switch offer {
        case .files: return " -F"
        case .folders: return " -a " + fishQuoted("(__fish_complete_directories)")
        case .words(let words): return " -a " + fishQuoted(words.joined(separator: " "))
        case .anything: return ""
        }
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
