import Almanac
import AlmanacCore
import Foundation

/// A long build's progress as one line that updates in place: pages, rows, the share written. Only on a
/// terminal and never under CI (`CI=true`), where a log should hold results, not a spinner;
/// only after half a second, so a quick build prints its summary alone; at most ten times a
/// second; and cleared before the summary.
final class ProgressLine: Sendable {
    private struct State {
        var started = Date()
        var lastShown: Date?
    }

    private let state = Locked(State())
    private let write: @Sendable (String) -> Void

    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// A line for a build when standard output is a terminal and this is not a CI job.
    static func forTerminal(environment: [String: String] = ProcessInfo.processInfo.environment) -> ProgressLine? {
        guard isatty(STDOUT_FILENO) != 0, environment["CI"] != "true", environment["TERM"] != "dumb" else { return nil }
        return ProgressLine { text in FileHandle.standardOutput.write(Data(text.utf8)) }
    }

    func update(_ progress: BuildProgress) {
        let now = Date()
        let shouldShow = state.withLock { state -> Bool in
            guard now.timeIntervalSince(state.started) >= 0.5 else { return false }
            if let last = state.lastShown, now.timeIntervalSince(last) < 0.1 { return false }
            state.lastShown = now
            return true
        }
        guard shouldShow else { return }
        write("\r\u{1B}[K" + Self.text(progress))
    }

    /// Clears the line, if it was shown, before the summary is printed.
    func finish() {
        let wasShown = state.withLock { state -> Bool in
            defer { state.lastShown = nil }
            return state.lastShown != nil
        }
        if wasShown { write("\r\u{1B}[K") }
    }

    /// How far the build is as a share of its work, not as a count of files: one part of a
    /// page (its search data, its filter files) writes many files, known only once written,
    /// and a count here would disagree with the summary's.
    static func text(_ progress: BuildProgress) -> String {
        let percent = progress.files == 0 ? 100 : progress.filesDone * 100 / progress.files
        return "Building \(progress.pages.grouped) page\(progress.pages == 1 ? "" : "s"), \(progress.rows.grouped) row\(progress.rows == 1 ? "" : "s"): "
            + "\(percent)% written"
    }
}
