import Almanac
import AlmanacCore
import AlmanacRender
import AlmanacServe
import Foundation

/// argv in, exit status out: the whole command-line tool, callable from tests with captured
/// output. Only this module sees arguments, the environment and the terminal.
public struct AlmanacCommand {
    public static let version = "0.1.0"

    /// Where text goes; tests capture it, `main` writes to the real streams.
    public struct Output {
        public var standard: (String) -> Void
        public var error: (String) -> Void
        public var usesColor: Bool

        public init(standard: @escaping (String) -> Void, error: @escaping (String) -> Void, usesColor: Bool = false) {
            self.standard = standard
            self.error = error
            self.usesColor = usesColor
        }

        public static var terminal: Output {
            let colour = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            return Output(
                standard: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
                error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
                usesColor: colour)
        }
    }

    public let fileSystem: any FileSystem
    /// The progress line a long build shows (nil: none); tests leave it off.
    let showsProgress: () -> ProgressLine?

    public init(fileSystem: any FileSystem = DiskFileSystem()) {
        self.fileSystem = fileSystem
        self.showsProgress = { nil }
    }

    /// The tool as a person runs it: with a progress line on a terminal.
    public static func onTerminal() -> AlmanacCommand {
        AlmanacCommand(fileSystem: DiskFileSystem(), showsProgress: { ProgressLine.forTerminal() })
    }

    init(fileSystem: any FileSystem, showsProgress: @escaping () -> ProgressLine?) {
        self.fileSystem = fileSystem
        self.showsProgress = showsProgress
    }

    public func run(_ arguments: [String], output: Output) -> ExitStatus {
        if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
            // `almanac biuld --help` is a typo to point out, not a request for help.
            if let first = arguments.first, !first.hasPrefix("-"), first != "help", CommandLineParser.spec(named: first) == nil {
                output.error("almanac: error: \(CommandLineParser.unknownCommand(first))\n  hint: run 'almanac --help' for usage")
                return .usage
            }
            output.standard(CommandLineParser.help)
            return .success
        }
        if arguments == ["--version"] || arguments == ["version"] {
            output.standard("almanac \(Self.version)")
            return .success
        }
        let parsed: CommandLineParser.Parsed
        do {
            parsed = try CommandLineParser.parse(arguments)
        } catch {
            output.error("almanac: error: \(error.message)\n  hint: run 'almanac --help' for usage")
            return .usage
        }
        let printer = DiagnosticPrinter(usesColor: output.usesColor)
        let started = Date()
        do {
            switch parsed.command {
            case "build", "check":
                var options = BuildOptions()
                if let content = parsed.values["--content"] { options.contentPath = content }
                options.templatesPath = parsed.values["--templates"]
                if let outputPath = parsed.values["--output"] { options.outputPath = outputPath }
                options.baseURL = parsed.values["--base-url"]
                options.locale = parsed.values["--locale"]
                options.isStrict = parsed.flags.contains("--strict")
                options.usesCache = !parsed.flags.contains("--no-cache")
                let isBuild = parsed.command == "build"
                let progress = isBuild && !parsed.flags.contains("--quiet") ? showsProgress() : nil
                if let progress { options.progress = { @Sendable update in progress.update(update) } }
                let builder = SiteBuilder(options: options, fileSystem: fileSystem)
                defer { progress?.finish() }
                let report = isBuild ? try builder.build() : try builder.check()
                progress?.finish()
                for warning in report.warnings { output.error(printer.format(warning)) }
                if !parsed.flags.contains("--quiet") {
                    let summary = BuildSummary(report: report, isBuild: isBuild, outputPath: options.outputPath, seconds: Date().timeIntervalSince(started))
                    output.standard(summary.line)
                    if parsed.flags.contains("--verbose") { summary.stages.forEach(output.standard) }
                }
            case "render":
                var options = SinglePageRenderer.Options(dataPaths: parsed.positional)
                options.pagePath = parsed.values["--page"]
                // Every other page setting goes by its front matter key.
                for key in ["fields", "search", "index", "style", "header", "footer", "image", "accessory", "markdown", "split", "max_bytes", "full_report"] {
                    if let value = parsed.values["--" + key.replacingOccurrences(of: "_", with: "-")] { options.settings[key] = value }
                }
                for key in ["detail", "collapsible"] where parsed.flags.contains("--" + key) { options.settings[key] = "true" }
                options.isSingleFile = parsed.flags.contains("--single-file")
                options.title = parsed.values["--title"]
                options.label = parsed.values["--label"]
                options.grouping = parsed.values["--group-by"]
                options.sort = parsed.values["--sort"]
                if let outputPath = parsed.values["--output"] { options.outputPath = outputPath }
                if let locale = parsed.values["--locale"] { options.locale = locale }
                if let formats = parsed.values["--format"] {
                    var chosen: [OutputFormat] = []
                    for name in formats.split(separator: ",") {
                        guard let format = OutputFormat.named(String(name)) else {
                            let known = OutputFormat.all.map(\.name).joined(separator: ", ")
                            output.error("almanac: error: unknown format '\(name)'\n  hint: choose from \(known)")
                            return .usage
                        }
                        if !chosen.contains(format) { chosen.append(format) }
                    }
                    options.formats = chosen
                }
                if let style = parsed.values["--annotations"] {
                    guard let chosen = SinglePageRenderer.AnnotationStyle(rawValue: style) else {
                        output.error("almanac: error: unknown annotation style '\(style)'\n  hint: use github")
                        return .usage
                    }
                    options.annotations = chosen
                }
                if let condition = parsed.values["--fail-on"], condition != "failures" {
                    output.error("almanac: error: unknown --fail-on condition '\(condition)'\n  hint: use failures")
                    return .usage
                }
                let rendered = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
                for warning in rendered.warnings { output.error(printer.format(warning)) }
                // Workflow commands are read from standard output, so they go there, quiet or not.
                rendered.annotations.forEach(output.standard)
                if !parsed.flags.contains("--quiet") {
                    output.standard("Wrote " + rendered.written.map { Path.join(options.outputPath, $0) }.joined(separator: ", "))
                }
                if parsed.values["--fail-on"] != nil && rendered.failingTests > 0 {
                    output.error("almanac: \(rendered.failingTests) test\(rendered.failingTests == 1 ? "" : "s") failed; the report was written")
                    return .failure
                }
            case "serve":
                var options = DevServer.Options()
                if let content = parsed.values["--content"] { options.build.contentPath = content }
                options.build.templatesPath = parsed.values["--templates"]
                if let outputPath = parsed.values["--output"] { options.build.outputPath = outputPath }
                options.build.locale = parsed.values["--locale"]
                options.build.isStrict = parsed.flags.contains("--strict")
                if let host = parsed.values["--host"] { options.host = host }
                if let port = parsed.values["--port"] {
                    guard let number = UInt16(port) else {
                        output.error("almanac: error: --port \(port) is not a port number (0–65535)")
                        return .usage
                    }
                    options.port = number
                }
                options.opensBrowser = parsed.flags.contains("--open")
                options.polls = parsed.flags.contains("--poll")
                let log = SerializedLines(output.standard)
                let server = DevServer(options: options, log: { log.write($0) }, describe: { printer.format($0) })
                try Self.listing { () throws(Diagnostic) in try server.run() }
            case "init":
                let folder = parsed.positional.first ?? "."
                let starter = SiteStarter(folder: folder, isForced: parsed.flags.contains("--force"), fileSystem: fileSystem)
                let written = try Self.listing { () throws(Diagnostic) in try starter.run() }
                output.standard("Started a site in \(folder == "." ? "this folder" : folder): \(written.joined(separator: ", "))")
                output.standard(folder == "." ? "Next: almanac serve" : "Next: cd \(folder) && almanac serve")
            case "add", "remove":
                return try runEdit(parsed, output: output)
            default:
                return .usage
            }
        } catch {
            for diagnostic in error.diagnostics { output.error(printer.format(diagnostic)) }
            return .failure
        }
        return .success
    }

    /// A command's one error as the list every command reports.
    static func listing<T>(_ body: () throws(Diagnostic) -> T) throws(DiagnosticList) -> T {
        do {
            return try body()
        } catch {
            throw DiagnosticList([error])
        }
    }
}

/// Lines from many threads (the server's, the watcher's, the builds'), written one at a time.
final class SerializedLines: @unchecked Sendable {
    private let lock = NSLock()
    private let sink: (String) -> Void

    init(_ sink: @escaping (String) -> Void) {
        self.sink = sink
    }

    func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        sink(line)
    }
}
