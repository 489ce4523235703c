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
        let invocation: Invocation
        do {
            invocation = try Invocation.read(arguments)
        } catch {
            output.error("almanac: error: \(error.message)\n  hint: \(error.hint)")
            return ExitStatus(for: error)
        }
        let printer = DiagnosticPrinter(usesColor: output.usesColor)
        do {
            return try execute(invocation, output: output, printer: printer)
        } catch {
            for diagnostic in error.diagnostics { output.error(printer.format(diagnostic)) }
            return ExitStatus(for: error)
        }
    }

    private func execute(_ invocation: Invocation, output: Output, printer: DiagnosticPrinter) throws(DiagnosticList) -> ExitStatus {
        switch invocation {
        case .help(let command):
            output.standard(command.map(CommandHelp.usage) ?? CommandHelp.overview)
        case .completions(let shell):
            output.standard(ShellCompletions.script(for: shell) ?? "")
        case .manual:
            output.standard(CommandHelp.manual(version: Self.version))
        case .version:
            output.standard("almanac \(Self.version)")
        case .build(var options, let isCheck, let verbosity):
            let started = Date()
            let progress = !isCheck && verbosity != .quiet ? showsProgress() : nil
            if let progress { options.progress = { @Sendable update in progress.update(update) } }
            if verbosity != .quiet {
                let errors = SerializedLines(output.error)
                options.waitsForAnotherBuild = { errors.write(SiteBuilder.waitingMessage) }
            }
            let builder = SiteBuilder(options: options, fileSystem: fileSystem)
            defer { progress?.finish() }
            let report = isCheck ? try builder.check() : try builder.build()
            progress?.finish()
            for warning in report.warnings { output.error(printer.format(warning)) }
            if verbosity != .quiet {
                let summary = BuildSummary(report: report, isBuild: !isCheck, outputPath: options.outputPath, seconds: Date().timeIntervalSince(started))
                output.standard(summary.line)
                if verbosity == .verbose { summary.stages.forEach(output.standard) }
            }
        case .render(let options, let gate, let verbosity):
            let rendered = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
            for warning in rendered.warnings { output.error(printer.format(warning)) }
            // Workflow commands are read from standard output, so they go there, quiet or not.
            rendered.annotations.forEach(output.standard)
            if verbosity != .quiet {
                output.standard("Wrote " + rendered.written.map { Path.join(options.outputPath, $0) }.joined(separator: ", "))
            }
            let reasons = gate.reasons(rendered.counts)
            if !reasons.isEmpty {
                output.error("almanac: " + reasons.joined(separator: "; ") + "; the report was written")
                return .failure
            }
        case .serve(let options):
            let log = SerializedLines(output.standard)
            let server = DevServer(options: options, log: { log.write($0) }, describe: { printer.format($0) })
            try Self.listing { () throws(Diagnostic) in try server.run() }
        case .start(let folder, let isForced):
            let starter = SiteStarter(folder: folder, isForced: isForced, fileSystem: fileSystem)
            let written = try Self.listing { () throws(Diagnostic) in try starter.run() }
            output.standard("Started a site in \(folder == "." ? "this folder" : folder): \(written.joined(separator: ", "))")
            output.standard(folder == "." ? "Next: almanac serve" : "Next: cd \(folder) && almanac serve")
        case .edit(let request, let change, let verbosity):
            try Self.listing { () throws(Diagnostic) in try edit(request, change: change, quiet: verbosity == .quiet, output: output, printer: printer) }
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
