import AlmanacModel
import Foundation

/// What `almanac --help`, `almanac help COMMAND` (or `almanac COMMAND --help`) and the manual
/// page say, all made from the command table (`CommandLineParser.commands`) and the settings
/// table, so an option added there is documented everywhere at once, and nothing documented
/// is an option the parser does not read.
public enum CommandHelp {
    public typealias Option = CommandLineParser.Option
    public typealias CommandSpec = CommandLineParser.CommandSpec

    static let tagline = "data files into grouped, sorted, searchable pages"
    static let exitStatus = "exit status: 0 success, 1 bad input or build error, 2 bad usage"

    /// `almanac --help`: the commands, each in a line, and where each one's options are.
    public static var overview: String {
        var lines = [
            "almanac — " + tagline,
            "",
            "usage: almanac [COMMAND] [OPTIONS]     (no command: build)",
            "       almanac --help | --version",
            "",
            "commands:",
        ]
        for command in CommandLineParser.commands {
            lines.append("  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.summary)
        }
        lines += ["", "run 'almanac help COMMAND' (or 'almanac COMMAND --help') for its options", exitStatus]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's usage and its options only.
    public static func usage(_ command: CommandSpec) -> String {
        var lines = ["usage: " + synopsis(command), "", command.summary]
        if !command.options.isEmpty {
            lines += ["", "options:"]
            for option in command.options {
                let left = spelled(option)
                lines.append("  " + left.padding(toLength: max(30, left.count), withPad: " ", startingAt: 0) + " " + option.help)
            }
        }
        lines += ["", exitStatus]
        return lines.joined(separator: "\n") + "\n"
    }

    static func synopsis(_ command: CommandSpec) -> String {
        "almanac " + command.name + (command.options.isEmpty ? "" : " [OPTIONS]") + (command.positional.map { " " + $0 } ?? "")
    }

    /// `--output DIR`, or `--detail [true|false]` for an option whose value may be left out.
    static func spelled(_ option: Option) -> String {
        option.name + (option.valueName.map { option.impliedValue == nil ? " " + $0 : " [" + $0 + "]" } ?? "")
    }

    /// The manual page, in roff (`man 7 man`): the commands with their options, and the
    /// settings of `almanac.yaml` and of a page's front matter with their defaults. Dated by
    /// nothing but the version, so the same program writes the same page.
    public static func manual(version: String) -> String {
        var page = [
            ".TH ALMANAC 1 \"\" \"almanac \(version)\" \"User Commands\"",
            ".SH NAME",
            "almanac \\- " + roff(tagline),
            ".SH SYNOPSIS",
            ".B almanac",
            "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
            ".PP",
            "With no command, \\fBalmanac\\fR builds the site in \\fIContent/\\fR into \\fIOutput/\\fR.",
            ".SH COMMANDS",
        ]
        for command in CommandLineParser.commands {
            page += [".TP", "\\fB" + roff(synopsis(command)) + "\\fR", roff(command.summary)]
        }
        page.append(".SH OPTIONS")
        for command in CommandLineParser.commands where !command.options.isEmpty {
            page.append(".SS almanac " + command.name)
            for option in command.options {
                let value = option.valueName.map { " \\fI" + roff(option.impliedValue == nil ? $0 : "[" + $0 + "]") + "\\fR" } ?? ""
                page += [".TP", "\\fB" + roff(option.name) + "\\fR" + value, roff(option.help)]
            }
        }
        page += settings("SITE SETTINGS", "In \\fIContent/almanac.yaml\\fR.", Setting.forSite)
        page += settings("PAGE SETTINGS", "In a page's front matter (and, for most, in \\fIalmanac.yaml\\fR as every page's default).", Setting.forPages)
        page += [
            ".SH EXIT STATUS",
            "0 success, 1 bad input or a build error, 2 bad usage.",
            ".SH FILES",
            ".TP", "\\fIContent/\\fR", "the site's pages, data and \\fIalmanac.yaml\\fR",
            ".TP", "\\fITemplates/\\fR", "templates and strings tables over the built-in ones",
            ".TP", "\\fIOutput/\\fR", "the built site, replaced whole by each build",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    private static func settings(_ title: String, _ where_: String, _ settings: [Setting]) -> [String] {
        var lines = [".SH " + title, where_]
        for setting in settings {
            let value = " \\fI" + roff(setting.valueName) + "\\fR"
            let fallback = setting.defaultValue.map { " (default: " + roff($0) + ")" } ?? ""
            lines += [".TP", "\\fB" + roff(setting.key) + ":\\fR" + value, roff(setting.help) + fallback]
        }
        return lines
    }

    /// Text as roff reads it literally: a backslash escaped, a hyphen a hyphen (not a
    /// breaking dash), and a line that would begin with a control character made plain.
    static func roff(_ text: String) -> String {
        var out = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
