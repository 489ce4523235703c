import AlmanacCore
import AlmanacModel

/// Reads argv into a command. Each command declares its options in a table (name, whether it
/// takes a value, help text), and one small loop reads them all, so adding an option is one line;
/// `render`'s page settings come from the settings table (`Setting.all`).
public struct CommandLineParser {
    public struct Option: Sendable {
        public let name: String
        public let valueName: String?
        public let help: String
        /// What the option means given alone (`--detail` is `--detail true`), for an option
        /// whose value may be left out; nil where a value must follow.
        public var impliedValue: String?
        /// The values that may follow an option that can stand alone; anything else after it
        /// is the next argument.
        public var words: [String] = []

        static func flag(_ name: String, _ help: String) -> Option { Option(name: name, valueName: nil, help: help) }
        static func value(_ name: String, _ valueName: String, _ help: String) -> Option { Option(name: name, valueName: valueName, help: help) }

        /// A page setting's `render` option, or nil for a setting the command line gives
        /// another way.
        static func setting(_ setting: Setting) -> Option? {
            guard let name = setting.option else { return nil }
            let help = setting.help + (setting.defaultValue.map { " (default: \($0))" } ?? "")
            var option = Option(name: name, valueName: setting.valueName, help: help)
            if setting.optionStandsAlone {
                option.impliedValue = "true"
                if case .choice(let words) = setting.kind { option.words = words } else { option.words = ["true", "false"] }
            }
            return option
        }
    }

    public struct CommandSpec: Sendable {
        public let name: String
        public let summary: String
        public let positional: String?
        public let options: [Option]
    }

    /// A command line read against its table: options by name, and positional arguments.
    public struct Parsed: Sendable, Equatable {
        public let command: String
        public var values: [String: String] = [:]
        public var flags: Set<String> = []
        public var positional: [String] = []
        /// Every value of an option given more than once (`--where a=1 --where b=2`).
        public var repeated: [String: [String]] = [:]
    }

    /// What is wrong with a command line, each kind with its own words; every one exits 2
    /// (`ExitStatus(for:)`).
    public enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
        case unknownCommand(String, suggestion: String?)
        case unknownOption(String, command: String, suggestion: String?)
        case missingValue(option: String, valueName: String)
        case unexpectedValue(option: String)
        case unexpectedArgument(String, command: String)
        case missingArgument(String, command: String)
        case tooManyArguments(String, command: String)
        /// An option's value that is not one it takes (`--port x`, `--format pdf`).
        case invalidValue(option: String, value: String, expected: String)

        public var message: String {
            let suggested = { (word: String?) in word.map { "; did you mean '\($0)'?" } ?? "" }
            switch self {
            case .unknownCommand(let name, let suggestion): return "unknown command '\(name)'" + suggested(suggestion)
            case .unknownOption(let name, let command, let suggestion): return "unknown option '\(name)' for '\(command)'" + suggested(suggestion)
            case .missingValue(let option, let valueName): return "'\(option)' needs a value (\(valueName))"
            case .unexpectedValue(let option): return "'\(option)' takes no value"
            case .unexpectedArgument(let argument, let command): return "unexpected argument '\(argument)' for '\(command)'"
            case .missingArgument(let name, let command): return "'\(command)' needs \(name)"
            case .tooManyArguments(let name, let command): return "'\(command)' takes one \(name)"
            case .invalidValue(let option, let value, _): return "\(option) \(value): not a value it takes"
            }
        }

        public var hint: String {
            switch self {
            case .invalidValue(_, _, let expected): return expected
            case .unknownOption(_, let command, _), .unexpectedArgument(_, let command),
                 .missingArgument(_, let command), .tooManyArguments(_, let command):
                return "run 'almanac help \(command)' for its options"
            case .unknownCommand, .missingValue, .unexpectedValue: return "run 'almanac --help' for usage"
            }
        }

        public var description: String { message }
    }

    /// What `--quiet` keeps: a warning is printed on every build until its input is fixed.
    static let quietHelp = "print only warnings and errors: no progress, no summary"

    static let siteOptions: [Option] = [
        .value("--content", "DIR", "the site's pages and data (default: Content)"),
        .value("--templates", "DIR", "templates that override the built-in ones (default: Templates)"),
        .value("--locale", "ID", "collation for sorting and index letters (default: en)"),
        .flag("--strict", "treat warnings as errors"),
    ]

    static let editOptions: [Option] = [
        .value("--page", "PAGE.md", "the page that uses the file (default: the page in Content/ whose data: it is)"),
        .value("--columns", "A,B", "a keyed file's list positions, when no page names them"),
        .value("--content", "DIR", "where to look for the page (default: Content)"),
        .flag("--dry-run", "print what would change as a diff, and change nothing"),
        .flag("--strict", "treat warnings as errors: change nothing when the site would not build with the file"),
        .flag("--quiet", quietHelp),
    ]

    public static let commands: [CommandSpec] = [
        CommandSpec(
            name: "build", summary: "build the site from Content/ into Output/", positional: nil,
            options: siteOptions + [
                .value("--output", "DIR", "where the site is written (default: Output)"),
                .value("--base-url", "URL", "the site's address, for absolute links"),
                .flag("--no-cache", "render every page, ignoring what the last build kept"),
                .flag("--verbose", "print how long each stage took"),
                .flag("--quiet", quietHelp),
            ]),
        CommandSpec(
            name: "render", summary: "render data files into one page, no Content/ needed", positional: "DATAFILE...",
            options: [.value("--page", "PAGE.md", "take the settings (and prose) from a page's front matter; options win")]
                + Setting.forPages.compactMap(Option.setting)
                + [
                    .value("--format", "html,md,json", "the outputs to write (default: html,md,json,csv,ndjson)"),
                    .flag("--single-file", "one HTML file with its style, script and search inside, to open by double-click"),
                    .value("--output", "DIR", "where the files go (default: Output)"),
                    .value("--name", "NAME", "what the files are called: NAME.html, NAME.md, … (default: the data file's name; report for several)"),
                    .value("--annotations", "github", "print failing tests that name a file as CI annotations"),
                    .value("--history", "FILE", "keep each run's counts and failures in FILE (NDJSON): the trend, and flaky tests"),
                    .value("--history-limit", "N", "the runs the history keeps (default: 30)"),
                    .value("--label-by", "file|folder", "label each test with its results file or folder, so shards stay apart"),
                    .value("--repeats", "runs|attempts", "a test name repeated in one file is another run (default) or a retry, where the file does not say"),
                    .value("--rerun", "FILE,...", "results of a job that retried failed tests: each is an attempt of the test it retried"),
                    .value("--baseline", "FILE", "compare with an earlier report's JSON: new failures, still failing, fixed, added, removed"),
                    .value("--fail-on", "failures,empty", "exit 1 when any test failed (new-failures: only new ones), or none ran; the report is still written"),
                    .value("--min-tests", "N", "exit 1 when fewer than N tests ran (skipped ones did not)"),
                    .flag("--quiet", quietHelp + " (and the annotations --annotations asks for)"),
                ]),
        CommandSpec(name: "check", summary: "validate everything, write nothing", positional: nil, options: siteOptions),
        CommandSpec(
            name: "serve", summary: "build, serve Output/ on loopback, rebuild and reload on change", positional: nil,
            options: siteOptions + [
                .value("--output", "DIR", "where the site is written (default: Output)"),
                .value("--port", "N", "the port (default: 8000; 0: any free one)"),
                .value("--host", "ADDRESS", "the address to listen on (default: 127.0.0.1, this machine only)"),
                .flag("--open", "open the site in a browser"),
                .flag("--poll", "watch by polling rather than inotify"),
            ]),
        CommandSpec(
            name: "init", summary: "start a new site with one example page", positional: "[DIR]",
            options: [.flag("--force", "write the starter files into a folder that is not empty")]),
        CommandSpec(
            name: "add", summary: "add a record to a data file, in place and atomically", positional: "[DATAFILE] FIELD=VALUE...",
            options: editOptions + [
                .value("--section", "S", "the section of a pre-grouped file the record goes in"),
                .flag("--string", "every value is text, whatever it looks like"),
                .flag("--new-field", "allow fields the other records lack"),
            ]),
        CommandSpec(
            name: "remove", summary: "remove records from a data file, in place and atomically", positional: "[DATAFILE] [FIELD=VALUE...]",
            options: editOptions + [
                .value("--where", "FIELD=VALUE", "the records to remove: every condition must hold (repeat for more)"),
                .flag("--all", "remove every matching record, not just one"),
                .flag("--force", "remove even where comments would go with the record"),
            ]),
        CommandSpec(name: "help", summary: "print a command's usage and options", positional: "[COMMAND]", options: []),
        CommandSpec(name: "completions", summary: "print the completions for a shell: bash, zsh or fish", positional: "SHELL", options: []),
        CommandSpec(name: "man", summary: "print the manual page (roff, for man)", positional: nil, options: []),
    ]

    /// The command nearest a mistyped one (`buidl` → `build`).
    static func suggestion(for name: String) -> String? {
        Suggestion.closest(to: name, in: commands.map(\.name))
    }

    public static func spec(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// Parses arguments (without the program name). No command means `build`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var arguments = arguments[...]
        var commandName = "build"
        if let first = arguments.first, !first.hasPrefix("-") {
            commandName = first
            arguments = arguments.dropFirst()
        }
        guard let spec = spec(named: commandName) else {
            throw UsageError.unknownCommand(commandName, suggestion: suggestion(for: commandName))
        }
        var parsed = Parsed(command: commandName)
        while let argument = arguments.popFirst() {
            if argument == "--" {
                parsed.positional += arguments
                break
            }
            guard argument.hasPrefix("-") && argument != "-" else {
                parsed.positional.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let known = spec.options.map(\.name) + ["--help", "--version"]
                throw UsageError.unknownOption(name, command: commandName, suggestion: Suggestion.closest(to: name, in: known))
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw UsageError.unexpectedValue(option: name) }
                parsed.flags.insert(name)
            } else if let implied = option.impliedValue, inlineValue == nil {
                let next = arguments.first.flatMap { option.words.contains($0) ? $0 : nil }
                if next != nil { arguments = arguments.dropFirst() }
                parsed.values[name] = next ?? implied
                parsed.repeated[name, default: []].append(next ?? implied)
            } else {
                guard let value = inlineValue ?? arguments.popFirst(), !value.isEmpty else {
                    throw UsageError.missingValue(option: name, valueName: option.valueName ?? "VALUE")
                }
                parsed.values[name] = value
                parsed.repeated[name, default: []].append(value)
            }
        }
        if spec.positional == nil, let extra = parsed.positional.first {
            throw UsageError.unexpectedArgument(extra, command: commandName)
        }
        // `NAME...` takes one or more; `NAME` exactly one; `[NAME]` one or none; `[A] [B...]` any.
        if let positional = spec.positional {
            let isOptional = positional.hasPrefix("[")
            let isMany = positional.hasSuffix("...") || positional.hasSuffix("...]")
            let name = positional.hasSuffix("...") ? String(positional.dropLast(3)) : positional
            if parsed.positional.isEmpty && !isOptional { throw UsageError.missingArgument(name, command: commandName) }
            if parsed.positional.count > 1 && !isMany { throw UsageError.tooManyArguments(name, command: commandName) }
        }
        return parsed
    }
}
