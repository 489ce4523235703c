import Almanac
import AlmanacCore
import AlmanacModel
import AlmanacReports
import AlmanacRender
import AlmanacServe

/// A command line read into what it asks for, each command with its options typed: paths,
/// flags, formats and ports checked here, once, so running a command never looks an option up
/// by its spelling. Mistakes are `UsageError`s, which exit 2.
enum Invocation {
    /// The commands (nil), or one command's usage and options.
    case help(CommandLineParser.CommandSpec?)
    case version
    case completions(shell: String)
    case manual
    /// `build` and `check` share their options.
    case build(BuildOptions, isCheck: Bool, output: Verbosity)
    case render(SinglePageRenderer.Options, gate: TestGate, output: Verbosity)
    case serve(DevServer.Options)
    case start(folder: String, isForced: Bool)
    case edit(RecordEditor.Request, change: Change, output: Verbosity)

    enum Verbosity { case normal, quiet, verbose }

    enum Change {
        case add([(name: String, value: String)])
        case remove(where: [(name: String, value: String)])
    }

    static func read(_ arguments: [String]) throws(CommandLineParser.UsageError) -> Invocation {
        if arguments.first == "help" {
            let named = arguments.dropFirst().filter { $0 != "--help" && $0 != "-h" }
            guard let name = named.first else { return .help(nil) }
            guard named.count == 1 else { throw .tooManyArguments("COMMAND", command: "help") }
            return .help(try command(named: name))
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            // `almanac biuld --help` is a typo to point out, not a request for help.
            if let first = arguments.first, !first.hasPrefix("-") { return .help(try command(named: first)) }
            return .help(nil)
        }
        if arguments == ["--version"] || arguments == ["version"] { return .version }
        return try read(CommandLineParser.parse(arguments))
    }

    private static func command(named name: String) throws(CommandLineParser.UsageError) -> CommandLineParser.CommandSpec {
        guard let spec = CommandLineParser.spec(named: name) else {
            throw .unknownCommand(name, suggestion: CommandLineParser.suggestion(for: name))
        }
        return spec
    }

    static func read(_ parsed: CommandLineParser.Parsed) throws(CommandLineParser.UsageError) -> Invocation {
        let options = Options(parsed)
        switch parsed.command {
        case "build", "check":
            var build = options.site()
            build.outputPath = options.value("--output") ?? build.outputPath
            build.baseURL = options.value("--base-url")
            build.usesCache = !options.flag("--no-cache")
            return .build(build, isCheck: parsed.command == "check", output: options.verbosity)
        case "render":
            return try render(options, positional: parsed.positional)
        case "serve":
            var serve = DevServer.Options()
            serve.build = options.site()
            serve.build.outputPath = options.value("--output") ?? serve.build.outputPath
            serve.host = options.value("--host") ?? serve.host
            if let port = options.value("--port") {
                guard let number = UInt16(port) else { throw .invalidValue(option: "--port", value: port, expected: "a port number from 0 to 65535 (0: any free one)") }
                serve.port = number
            }
            serve.opensBrowser = options.flag("--open")
            serve.polls = options.flag("--poll")
            return .serve(serve)
        case "completions":
            let shell = parsed.positional[0]
            guard ShellCompletions.shells.contains(shell) else {
                throw .invalidValue(option: "completions", value: shell, expected: "a shell: " + ShellCompletions.shells.joined(separator: ", "))
            }
            return .completions(shell: shell)
        case "man":
            return .manual
        case "help":
            // Reached only through `parse` (`almanac help` is read above); kept total.
            return .help(nil)
        case "init":
            return .start(folder: parsed.positional.first ?? ".", isForced: options.flag("--force"))
        default:
            return try edit(options, command: parsed.command, positional: parsed.positional)
        }
    }

    private static func render(_ options: Options, positional: [String]) throws(CommandLineParser.UsageError) -> Invocation {
        var render = SinglePageRenderer.Options(dataPaths: positional)
        render.pagePath = options.value("--page")
        // Every page setting by its front matter key, from its option in the settings table.
        for setting in Setting.forPages {
            if let option = setting.option, let value = options.value(option) { render.settings[setting.key] = value }
        }
        render.isSingleFile = options.flag("--single-file")
        render.outputPath = options.value("--output") ?? render.outputPath
        if let name = options.value("--name") {
            // Taken as written or refused: a name changed on the way would leave a CI step
            // looking for a file that is not there.
            guard !name.isEmpty, Slug.make(name, fallback: "") == name else {
                throw .invalidValue(
                    option: "--name", value: name,
                    expected: "a name of lower-case letters, digits and hyphens, without an extension, e.g. report (here: \(Slug.make(name, fallback: "report")))")
            }
            render.name = name
        }
        if let formats = options.value("--format") {
            var chosen: [OutputFormat] = []
            for name in formats.split(separator: ",") {
                guard let format = OutputFormat.named(String(name)) else {
                    throw .invalidValue(option: "--format", value: String(name), expected: "choose from " + OutputFormat.all.map(\.name).joined(separator: ", "))
                }
                if !chosen.contains(format) { chosen.append(format) }
            }
            render.formats = chosen
        }
        try readReportOptions(options, into: &render)
        let gate = try testGate(options, hasBaseline: render.baselinePath != nil)
        return .render(render, gate: gate, output: options.verbosity)
    }

    /// What `render` of test results takes besides a page's settings.
    private static func readReportOptions(_ options: Options, into render: inout SinglePageRenderer.Options) throws(CommandLineParser.UsageError) {
        render.annotations = try choice(options, "--annotations", expected: "use github")
        render.baselinePath = options.value("--baseline")
        render.historyPath = options.value("--history")
        if let text = options.value("--history-limit") {
            guard let limit = Int(text), limit >= 1 else {
                throw .invalidValue(option: "--history-limit", value: text, expected: "a number of runs, 1 or more")
            }
            render.historyLimit = limit
        }
        render.labelBy = try choice(options, "--label-by", expected: "use file or folder")
        render.repeats = try choice(options, "--repeats", expected: "use runs or attempts") ?? render.repeats
        if let reruns = options.value("--rerun") {
            render.rerunPaths = reruns.split(separator: ",").map(String.init)
        }
    }

    /// `--fail-on` and `--min-tests`: when the report's exit status says the run failed.
    private static func testGate(_ options: Options, hasBaseline: Bool) throws(CommandLineParser.UsageError) -> TestGate {
        var gate = TestGate()
        for word in options.value("--fail-on")?.split(separator: ",", omittingEmptySubsequences: false) ?? [] {
            guard let condition = TestGate.Condition(rawValue: String(word)) else {
                let words = TestGate.Condition.allCases.map(\.rawValue)
                throw .invalidValue(option: "--fail-on", value: String(word), expected: "use " + words.joined(separator: ", ") + ", or several with commas")
            }
            gate.conditions.insert(condition)
        }
        if gate.conditions.contains(.newFailures) && !hasBaseline {
            throw .invalidValue(option: "--fail-on", value: "new-failures", expected: "give --baseline FILE too: new is new since a baseline")
        }
        if let text = options.value("--min-tests") {
            guard let count = Int(text), count >= 1 else {
                throw .invalidValue(option: "--min-tests", value: text, expected: "a number of tests, 1 or more")
            }
            gate.minimumTests = count
        }
        return gate
    }

    /// The value of `option` as one of a fixed set of words, nil when not given.
    private static func choice<Choice: RawRepresentable>(
        _ options: Options, _ option: String, expected: String
    ) throws(CommandLineParser.UsageError) -> Choice? where Choice.RawValue == String {
        guard let word = options.value(option) else { return nil }
        guard let chosen = Choice(rawValue: word) else { throw .invalidValue(option: option, value: word, expected: expected) }
        return chosen
    }

    private static func edit(_ options: Options, command: String, positional: [String]) throws(CommandLineParser.UsageError) -> Invocation {
        var request = RecordEditor.Request()
        request.pagePath = options.value("--page")
        request.contentPath = options.value("--content") ?? request.contentPath
        request.columns = options.value("--columns").map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
        request.edit.section = options.value("--section")
        request.edit.valuesAreText = options.flag("--string")
        request.edit.allowsNewFields = options.flag("--new-field")
        request.edit.isDryRun = options.flag("--dry-run")
        request.edit.removesAll = options.flag("--all")
        request.edit.isForced = options.flag("--force")
        request.isStrict = options.flag("--strict")
        // The data file is the argument that is not FIELD=VALUE.
        var pairs: [(name: String, value: String)] = []
        for argument in positional {
            if let pair = Self.pair(argument) {
                pairs.append(pair)
            } else if request.dataPath == nil {
                request.dataPath = argument
            } else {
                throw .unexpectedArgument(argument, command: command)
            }
        }
        if command == "add" {
            guard !pairs.isEmpty else { throw .missingArgument("FIELD=VALUE", command: command) }
            return .edit(request, change: .add(pairs), output: options.verbosity)
        }
        var conditions: [(name: String, value: String)] = []
        for text in options.values("--where") {
            guard let pair = Self.pair(text) else { throw .invalidValue(option: "--where", value: text, expected: "write the condition as field=value") }
            conditions.append(pair)
        }
        conditions += pairs
        guard !conditions.isEmpty else { throw .missingArgument("--where FIELD=VALUE", command: command) }
        return .edit(request, change: .remove(where: conditions), output: options.verbosity)
    }

    /// `name=Ohio` → (name, Ohio).
    static func pair(_ text: String) -> (name: String, value: String)? {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    /// The parsed options of one command, read by name only here.
    struct Options {
        let parsed: CommandLineParser.Parsed

        init(_ parsed: CommandLineParser.Parsed) {
            self.parsed = parsed
        }

        func value(_ name: String) -> String? { parsed.values[name] }
        func values(_ name: String) -> [String] { parsed.repeated[name] ?? [] }
        func flag(_ name: String) -> Bool { parsed.flags.contains(name) }

        var verbosity: Verbosity { flag("--quiet") ? .quiet : flag("--verbose") ? .verbose : .normal }

        /// The options every command that builds the site takes.
        func site() -> BuildOptions {
            var options = BuildOptions()
            options.contentPath = value("--content") ?? options.contentPath
            options.templatesPath = value("--templates")
            options.locale = value("--locale")
            options.isStrict = flag("--strict")
            return options
        }
    }
}

extension ExitStatus {
    /// Every failure's exit status, in one place: a wrong command line exits 2, bad input or
    /// a failed build 1.
    init(for error: any Error) {
        self = error is CommandLineParser.UsageError ? .usage : .failure
    }
}
